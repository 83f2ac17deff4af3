// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A source of text for the focused client's input session: the on-screen keyboard's composition
/// engines, the system's input method (IBus or Fcitx 5, through Caret's own client or SDL), or one an app adds (a
/// handwriting pad in a custom `inputView`). Sources are interchangeable: each sends its text, its
/// composition and its candidates to `Window.inputSession`, and hears from it when its composition
/// was settled some other way (docs/behaviour/world-input.md).
@preconcurrency @MainActor
public protocol TextInputSource: AnyObject {
    /// The session ended this source's composition: it was committed as it stands or dropped, so
    /// the source forgets it. `resetting` is false when the composition ended because of a key the
    /// source sees itself (it may then commit the same text again, which the session drops).
    func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool)
    /// One of the candidates this source gave the session was chosen (its index in `candidates`).
    func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int)
    /// The next (or previous) page of this source's candidates was asked for.
    func inputSession(_ session: TextInputSession, didTurnCandidatePageForward forward: Bool)
    /// Whether the source may send a composition again after the client committed it itself
    /// (IBus commits its preedit once more on focus-out and reset): such an echo is dropped.
    var echoesSettledCompositions: Bool { get }
}

extension TextInputSource {
    /// Sources without candidates ignore a choice.
    public func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int) {}
    /// Sources without pages of candidates ignore a page turn.
    public func inputSession(_ session: TextInputSession, didTurnCandidatePageForward forward: Bool) {}
    /// Most sources never send a settled composition again.
    public var echoesSettledCompositions: Bool { false }
}

/// The focused client's input session: the one owner of an open composition, whatever its source.
/// It holds the composing source, its preedit and candidates and the echo rule, and decides how
/// text meets a composition: typed text goes after it (committed as it stands first), a source's
/// commit replaces its own preedit, and a composition of one source is committed before another
/// source begins. The window makes one for every first responder that takes text.
@preconcurrency @MainActor
public final class TextInputSession {
    /// The responder the text goes to.
    public private(set) weak var client: KeyInput?
    /// The source whose composition is open in the client, if any.
    public private(set) weak var composingSource: TextInputSource?
    /// What the composing source shows: its preedit (as the client marks it) and its candidates.
    public private(set) var composition = CompositionState.empty
    /// Whether the session is changing the client's text now (the editor asks before settling a
    /// composition for text that did not come through the session).
    private(set) var isDelivering = false
    /// A composition the client committed itself, which its source may send again (within a second).
    private(set) var pendingEcho: (text: String, time: Double)?
    private unowned let window: Window

    init(client: KeyInput, window: Window, pendingEcho: (text: String, time: Double)?) {
        self.client = client
        self.window = window
        self.pendingEcho = pendingEcho
    }

    private var markedClient: MarkedTextInput? { client as? MarkedTextInput }
    private var hasMarkedText: Bool { markedClient?.markedTextRange != nil }

    // MARK: What sources send

    /// Text from a source: typed text (`.key`, `.onScreenKeyboard`) goes after an open composition,
    /// which is committed as it stands first; a source's commit (`.inputMethod`) replaces its own
    /// preedit and goes after another source's composition. An echo of a composition the client
    /// committed itself is dropped.
    public func insertText(_ text: String, origin: TextInputOrigin, from source: TextInputSource? = nil) {
        guard let client else { return }
        // The next commit of a source that echoes is the echo or not: the expectation ends either
        // way (soak seed 261830023: kept past a commit, it dropped a "👍🏽" typed later). A source's
        // commit of the composition it has open is never the echo of an older one (seed
        // 261820076: a settled "é", then a new "é" composed and committed, was dropped).
        if origin == .inputMethod, let echo = pendingEcho, source?.echoesSettledCompositions ?? false {
            pendingEcho = nil
            if source !== composingSource, echo.text == text && window.backend.clock.now - echo.time < 1 {  // committed already
                window.textEditObserver?.window(window, droppedText: text, reason: .echo)
                return
            }
        }
        let ownCommit = origin == .inputMethod && source != nil && source === composingSource
        if !ownCommit && (hasMarkedText || composingSource != nil) {
            // A hardware key's text: the system's input method saw the key and ends its composition itself.
            settle(resetting: origin != .key)
        }
        if ownCommit { endComposition() }
        deliver { client.insertText(text) }
        candidatesDidChange()
    }

    /// A source's preedit, shown as the client's marked text with `selectedRange` (UTF-16, in the
    /// preedit) selected; empty text ends the composition. Another source's composition is
    /// committed as it stands first.
    public func setMarkedText(_ text: String, selectedRange: NSRange, from source: TextInputSource) {
        showMarkedText(text, selectedRange: selectedRange, from: source)
        candidatesDidChange()
    }

    /// A source's whole state: its preedit as marked text (caret inside it, or the clause being
    /// converted selected) and its candidates.
    public func setComposition(_ state: CompositionState, from source: TextInputSource) {
        let selected = state.convertingSegment.map { NSRange(location: $0.lowerBound, length: $0.count) }
        showMarkedText(state.preedit, selectedRange: selected ?? NSRange(location: state.caret, length: 0), from: source)
        if !state.preedit.isEmpty || !state.candidates.isEmpty {
            composingSource = source
            composition = state
        }
        candidatesDidChange()
    }

    /// The preedit as the client's marked text, another source's composition committed first.
    private func showMarkedText(_ text: String, selectedRange: NSRange, from source: TextInputSource) {
        guard let client = markedClient else { return }
        // A client that takes no text (a read-only text view, focused to select) shows no preedit:
        // no composition opens, so none is settled later and none of its commits is taken for an
        // echo (soak seed 320000164: a long press "committed" a preedit the view never showed and
        // the input method's own commit of it was dropped).
        if let input = client as? TextInputClient, !input.acceptsKeyboardInput { return }
        if composingSource !== source, hasMarkedText || composingSource != nil { settle(resetting: true) }
        if text.isEmpty {
            if composingSource === source { endComposition() }
        } else {
            composingSource = source
            composition.preedit = text
            composition.caret = selectedRange.location
        }
        if !text.isEmpty || client.markedTextRange != nil {
            deliver { client.setMarkedText(text, selectedRange: selectedRange) }
        }
    }

    /// Commits the open composition as it stands (the space-bar trackpad moved the caret, the
    /// language changed): its source forgets it.
    public func settleComposition() { settle(resetting: true) }

    /// Takes one of the candidates shown: its source answers.
    public func chooseCandidate(at index: Int) {
        guard let source = composingSource, composition.candidates.indices.contains(index) else { return }
        source.inputSession(self, didChooseCandidateAt: index)
    }

    /// Shows the next or previous page of candidates.
    public func turnCandidatePage(forward: Bool) {
        composingSource?.inputSession(self, didTurnCandidatePageForward: forward)
    }

    // MARK: What the client says

    /// The client commits the open composition itself (a tap elsewhere, a key that edits, a secure
    /// field): the source forgets it, and a source that echoes may send it again, which is dropped.
    func clientWillCommitComposition(resetting: Bool) {
        guard let source = composingSource else { return }
        if source.echoesSettledCompositions, !composition.preedit.isEmpty {
            pendingEcho = (composition.preedit, window.backend.clock.now)
        }
        handOver(resetting: resetting)
    }

    /// The client's composition ended without a commit (Escape, undo, a refused commit, the clear
    /// button, a suggestion put over it): the source drops it too, having perhaps not seen what
    /// ended it (soak seed 420000031). A source that echoes
    /// may commit it as it resets or loses focus (ibus-hangul flushes its preedit): that echo is
    /// dropped too, or the clear button left the syllable it cleared (soak seed 262000021), and a
    /// commit a field refused as focus left it was typed into the next field (seeds 264000108,
    /// 264000174).
    func clientDidDropComposition() {
        guard let source = composingSource, !isDelivering else { return }
        if source.echoesSettledCompositions, !composition.preedit.isEmpty {
            pendingEcho = (composition.preedit, window.backend.clock.now)
        }
        handOver(resetting: true)
    }

    /// The client stops being first responder: an open composition is committed where it was
    /// typed. Returns the echo the next session should still drop.
    func end() -> (text: String, time: Double)? {
        settle(resetting: false)
        client = nil
        return pendingEcho
    }

    /// Expects `text` as an echo of a composition committed now (the soak's planted fault).
    @_spi(Testing) public func expectEcho(of text: String) { pendingEcho = (text, window.backend.clock.now) }

    // MARK: Inside

    private func settle(resetting: Bool) {
        clientWillCommitComposition(resetting: resetting)
        if let client = markedClient, client.markedTextRange != nil { deliver { client.unmarkText() } }
    }

    /// The composing source is told its composition is settled.
    private func handOver(resetting: Bool) {
        let source = composingSource
        endComposition()
        source?.inputSession(self, didSettleCompositionResetting: resetting)
        candidatesDidChange()
    }

    private func endComposition() {
        composingSource = nil
        composition = .empty
    }

    private func deliver(_ body: () -> Void) {
        let was = isDelivering
        isDelivering = true
        defer { isDelivering = was }
        body()
    }

    private var shownComposition = CompositionState.empty
    /// Posted when the composing source's preedit or candidates change (`object`: the session).
    nonisolated public static let compositionDidChangeNotification = Notification.Name("CaretTextInputSessionCompositionDidChange")

    /// The keyboard's bar (and any `CandidateBar`) shows the candidates of whichever source composes.
    private func candidatesDidChange() {
        guard composition != shownComposition else { return }
        shownComposition = composition
        window.keyboard.inputSessionCompositionDidChange()
        NotificationCenter.default.post(name: Self.compositionDidChangeNotification, object: self)
    }
}
