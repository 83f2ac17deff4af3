// SPDX-License-Identifier: Apache-2.0
/// Keyboard-only use (docs/behaviour/focus-and-editing.md): a keyboard-driven start focuses the
/// first control, and the focus ring shows while focus was moved by keys or a switch, not by a
/// touch or click (as CSS's `:focus-visible`).
struct KeyboardFocusState {
    /// Whether a pointer or finger has touched the window since it opened.
    var pointerHasBeenUsed = false
    /// Whether the last press came from a hardware key rather than a pointer or finger.
    var lastInputWasKey = false
    /// The ring around the focused view, made when first shown.
    var ring: FocusRingView?
}

@MainActor
extension Window {
    /// Whether the focused view shows its focus ring: focus came by keyboard or switch.
    var isFocusVisible: Bool { keyboardFocus.lastInputWasKey || switchControl != nil }

    /// Notes where input comes from, and gives focus on a keyboard-driven start: with nothing
    /// focused, Tab focuses the first view in focus order (Shift+Tab the last), and while no
    /// pointer has been used any other key focuses the first and then reaches it (typing goes
    /// into a first field, Return or Space activates a first button). Returns whether the
    /// event is used up.
    func keyboardFocusTakes(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown, .touch(_, .began, _):
            keyboardFocus.pointerHasBeenUsed = true
            if keyboardFocus.lastInputWasKey { requestFrame() }
            keyboardFocus.lastInputWasKey = false
            return false
        case let .key(key, true, _):
            if !keyboardFocus.lastInputWasKey { requestFrame() }
            keyboardFocus.lastInputWasKey = true
            guard firstResponder == nil, !Self.isModifierOrEscape(key.keyCode) else { return false }
            if key.keyCode == .keyboardTab {
                focusFirstView(backwards: key.modifierFlags.contains(.shift))
                return true
            }
            if !keyboardFocus.pointerHasBeenUsed { focusFirstView(backwards: false) }
            return false
        default:
            return false
        }
    }

    /// A focused view became disabled: focus goes on to the next view in focus order while focus
    /// is shown (it came by keyboard or switch, so the person is moving through the controls),
    /// and nowhere after a tap or click (a keyboard that came for a field goes with it).
    func focusedViewCannotKeepFocus(_ view: View) {
        guard firstResponder === view else { return }
        if isFocusVisible, let next = focusSuccessor(of: view), next.becomeFirstResponder() {
            next.scrollToVisibleForFocus()
        } else if firstResponder === view {
            _ = view.resignFirstResponder()
        }
    }

    /// A view was hidden: if focus was on it or inside it, that focus goes as for a disabled view.
    func hiddenViewMayHoldFocus(_ view: View) {
        guard let focused = firstResponder as? View, focused.isDescendant(of: view) else { return }
        focusedViewCannotKeepFocus(focused)
    }

    private static func isModifierOrEscape(_ code: KeyboardHIDUsage) -> Bool {
        code == .keyboardEscape || (0xE0...0xE7).contains(code.rawValue)
    }
}
