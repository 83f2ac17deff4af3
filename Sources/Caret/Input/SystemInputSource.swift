// SPDX-License-Identifier: Apache-2.0
/// The system's input method as a source of the input session: the platform's text input (SDL's,
/// where Caret has no client of its own) and the backend's own input-method client (IBus's or
/// Fcitx 5's, through `InputMethodRouter`), with the
/// assembler that tells a key's text from a commit. Every batch of raw events passes through it
/// before the window delivers it; its commits and preedits reach the focused client through the
/// session, and it hears from the session when the client settled a composition itself.
@MainActor
final class SystemInputSource: TextInputSource {
    private let backend: Backend
    /// Merges text pieces and tells key text from input-method commits, for every batch sent.
    private var assembler = InputAssembler()
    /// The backend's own input-method client, between the keys and the views (nil: the platform's).
    let router: InputMethodRouter?
    /// An echo an ended session still expected, kept for the next session while no client has focus.
    var echoBetweenSessions: (text: String, time: Double)?

    init(backend: Backend) {
        self.backend = backend
        self.router = backend.inputMethod.map { InputMethodRouter(service: $0, now: { [clock = backend.clock] in clock.now }) }
    }

    /// A batch of raw events, merged, with their text's origin and the input method's answers in
    /// place of the keys it used, handed to `deliver` in order. The input method sees the keys
    /// after a click or touch only once the events before them are delivered: a click that starts
    /// editing starts the input method, and keys read in the same turn go to it (on a busy app
    /// they skipped it, and a click then g k s r m f typed Latin instead of 한글).
    func process(_ events: [InputEvent], deliver: (InputEvent) -> Void) {
        let assembled = assembler.assemble(events)
        guard let router else { return assembled.forEach(deliver) }
        var start = 0
        for (index, event) in assembled.enumerated() where index + 1 < assembled.count && Self.mayMoveFocus(event) {
            router.route(Array(assembled[start...index])).forEach(deliver)
            start = index + 1
        }
        router.route(Array(assembled[start...])).forEach(deliver)
    }

    /// A pointer or finger lifting or landing: it may give a text view focus.
    private static func mayMoveFocus(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown, .mouseUp, .touch(_, .began, _), .touch(_, .ended, _): return true
        default: return false
        }
    }

    /// Text input starts in a view with these traits (it gained focus, or became editable).
    func textInputBegan(traits: TextTraits, isSecure: Bool) {
        backend.textInput.startTextInput()
        router?.textInputBegan(traits: traits, isSecure: isSecure)
    }

    /// Text input stops (the view lost focus or stopped being editable).
    func textInputEnded() {
        backend.textInput.stopTextInput()
        router?.textInputEnded()
    }

    /// Where the caret is, in window points, for the input method's candidate window.
    func setCaretRect(_ rect: Rect) {
        backend.textInput.setCaretRect(rect)
        router?.service.setCursorRect(rect)
    }

    func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool) {
        router?.compositionSettled()
        guard resetting else { return }  // it saw the key that ended it, and ends it itself
        backend.textInput.resetComposition()
        router?.service.reset()
    }

    /// IBus commits a preedit again on focus-out and reset (Fcitx may, on focus-out).
    var echoesSettledCompositions: Bool { true }
}
