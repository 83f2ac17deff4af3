// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the composition tracking reads of its editor and asks of it (`TextEditingView` conforms).
@MainActor
protocol CompositionHost: AnyObject {
    /// The text, its selection and its marked range.
    var model: TextEditingModel { get set }
    /// The window whose input session serves the focused client (nil: none).
    var window: Window? { get }
    /// The view that takes focus for the editor: the client the session serves.
    var focusView: View { get }
    /// Offers a change to the host and applies it if accepted.
    @discardableResult func commit(_ proposed: TextEditingModel.Change) -> EditOutcome
    /// The after-edit step: redraws and tells the host what changed.
    func finishEdit(_ outcome: EditOutcome)
}

/// The editor's side of an open composition: the input session it talks to (while the editor is
/// the client that session serves), the selection before the composition's first preedit (the
/// host hears of a composition's selection moves once, when it ends), and the ways the editor
/// ends a composition itself: committed as it stands, or dropped. The session decides the rest
/// (docs/behaviour/world-input.md). The editor owns one.
@MainActor
final class CompositionTracking {
    /// The editor composed in (it owns this tracking).
    private unowned let host: any CompositionHost
    /// The selection shown before an open composition's first preedit (nil: none open).
    private var selectionBefore: TextSelection?

    init(host: any CompositionHost) { self.host = host }

    /// The focused client's input session, while this editor is the one it serves.
    var session: TextInputSession? {
        guard let session = host.window?.inputSession, session.client === host.focusView else { return nil }
        return session
    }

    /// Commits an open composition as it stands (focus goes, a click in the text, a key that
    /// edits): the session tells the source, which drops it (`resettingInputMethod`) or, having
    /// seen the key that ended it, ends it itself; an echo of it is dropped.
    func commit(resettingInputMethod: Bool) {
        let model = host.model
        guard let marked = model.markedRange else { return }
        // The preedit's own text: the commit keeps the clusters it joined around it (soak seed
        // 261126013: the whole marked range was committed as the preedit, and a variation
        // selector the preedit "e" had joined was typed twice).
        let preedit = model.document.substring(model.preeditRange ?? marked)
        session?.clientWillCommitComposition(resetting: resettingInputMethod)
        host.commit(model.commitProposal(preedit))
    }

    /// Text or marked text arrives from outside the session (code) while one of its sources
    /// composes: that composition is committed as it stands first.
    func settleBeforeOutsideText() {
        guard host.model.markedRange != nil, let session, session.composingSource != nil, !session.isDelivering else { return }
        session.settleComposition()
    }

    /// A secure field takes a preedit as typed text: the source forgets its composition.
    func commitPreeditAsTyped() { session?.clientWillCommitComposition(resetting: true) }

    /// Drops the composition without committing it (Escape): its source hears of it in the
    /// after-edit step.
    func cancel() {
        host.model.cancelComposition()
        host.finishEdit(.display)
    }

    /// An after-edit step ran: a composition that ended some other way than through the session
    /// (Escape, undo, a refused commit, a suggestion put over it) is dropped by its source too,
    /// which may not have seen what ended it (soak seed 420000031: a suggestion replaced IBus's
    /// preedit "Q", IBus kept it and committed it with the next Ctrl+V's paste); the selection the
    /// host should compare with is returned (the one before the composition, once it ends).
    func editDidFinish(selectionBefore reported: TextSelection?, drawn: TextSelection) -> TextSelection? {
        let model = host.model
        if model.preeditRange == nil { session?.clientDidDropComposition() }
        if model.markedRange != nil {
            if selectionBefore == nil { selectionBefore = drawn }
            return reported
        }
        guard let start = selectionBefore else { return reported }
        selectionBefore = nil
        return start
    }
}
