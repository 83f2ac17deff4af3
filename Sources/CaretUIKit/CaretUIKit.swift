// SPDX-License-Identifier: Apache-2.0
// UIKit's names for Caret's types, for code ported as written: `import CaretUIKit` in place of
// `import UIKit` brings Caret and these names, so `class ViewController: UIViewController`
// keeps its names (with `import Caret` alone the app's `ViewController` would be its own
// superclass). Caret's own API keeps UIKit's names without the prefix (docs/behaviour/porting.md).
@_exported import Caret
@_exported import CaretSDL

/// UIKit's `UIView`: a view (`View`).
public typealias UIView = Caret.View
/// UIKit's `UIViewController`: a view controller (`ViewController`).
public typealias UIViewController = Caret.ViewController
/// UIKit's `UIWindow`: a window (`Window`).
public typealias UIWindow = Caret.Window
/// UIKit's `UIResponder`: a responder (`Responder`).
public typealias UIResponder = Caret.Responder
/// UIKit's `UILabel`: a label (`Label`).
public typealias UILabel = Caret.Label
/// UIKit's `UIButton`: a button (`Button`).
public typealias UIButton = Caret.Button
/// UIKit's `UITextField`: a text field (`TextField`).
public typealias UITextField = Caret.TextField
/// UIKit's `UITextView`: a text view (`TextView`).
public typealias UITextView = Caret.TextView
/// UIKit's `UIControl`: a control (`Control`).
public typealias UIControl = Caret.Control
/// UIKit's `UIColor`: a colour (`Color`).
public typealias UIColor = Caret.Color
/// UIKit's `UIFont`: a font (`Font`).
public typealias UIFont = Caret.Font
/// UIKit's `UIFontMetrics`: scaled font metrics (`FontMetrics`).
public typealias UIFontMetrics = Caret.FontMetrics
/// UIKit's `UIImage`: an image (`Image`).
public typealias UIImage = Caret.Image
/// UIKit's `UIImageView`: an image view (`ImageView`).
public typealias UIImageView = Caret.ImageView
/// UIKit's `UIScrollView`: a scroll view (`ScrollView`).
public typealias UIScrollView = Caret.ScrollView
/// UIKit's `UIScrollViewDelegate`: a scroll view's delegate (`ScrollViewDelegate`).
public typealias UIScrollViewDelegate = Caret.ScrollViewDelegate
/// UIKit's `UIStackView`: a stack view (`StackView`).
public typealias UIStackView = Caret.StackView
/// UIKit's `UITableView`: a table view (`TableView`).
public typealias UITableView = Caret.TableView
/// UIKit's `UITableViewCell`: a table view cell (`TableViewCell`).
public typealias UITableViewCell = Caret.TableViewCell
/// UIKit's `UITableViewController`: a table view controller (`TableViewController`).
public typealias UITableViewController = Caret.TableViewController
/// UIKit's `UITableViewDataSource`: a table view's data source (`TableViewDataSource`).
public typealias UITableViewDataSource = Caret.TableViewDataSource
/// UIKit's `UITableViewDelegate`: a table view's delegate (`TableViewDelegate`).
public typealias UITableViewDelegate = Caret.TableViewDelegate
/// UIKit's `UITableViewHeaderFooterView`: a table's section header or footer (`TableViewHeaderFooterView`).
public typealias UITableViewHeaderFooterView = Caret.TableViewHeaderFooterView
/// UIKit's `UITableViewRowAction`: a swiped row's action, the older form (`TableViewRowAction`).
public typealias UITableViewRowAction = Caret.TableViewRowAction
/// UIKit's `UIContextualAction`: a swiped row's action (`ContextualAction`).
public typealias UIContextualAction = Caret.ContextualAction
/// UIKit's `UISwipeActionsConfiguration`: a swiped row's actions (`SwipeActionsConfiguration`).
public typealias UISwipeActionsConfiguration = Caret.SwipeActionsConfiguration
/// UIKit's `UINavigationController`: a navigation controller (`NavigationController`).
public typealias UINavigationController = Caret.NavigationController
/// UIKit's `UINavigationBar`: a navigation bar (`NavigationBar`).
public typealias UINavigationBar = Caret.NavigationBar
/// UIKit's `UINavigationItem`: a navigation item (`NavigationItem`).
public typealias UINavigationItem = Caret.NavigationItem
/// UIKit's `UIToolbar`: a toolbar (`Toolbar`).
public typealias UIToolbar = Caret.Toolbar
/// UIKit's `UIBarButtonItem`: a bar button item (`BarButtonItem`).
public typealias UIBarButtonItem = Caret.BarButtonItem
/// UIKit's `UIAlertController`: an alert or action sheet (`AlertController`).
public typealias UIAlertController = Caret.AlertController
/// UIKit's `UIAlertAction`: an alert's action (`AlertAction`).
public typealias UIAlertAction = Caret.AlertAction
/// UIKit's `UIPickerView`: a picker view (`PickerView`).
public typealias UIPickerView = Caret.PickerView
/// UIKit's `UIPickerViewDataSource`: a picker view's data source (`PickerViewDataSource`).
public typealias UIPickerViewDataSource = Caret.PickerViewDataSource
/// UIKit's `UIPickerViewDelegate`: a picker view's delegate (`PickerViewDelegate`).
public typealias UIPickerViewDelegate = Caret.PickerViewDelegate
/// UIKit's `UIDatePicker`: a date picker (`DatePicker`).
public typealias UIDatePicker = Caret.DatePicker
/// UIKit's `UISwitch`: a switch (`Switch`).
public typealias UISwitch = Caret.Switch
/// UIKit's `UIAction`: an action (`Action`).
public typealias UIAction = Caret.Action
/// UIKit's `UIGestureRecognizer`: a gesture recognizer (`GestureRecognizer`).
public typealias UIGestureRecognizer = Caret.GestureRecognizer
/// UIKit's `UIGestureRecognizerDelegate`: a gesture recognizer's delegate (`GestureRecognizerDelegate`).
public typealias UIGestureRecognizerDelegate = Caret.GestureRecognizerDelegate
/// UIKit's `UITapGestureRecognizer`: a tap recognizer (`TapGestureRecognizer`).
public typealias UITapGestureRecognizer = Caret.TapGestureRecognizer
/// UIKit's `UILongPressGestureRecognizer`: a long-press recognizer (`LongPressGestureRecognizer`).
public typealias UILongPressGestureRecognizer = Caret.LongPressGestureRecognizer
/// UIKit's `UIPanGestureRecognizer`: a pan recognizer (`PanGestureRecognizer`).
public typealias UIPanGestureRecognizer = Caret.PanGestureRecognizer
/// UIKit's `UISwipeGestureRecognizer`: a swipe recognizer (`SwipeGestureRecognizer`).
public typealias UISwipeGestureRecognizer = Caret.SwipeGestureRecognizer
/// UIKit's `UIPinchGestureRecognizer`: a pinch recognizer (`PinchGestureRecognizer`).
public typealias UIPinchGestureRecognizer = Caret.PinchGestureRecognizer
/// UIKit's `UITouch`: a touch (`Touch`).
public typealias UITouch = Caret.Touch
/// UIKit's `UIPress`: a key press (`Press`).
public typealias UIPress = Caret.Press
/// UIKit's `UIEvent`: an event (`InputEvent`).
public typealias UIEvent = Caret.InputEvent
/// UIKit's `UIEdgeInsets`: edge insets (`EdgeInsets`).
public typealias UIEdgeInsets = Caret.EdgeInsets
/// UIKit's `UILayoutGuide`: a layout guide (`LayoutGuide`).
public typealias UILayoutGuide = Caret.LayoutGuide
/// UIKit's `UIKeyboardLayoutGuide`: the keyboard's layout guide (`KeyboardLayoutGuide`).
public typealias UIKeyboardLayoutGuide = Caret.KeyboardLayoutGuide
/// UIKit's `UITraitCollection`: a trait collection (`TraitCollection`).
public typealias UITraitCollection = Caret.TraitCollection
/// UIKit's `UITraitEnvironment`: what has traits (`TraitEnvironment`).
public typealias UITraitEnvironment = Caret.TraitEnvironment
/// UIKit's `UIUserInterfaceStyle`: light or dark (`UserInterfaceStyle`).
public typealias UIUserInterfaceStyle = Caret.UserInterfaceStyle
/// UIKit's `UIUserInterfaceSizeClass`: a size class (`UserInterfaceSizeClass`).
public typealias UIUserInterfaceSizeClass = Caret.UserInterfaceSizeClass
/// UIKit's `UIUserInterfaceLayoutDirection`: a layout direction (`UserInterfaceLayoutDirection`).
public typealias UIUserInterfaceLayoutDirection = Caret.UserInterfaceLayoutDirection
/// UIKit's `UIContentSizeCategory`: a text size (`ContentSizeCategory`).
public typealias UIContentSizeCategory = Caret.ContentSizeCategory
/// UIKit's `UIContentSizeCategoryAdjusting`: what follows the text size (`ContentSizeCategoryAdjusting`).
public typealias UIContentSizeCategoryAdjusting = Caret.ContentSizeCategoryAdjusting
/// UIKit's `UIScreen`: the screen (`Screen`).
public typealias UIScreen = Caret.Screen
/// UIKit's `UIScene`: a scene (`Scene`).
public typealias UIScene = Caret.Scene
/// UIKit's `UIWindowScene`: a window's scene (`WindowScene`).
public typealias UIWindowScene = Caret.WindowScene
/// UIKit's `UIAccessibility`: accessibility's notifications and settings (`Accessibility`).
public typealias UIAccessibility = Caret.Accessibility
/// UIKit's `UIAccessibilityTraits`: accessibility traits (`AccessibilityTraits`).
public typealias UIAccessibilityTraits = Caret.AccessibilityTraits
/// UIKit's `UIAccessibilityElement`: an accessibility element (`AccessibilityElement`).
public typealias UIAccessibilityElement = Caret.AccessibilityElement
/// UIKit's `UIAccessibilityCustomAction`: a custom accessibility action (`AccessibilityCustomAction`).
public typealias UIAccessibilityCustomAction = Caret.AccessibilityCustomAction
/// UIKit's `UIPopoverPresentationController`: where a popover points (`PopoverPresentationController`).
public typealias UIPopoverPresentationController = Caret.PopoverPresentationController
/// UIKit's `UIPopoverArrowDirection`: a popover's arrow directions (`PopoverArrowDirection`).
public typealias UIPopoverArrowDirection = Caret.PopoverArrowDirection
/// UIKit's `UIModalPresentationStyle`: a presentation style (`ModalPresentationStyle`).
public typealias UIModalPresentationStyle = Caret.ViewController.ModalPresentationStyle
/// UIKit's `UITextFieldDelegate`: a text field's delegate (`TextFieldDelegate`).
public typealias UITextFieldDelegate = Caret.TextFieldDelegate
/// UIKit's `UITextViewDelegate`: a text view's delegate (`TextViewDelegate`).
public typealias UITextViewDelegate = Caret.TextViewDelegate
/// UIKit's `UITextInputTraits`: text input traits (`TextInputTraits`).
public typealias UITextInputTraits = Caret.TextInputTraits
/// UIKit's `UIKeyboardType`: a keyboard type (`KeyboardType`).
public typealias UIKeyboardType = Caret.KeyboardType
/// UIKit's `UIReturnKeyType`: a return key type (`ReturnKeyType`).
public typealias UIReturnKeyType = Caret.ReturnKeyType
/// UIKit's `UITextAutocapitalizationType`: autocapitalisation (`TextAutocapitalizationType`).
public typealias UITextAutocapitalizationType = Caret.TextAutocapitalizationType
/// UIKit's `UITextAutocorrectionType`: autocorrection (`TextAutocorrectionType`).
public typealias UITextAutocorrectionType = Caret.TextAutocorrectionType
/// UIKit's `UITextSpellCheckingType`: spell checking (`TextSpellCheckingType`).
public typealias UITextSpellCheckingType = Caret.TextSpellCheckingType
/// UIKit's `UITextContentType`: a text content type (`TextContentType`).
public typealias UITextContentType = Caret.TextContentType
/// UIKit's `UITextSmartQuotesType`: smart quotes (`TextSmartQuotesType`).
public typealias UITextSmartQuotesType = Caret.TextSmartQuotesType
/// UIKit's `UITextSmartDashesType`: smart dashes (`TextSmartDashesType`).
public typealias UITextSmartDashesType = Caret.TextSmartDashesType
/// UIKit's `UITextSmartInsertDeleteType`: smart insert and delete (`TextSmartInsertDeleteType`).
public typealias UITextSmartInsertDeleteType = Caret.TextSmartInsertDeleteType
/// UIKit's `UITextPosition`: a text position (`TextPosition`).
public typealias UITextPosition = Caret.TextPosition
/// UIKit's `UITextRange`: a text range (`TextRange`).
public typealias UITextRange = Caret.TextRange
/// UIKit's `UITextGranularity`: a text granularity (`TextGranularity`).
public typealias UITextGranularity = Caret.TextGranularity
/// UIKit's `UILayoutPriority`: a layout priority (`LayoutPriority`).
public typealias UILayoutPriority = Caret.LayoutPriority
/// UIKit's `UISemanticContentAttribute`: a semantic content attribute (`SemanticContentAttribute`).
public typealias UISemanticContentAttribute = Caret.SemanticContentAttribute
/// UIKit's `UIKeyModifierFlags`: modifier keys (`KeyModifierFlags`).
public typealias UIKeyModifierFlags = Caret.KeyModifierFlags
/// UIKit's `UIKeyboardHIDUsage`: a key's usage code (`KeyboardHIDUsage`).
public typealias UIKeyboardHIDUsage = Caret.KeyboardHIDUsage
/// UIKit's `UIKey`: a hardware key (`Key`).
public typealias UIKey = Caret.Key
/// UIKit's `UIDataDetectorTypes`: data detector types (`DataDetectorTypes`).
public typealias UIDataDetectorTypes = Caret.DataDetectorTypes
/// UIKit's `UIBezierPath`: a rectangle, rounded rectangle or circle path (`BezierPath`).
public typealias UIBezierPath = Caret.BezierPath
/// UIKit's `UIApplication`: the application (`Application`).
public typealias UIApplication = CaretSDL.Application
