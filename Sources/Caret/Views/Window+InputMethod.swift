/// The window's side of text input: the focused editor tells it when input starts and stops,
/// where the caret is and when a composition was settled by the view, and the window tells the
/// platform's text input and the backend's own input-method client, if it has one.
extension Window {
    /// Text input starts in a view with these traits (it gained focus, or became editable).
    func textInputBegan(traits: TextTraits, isSecure: Bool) {
        backend.textInput.startTextInput()
        inputMethodRouter?.textInputBegan(traits: traits, isSecure: isSecure)
    }

    /// Text input stops (the view lost focus or stopped being editable).
    func textInputEnded() {
        backend.textInput.stopTextInput()
        inputMethodRouter?.textInputEnded()
    }

    /// The view committed or cancelled a composition itself: input methods drop theirs.
    func resetInputMethod() {
        backend.textInput.resetComposition()
        inputMethodRouter?.service.reset()
        keyboard.compositionWasSettled()
    }

    /// Where the caret is, in window points, for the input method's candidate window.
    func setInputMethodCaretRect(_ rect: Rect) {
        backend.textInput.setCaretRect(rect)
        inputMethodRouter?.service.setCursorRect(rect)
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
