// SPDX-License-Identifier: Apache-2.0
/// An object that can receive events and take part in the responder chain (UIKit's `UIResponder`).
/// Touches, key presses and scroll events travel up `next` until someone handles them.
@preconcurrency @MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder up the chain: a view's superview, a root view's window.
    open var next: Responder? { nil }

    /// The undo manager up the responder chain: its window's, shared by every responder in it
    /// (docs/behaviour/porting.md); nil outside a window.
    open var undoManager: UndoManager? { next?.undoManager }

    /// Whether this object can take keyboard focus. `false` by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this object may give up keyboard focus now. `true` by default.
    open var canResignFirstResponder: Bool { true }

    /// Whether this object currently has keyboard focus.
    open var isFirstResponder: Bool { false }

    /// Asks to take keyboard focus; returns whether it did.
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }

    /// Asks to give up keyboard focus; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    /// A view shown instead of the on-screen keyboard while this responder is first; nil for the keyboard.
    open var inputView: View? { nil }

    /// A view shown above the keyboard while this responder is first (part of the keyboard's frame).
    open var inputAccessoryView: View? { nil }

    /// The keyboard's language while this responder is first and takes text; nil otherwise.
    open var textInputMode: TextInputMode? {
        guard isFirstResponder, self is KeyInput, let window = (self as? View)?.window else { return nil }
        return window.keyboard.currentInputMode
    }

    /// A name under which the keyboard remembers the language this responder was last typed in,
    /// and shows it again when it is focused (nil: it follows the keyboard).
    open var textInputContextIdentifier: String? { nil }

    /// Applies changes to `inputView` and `inputAccessoryView` made while first responder.
    open func reloadInputViews() {}

    /// Fingers or buttons went down on this responder; the default passes them up the chain.
    open func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) { next?.touchesBegan(touches, with: event) }
    /// Tracked touches moved; the default passes them up the chain.
    open func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) { next?.touchesMoved(touches, with: event) }
    /// Tracked touches lifted; the default passes them up the chain.
    open func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { next?.touchesEnded(touches, with: event) }
    /// Tracked touches were cancelled; the default passes them up the chain.
    open func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// A key went down; the default passes it up the chain.
    open func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) { next?.pressesBegan(presses, with: event) }
    /// A key went up; the default passes it up the chain.
    open func pressesEnded(_ presses: Set<Press>, with event: InputEvent?) { next?.pressesEnded(presses, with: event) }

    /// The wheel scrolled over this responder; returns whether it was used. The default asks `next`.
    @discardableResult
    open func scrollWheel(_ event: ScrollEvent) -> Bool { next?.scrollWheel(event) ?? false }
}

/// Responders (views, controllers, windows) are equal only to themselves and hash by identity,
/// as UIKit's NSObject-based ones do: `==` on views, sets and dictionaries of views.
extension Responder: Hashable {
    nonisolated public static func == (lhs: Responder, rhs: Responder) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
