// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What views and `AccessibilityElement`s have in common for assistive technology: UIKit keeps
/// these members on `NSObject`; here both adopt this protocol, and the tree is walked through it.
@preconcurrency @MainActor
public protocol AccessibilityNode: AnyObject {
    /// Whether assistive technology sees this object (otherwise only its children).
    var isAccessibilityElement: Bool { get }
    /// A short name, read first ("Email", "Send").
    var accessibilityLabel: String? { get }
    /// What activating it does, read last after a pause.
    var accessibilityHint: String? { get }
    /// Its current value (a field's text, a slider's percentage).
    var accessibilityValue: String? { get }
    /// What it is and how it behaves.
    var accessibilityTraits: AccessibilityTraits { get }
    /// Its frame in window coordinates.
    var accessibilityFrame: Rect { get }
    /// The BCP 47 language its label and value are spoken in.
    var accessibilityLanguage: String? { get }
    /// A stable name for tests and automation, never spoken.
    var accessibilityIdentifier: String? { get }
    /// Hidden from assistive technology, with everything inside.
    var accessibilityElementsHidden: Bool { get }
    /// While visible, assistive technology ignores its siblings (a dialog).
    var accessibilityViewIsModal: Bool { get }
    /// The elements inside, in reading order (nil: the subviews, in order).
    var accessibilityChildren: [AccessibilityNode] { get }
    /// The node that holds this one.
    var accessibilityParent: AccessibilityNode? { get }
    /// Actions beyond activating, offered by name.
    var accessibilityCustomActions: [AccessibilityCustomAction]? { get }
    /// Activates it (a double tap under a screen reader); false if it did nothing.
    func accessibilityActivate() -> Bool
    /// Raises an adjustable element's value.
    func accessibilityIncrement()
    /// Lowers an adjustable element's value.
    func accessibilityDecrement()
}

extension AccessibilityNode {
    /// The window the node is shown in.
    public var accessibilityWindow: Window? {
        var node: AccessibilityNode? = self
        while let current = node {
            if let view = current as? View { return view.window }
            node = current.accessibilityParent
        }
        return nil
    }

    /// What a screen reader says for it: label, value, traits and hint, in that order
    /// ("Email, ada@example.org, text field, Double tap to edit").
    public var accessibilitySpokenDescription: String {
        var parts: [String] = []
        let language = Localization.language(of: accessibilityWindow)
        if let field = self as? TextField, field.isSecureTextEntry {
            // Its length, never its characters ("PIN, secure text field, 4 characters").
            if let label = accessibilityLabel, !label.isEmpty { parts.append(label) }
            parts.append(RoleWord.secureTextField.text(language))
            let count = field.accessibilityTextLength
            if count > 0 { parts.append(RoleWord.characters.text(language, count: count)) }
            if accessibilityTraits.contains(.notEnabled) { parts.append(RoleWord.dimmed.text(language)) }
            if let hint = accessibilityHint, !hint.isEmpty { parts.append(hint) }
            return parts.joined(separator: ", ")
        }
        if let label = accessibilityLabel, !label.isEmpty { parts.append(label) }
        if let value = accessibilityValue, !value.isEmpty, value != accessibilityLabel { parts.append(value) }
        let traits = accessibilityTraits
        if traits.contains(.textEntry) {
            parts.append((traits.contains(.searchField) ? RoleWord.searchField : .textField).text(language))
            parts += traits.subtracting([.searchField]).spokenNames(in: language)
        } else {
            parts += traits.spokenNames(in: language)
        }
        if let hint = accessibilityHint, !hint.isEmpty { parts.append(hint) }
        return parts.joined(separator: ", ")
    }
}

/// An action a screen reader offers by name, besides activating (UIKit's `UIAccessibilityCustomAction`).
@preconcurrency @MainActor
public final class AccessibilityCustomAction {
    /// The name spoken and listed.
    public var name: String
    /// Runs the action; returns whether it succeeded.
    public var actionHandler: () -> Bool

    /// Creates an action with a name and what it does.
    public init(name: String, actionHandler: @escaping () -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }
}

/// An accessibility element that is not a view: a key of the on-screen keyboard, a part of a
/// drawing (UIKit's `UIAccessibilityElement`). Its frame is kept in its container's coordinates.
@preconcurrency @MainActor
open class AccessibilityElement: AccessibilityNode {
    /// The view (or element) that holds it.
    public weak var accessibilityContainer: AnyObject?
    /// Whether assistive technology sees it.
    public var isAccessibilityElement = true
    /// A short name.
    public var accessibilityLabel: String?
    /// What activating it does.
    public var accessibilityHint: String?
    /// Its value.
    public var accessibilityValue: String?
    /// What it is.
    public var accessibilityTraits: AccessibilityTraits = []
    /// Its language.
    public var accessibilityLanguage: String?
    /// A stable name for tests.
    public var accessibilityIdentifier: String?
    /// Hidden from assistive technology.
    public var accessibilityElementsHidden = false
    /// Modal among its siblings.
    public var accessibilityViewIsModal = false
    /// Elements inside it.
    public var accessibilityElements: [AccessibilityNode]?
    /// Actions offered by name.
    public var accessibilityCustomActions: [AccessibilityCustomAction]?
    /// Its frame in its container's bounds.
    public var accessibilityFrameInContainerSpace: Rect = .zero
    /// Runs when it is activated; nil means activating does nothing.
    public var onActivate: (() -> Bool)?

    /// Creates an element held by a view or another element.
    public init(accessibilityContainer container: AnyObject) { accessibilityContainer = container }

    /// Its frame in window coordinates, from the container's.
    open var accessibilityFrame: Rect {
        if let view = accessibilityContainer as? View { return view.convert(accessibilityFrameInContainerSpace, to: nil) }
        if let element = accessibilityContainer as? AccessibilityNode {
            let outer = element.accessibilityFrame
            return accessibilityFrameInContainerSpace.offsetBy(dx: outer.minX, dy: outer.minY)
        }
        return accessibilityFrameInContainerSpace
    }

    public var accessibilityChildren: [AccessibilityNode] { accessibilityElements ?? [] }
    public var accessibilityParent: AccessibilityNode? { accessibilityContainer as? AccessibilityNode }
    open func accessibilityActivate() -> Bool { onActivate?() ?? false }
    open func accessibilityIncrement() {}
    open func accessibilityDecrement() {}
}
