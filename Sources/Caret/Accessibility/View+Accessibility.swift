// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The accessibility members an app set on a view; nil members fall back to the view's defaults.
struct AccessibilityOverrides {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: AccessibilityTraits?
    var frame: Rect?
    var elements: [AccessibilityNode]?
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
    var customActions: [AccessibilityCustomAction]?
    weak var titleElement: View?
}

/// What a kind of view says to assistive technology when the app set nothing (UIKit's defaults).
struct AccessibilityDefaults {
    var isElement = false
    var label: String?
    var hint: String?
    /// Made only when read: a text view's value is its whole text, and the other members are
    /// asked on every keystroke a screen reader hears.
    var value: () -> String? = { nil }
    var traits: AccessibilityTraits = []
    /// Actions the view offers by name of its own (a swiped row's actions), made only when read.
    var customActions: () -> [AccessibilityCustomAction]? = { nil }

    init(
        isElement: Bool = false, label: String? = nil, hint: String? = nil, value: @autoclosure @escaping () -> String? = nil,
        traits: AccessibilityTraits = []
    ) {
        self.isElement = isElement
        self.label = label
        self.hint = hint
        self.value = value
        self.traits = traits
    }
}

extension View: AccessibilityNode {
    func overrideAccessibility(_ change: (inout AccessibilityOverrides) -> Void) {
        var overrides = accessibilityOverrides ?? AccessibilityOverrides()
        change(&overrides)
        accessibilityOverrides = overrides
        accessibilityStateDidChange()
    }

    /// Tells the window's accessibility observers that this view's name, value or state changed.
    public func accessibilityStateDidChange() {
        guard let window, window.hasAccessibilityObservers else { return }
        window.postAccessibility(.stateChanged(self))
    }

    /// The view's frame in window coordinates, unless the app set another.
    public var accessibilityFrame: Rect {
        get { accessibilityOverrides?.frame ?? convert(bounds, to: nil) }
        set { overrideAccessibility { $0.frame = newValue } }
    }
    /// Hides the view and everything in it from assistive technology.
    public var accessibilityElementsHidden: Bool {
        get { accessibilityOverrides?.elementsHidden ?? false }
        set { overrideAccessibility { $0.elementsHidden = newValue } }
    }
    /// While shown, assistive technology ignores the view's siblings (a dialog).
    public var accessibilityViewIsModal: Bool {
        get { accessibilityOverrides?.viewIsModal ?? false }
        set { overrideAccessibility { $0.viewIsModal = newValue } }
    }
    /// Reads the view's children together before moving on (a row of a form).
    public var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityOverrides?.groupsChildren ?? false }
        set { overrideAccessibility { $0.groupsChildren = newValue } }
    }
    /// The view whose text names this one, as a label beside a field does (AppKit's
    /// `accessibilityTitleUIElement`): screen readers get the labelled-by relation, and its label
    /// is this view's when the app set none.
    public var accessibilityTitleElement: View? {
        get { accessibilityOverrides?.titleElement }
        set { overrideAccessibility { $0.titleElement = newValue } }
    }
    /// What this view says as another's title element: its own label, not its title's (no
    /// cycle), nil when empty (the field's placeholder then names it).
    var titleText: String? {
        let label = accessibilityOverrides?.label ?? accessibilityDefaults.label
        return label?.isEmpty == false ? label : nil
    }
    /// Actions offered by name besides activating.
    public var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get { accessibilityOverrides?.customActions ?? accessibilityDefaults.customActions() }
        set { overrideAccessibility { $0.customActions = newValue } }
    }

    /// The children assistive technology walks: the elements set, else the subviews shown.
    public var accessibilityChildren: [AccessibilityNode] {
        if let elements = accessibilityElements { return elements }
        return subviews
    }
    public var accessibilityParent: AccessibilityNode? { superview }

    /// The view that stands for this one to assistive technology: itself or the nearest
    /// ancestor that is an accessibility element (a field for its inner editor).
    public var accessibilityElementAncestor: View? {
        var view: View? = self
        while let current = view {
            if current.isAccessibilityElement { return current }
            view = current.superview
        }
        return nil
    }
}

extension AccessibilityNode {
    /// Whether the node can be shown to assistive technology now: not hidden, and for a view,
    /// in a window, not hidden and not transparent, up to the window.
    public var isAccessibilityVisible: Bool {
        var node: AccessibilityNode? = self
        while let current = node {
            if current.accessibilityElementsHidden { return false }
            if let view = current as? View {
                if view.isHidden || view.alpha <= 0.01 { return false }
                if view is Window { return true }
                if view.superview == nil { return false }
            }
            node = current.accessibilityParent
        }
        return false
    }

    /// The children to walk: those not hidden, and only the last modal one if there is one.
    public var accessibilityVisibleChildren: [AccessibilityNode] {
        let children = accessibilityChildren.filter { child in
            if child.accessibilityElementsHidden { return false }
            if let view = child as? View, view.isHidden || view.alpha <= 0.01 { return false }
            return true
        }
        if let modal = children.last(where: { $0.accessibilityViewIsModal }) { return [modal] }
        return children
    }

    /// The accessibility elements inside this node, in reading order (this node, if it is one).
    public var accessibilityLeaves: [AccessibilityNode] {
        if isAccessibilityElement { return [self] }
        return accessibilityVisibleChildren.flatMap(\.accessibilityLeaves)
    }
}

extension Window {
    /// The window's accessibility elements in reading order: content, dialogs, then the
    /// keyboard and menus (what a screen reader's swipes walk).
    public var accessibilityElementsInOrder: [AccessibilityNode] { accessibilityLeaves }

}
