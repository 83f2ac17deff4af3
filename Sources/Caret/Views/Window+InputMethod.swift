// SPDX-License-Identifier: Apache-2.0
/// The window's side of text input: the focused editor tells it when input starts and stops and
/// where the caret is, and the window tells the system's input method (`systemInput`).
extension Window {
    /// Text input starts in a view with these traits (it gained focus, or became editable).
    func textInputBegan(traits: TextTraits, isSecure: Bool) { systemInput.textInputBegan(traits: traits, isSecure: isSecure) }

    /// Text input stops (the view lost focus or stopped being editable).
    func textInputEnded() { systemInput.textInputEnded() }

    /// Where the caret is, in window points, for the input method's candidate window.
    func setInputMethodCaretRect(_ rect: Rect) { systemInput.setCaretRect(rect) }

    /// The focused client's input session begins anew for a new first responder: the old one
    /// commits an open composition as it stands, and an echo it still expects carries over to the
    /// next session (through a moment with no first responder, as focus moves).
    func inputSessionWillChange(to responder: Responder?) {
        if let session = inputSession { systemInput.echoBetweenSessions = session.end() }
        inputSession = (responder as? KeyInput).map {
            TextInputSession(client: $0, window: self, pendingEcho: systemInput.echoBetweenSessions)
        }
        if inputSession != nil { systemInput.echoBetweenSessions = nil }
    }
}

extension Window {
    /// The editor of the first responder (a field's, a text view's, or a bare editor), if any.
    @_spi(Testing) public var focusedEditor: TextEditingView? {
        switch firstResponder {
        case let host as TextEditingHost: return host.editor
        case let editor as TextEditingView: return editor
        default: return nil
        }
    }
}
