// SPDX-License-Identifier: Apache-2.0

import CaretDemoKit
import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret  // planting a fault reaches state no public path can break
@testable import CaretTesting

/// Every check of the soak is shown to work: a fault is planted after events (text dropped,
/// a commit duplicated, typed text swallowed, the focused field left under the keyboard, secure
/// text leaked, the caret put inside a cluster) and the soak must report it. Each test fails when
/// the check it plants for is taken out.
@Suite(.serialized) @MainActor
struct SoakCheckTests {
    /// Soaks the demo's form with a fault planted after each event until a run reports a failure;
    /// returns its problems.
    func problems(
        screen: String = "form", seeds: [UInt64] = [1, 2, 3, 4, 5], world: Bool = false, plant: @escaping @MainActor (SoakEvent, Window) -> Void
    ) -> [String] {
        plantedFaultProblems(screen: screen, seeds: seeds, world: world, events: 3_000, plant: plant)
    }

    @Test func aCharacterLostFromAFieldIsCaught() {
        let found = problems { event, window in
            guard case .text = event, let editor = window.focusedEditor, editor.model.markedRange == nil,
                editor.model.utf16Count >= 2, !editor.isSecure
            else { return }
            var text = editor.text
            text.removeLast()
            editor.model = TextEditingModel(text: text, allowsLineBreaks: !editor.isSingleLine)  // unreported: lost
        }
        #expect(found.contains { $0.contains("a change no input explains") || $0.contains("never arrived") }, "\(found)")
    }

    @Test func aPreeditTheTextDoesNotShowIsCaught() {
        // The on-screen keyboard's engine composes; the text's marked text is changed behind its back.
        let found = problems(world: true) { _, window in
            guard let editor = window.focusedEditor, !window.keyboard.compositionState.preedit.isEmpty else { return }
            editor.model.setMarkedText(window.keyboard.compositionState.preedit + "x")  // behind the view's back too
        }
        #expect(found.contains { $0.contains("the keyboard composes") && $0.contains("the text shows") }, "\(found)")
    }

    @Test func aCommitInsertedTwiceIsCaught() {
        let found = problems { event, window in
            guard case let .text(text) = event, let editor = window.focusedEditor, editor.isEditable else { return }
            editor.insertText(text)  // the same text arrives a second time
        }
        #expect(found.contains { $0.contains("a change no input explains") && $0.contains("after text(") }, "\(found)")
    }

    @Test func typedTextSwallowedAsAnEchoIsCaught() {
        // The input session is told to expect an echo of text no composition committed: the next such
        // text typed is dropped.
        let found = problems { _, window in
            window.inputSession?.expectEcho(of: "the")
            for word in SoakText.words { window.inputSession?.expectEcho(of: word) }
        }
        #expect(found.contains { $0.contains("dropped as the echo of a composition never committed") }, "\(found)")
    }

    @Test func typedTextThatReachesNoOneIsCaught() {
        // No event reaches the field: the oracle is asked about text that was never delivered.
        let oracle = ContentOracle()
        let host = try! HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        host.window.textEditObserver = oracle
        #expect(field.becomeFirstResponder())
        #expect(oracle.problems(editors: [field.editor]).isEmpty)
        oracle.beginEvent(.text("hello"), in: host.window)
        let found = oracle.problems(editors: [field.editor])
        #expect(found.contains { $0.contains("never arrived") }, "\(found)")
        oracle.beginEvent(.text("hello"), in: host.window)
        host.window.send(.textInput("hello"))
        #expect(oracle.problems(editors: [field.editor]).isEmpty)
    }

    @Test func aFocusedFieldLeftUnderTheKeyboardIsCaught() {
        // Each seed alone: a run that first resized the window small finds the field above its top
        // instead (caught too, by another check); the keyboard's check must catch it in one of them.
        // Seeds in turn until one catches it (the demo's screens decide how many it takes).
        var found: [String] = []
        for seed in UInt64(1)...20 where !found.contains(where: { $0.contains("is under the keyboard") }) {
            found += problems(screen: "kiosk", seeds: [seed]) { _, window in
                // The content is put back where it was before avoidance moved it, and further down.
                guard window.keyboard.isVisible, let root = window.rootView else { return }
                root.bounds.origin.y = -window.bounds.height
            }
        }
        #expect(found.contains { $0.contains("is under the keyboard") }, "\(found)")
    }

    @Test func secureTextInTheLivePanelIsCaught() {
        let found = problems { _, window in
            guard let form = window.rootView as? FormScreen, let password = form.fields["password"],
                let text = password.text, text.count >= 3
            else { return }
            form.eventLog.text = (form.eventLog.text ?? "") + "\nshouldChange password \"\(text)\""
        }
        #expect(found.contains { $0.contains("the live panel shows the text of secure field password") }, "\(found)")
    }

    @Test func aCaretInsideAClusterIsCaught() {
        let found = problems { event, window in
            guard case .text = event, let editor = window.focusedEditor else { return }
            let text = editor.model.document.string.utf16
            guard let index = text.indices.firstIndex(where: { UTF16.isLeadSurrogate(text[$0]) }) else { return }
            editor.model.selection = TextSelection(caret: text.distance(from: text.startIndex, to: index) + 1)
        }
        #expect(found.contains { $0.contains("splits a grapheme cluster") }, "\(found)")
    }
}

extension SoakCheckTests {
    /// A view that moves itself while it draws.
    final class Fidget: View {
        override func draw(_ rect: Rect, in context: GraphicsContext) { frame.origin.x += 1 }
    }

    @Test func drawingThatChangesGeometryIsCaught() {
        let found = problems { event, window in
            guard case .draw = event, let root = window.rootView, !root.subviews.contains(where: { $0 is Fidget }) else { return }
            root.addSubview(Fidget(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
        }
        #expect(found.contains { $0.contains("changed while the window drew") }, "\(found)")
    }

    @Test func aLoupeLeftBehindIsCaught() {
        var sessions: [TextLoupeSession] = []
        let found = problems { _, window in
            guard sessions.isEmpty, let editor = window.focusedEditor else { return }
            // A loupe begun for a drag that never ends it.
            if let session = TextLoupeSession.begin(at: Point(x: 10, y: 10), in: editor) { sessions.append(session) }
        }
        #expect(found.contains { $0.contains("a text loupe shows with no finger down") }, "\(found)")
    }
}

/// The soak with a system input method played as IBus (`SoakInputMethod`, through Caret's own
/// client path): a run exercises what it stands for, and the oracle's reading of the input
/// method's reports catches the faults planted into it (issue 43).
@Suite(.serialized) @MainActor
struct InputMethodSoakTests {
    @Test func aRunComposesCommitsGivesBackAndAnswersLate() throws {
        let soak = DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700), ibus: true)
        var method: SoakInputMethod?
        soak.afterEachEvent = { _, window in method = window.backend.inputMethod as? SoakInputMethod }
        let report = soak.run(seed: 43, events: 3_000)
        #expect(report.failure == nil, "\(report.failure.map(\.description) ?? "")")
        let tally = try #require(method).tally
        #expect(tally.keys > 100 && tally.late > 10 && tally.commits > 20 && tally.forwards > 5 && tally.flushes > 3, "\(tally)")
    }

    @Test func anInputMethodsCommitTypedTwiceIsCaught() {
        let found = plantedFaultProblems(seeds: [1, 2, 3, 4, 5], ibus: true, events: 3_000) { _, window in
            guard let method = window.backend.inputMethod as? SoakInputMethod, let commit = method.report.commits.last,
                let editor = window.focusedEditor, editor.isEditable, !editor.isSecure
            else { return }
            editor.insertText(commit)  // the commit arrives a second time
        }
        #expect(found.contains { $0.contains("a change no input explains") }, "\(found)")
    }

    @Test func aUsedKeysTextTypedAsWellIsCaught() {
        let found = plantedFaultProblems(seeds: [1, 2, 3, 4, 5], ibus: true, events: 3_000) { event, window in
            guard case let .text(text) = event, let method = window.backend.inputMethod as? SoakInputMethod, method.ownsLastKeyText,
                let editor = window.focusedEditor, editor.isEditable, !editor.isSecure
            else { return }
            editor.insertText(text)  // the key's text typed though the input method took the key
        }
        #expect(found.contains { $0.contains("a change no input explains") && $0.contains("after text(") }, "\(found)")
    }
}
