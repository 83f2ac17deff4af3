// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Manages editing and validation of a text field (UIKit's `UITextFieldDelegate`). Every method
/// is optional: the defaults below are UIKit's behaviour when a method is not implemented.
@preconcurrency @MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Asked before editing begins; `false` keeps the field from becoming first responder.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Editing began.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Asked before editing ends; `false` keeps the field first responder (unless the end is forced).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// Editing ended, committed or cancelled.
    func textFieldDidEndEditing(_ textField: TextField, reason: TextField.DidEndEditingReason)
    /// Editing ended (the older form; the default of the `reason:` form calls it).
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before the user changes the text in a range (UTF-16, as `NSRange` counts).
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// Asked before the user changes the text in several ranges; the default asks the single-range form.
    func textField(_ textField: TextField, shouldChangeCharactersInRanges ranges: [NSRange], replacementString string: String)
        -> Bool
    /// Asked before the clear button (or `clearsOnBeginEditing`) empties the field.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Asked when Return is pressed.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The selection moved.
    func textFieldDidChangeSelection(_ textField: TextField)
    /// The edit menu for a range; nil shows the suggested one.
    func textField(_ textField: TextField, editMenuForCharactersIn range: NSRange, suggestedActions: [EditMenuAction])
        -> [EditMenuAction]?
    /// The edit menu for several ranges; the default asks the single-range form.
    func textField(_ textField: TextField, editMenuForCharactersInRanges ranges: [NSRange], suggestedActions: [EditMenuAction])
        -> [EditMenuAction]?
    /// The edit menu is about to show.
    func textField(_ textField: TextField, willPresentEditMenuWith menu: EditMenuView)
    /// The edit menu is about to go away.
    func textField(_ textField: TextField, willDismissEditMenuWith menu: EditMenuView)
    /// A suggestion was picked; the default inserts its text through the normal change path.
    func textField(_ textField: TextField, insertInputSuggestion inputSuggestion: InputSuggestion)
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField, reason: TextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        true
    }
    public func textField(
        _ textField: TextField, shouldChangeCharactersInRanges ranges: [NSRange], replacementString string: String
    )
        -> Bool
    {
        self.textField(
            textField, shouldChangeCharactersIn: ranges.first ?? NSRange(location: 0, length: 0), replacementString: string)
    }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: TextField) {}
    public func textField(_ textField: TextField, editMenuForCharactersIn range: NSRange, suggestedActions: [EditMenuAction])
        -> [EditMenuAction]?
    { nil }
    public func textField(
        _ textField: TextField, editMenuForCharactersInRanges ranges: [NSRange], suggestedActions: [EditMenuAction]
    )
        -> [EditMenuAction]?
    {
        self.textField(
            textField, editMenuForCharactersIn: ranges.first ?? NSRange(location: 0, length: 0),
            suggestedActions: suggestedActions)
    }
    public func textField(_ textField: TextField, willPresentEditMenuWith menu: EditMenuView) {}
    public func textField(_ textField: TextField, willDismissEditMenuWith menu: EditMenuView) {}
    public func textField(_ textField: TextField, insertInputSuggestion inputSuggestion: InputSuggestion) {
        textField.editor.insertSuggestion(inputSuggestion.text)
    }
}
