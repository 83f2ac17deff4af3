// SPDX-License-Identifier: Apache-2.0

import CaretDemoKit
import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret  // planting a fault reaches state no public path can break
@testable import CaretTesting

/// The oracle trusts nothing it checks: each test plants a fault that the editor reports as a
/// normal change (so a replay of the editor's own reports would agree with it), and the soak must
/// still see it, from what it sent alone.
@Suite(.serialized) @MainActor
struct SoakOracleFaultTests {
    func problems(
        screen: String = "form", seeds: [UInt64] = [1, 2, 3, 4, 5], world: Bool = false, events: Int = 3_000,
        plant: @escaping @MainActor (SoakEvent, Window) -> Void
    ) -> [String] {
        plantedFaultProblems(screen: screen, seeds: seeds, world: world, events: events, plant: plant)
    }

    /// A change made through the editor's own change path (offered, accepted, reported).
    static func change(_ editor: TextEditingView, _ range: Range<Int>, _ text: String) {
        editor.commit(TextEditingModel.Change(range: range, replacement: text, kind: .typing))
    }

    @Test func typedTextInsertedAtTheWrongOffsetIsCaught() {
        // The typed text lands at the start of the text instead of at the caret.
        let found = problems { event, window in
            guard case let .text(text) = event, let editor = window.focusedEditor, !editor.isSecure,
                editor.model.markedRange == nil, text.utf16.count == 1
            else { return }
            let caret = editor.selectedRange.lowerBound
            guard caret >= 2, editor.model.document.substring((caret - 1)..<caret) == text else { return }
            Self.change(editor, (caret - 1)..<caret, "")
            Self.change(editor, 0..<0, text)
        }
        #expect(found.contains { $0.contains("a change no input explains") }, "\(found)")
    }

    @Test func anUndoThatRestoresTheWrongTextIsCaught() {
        // Undo runs, then one more character goes (reported as an edit of the undo's).
        let found = problems(screen: "notes", seeds: Array(1...12)) { event, window in
            guard case let .key(code, _, modifiers, true, _) = event, code == KeyboardHIDUsage.letter("z")!.rawValue,
                !KeyModifierFlags(rawValue: modifiers).isDisjoint(with: [.control, .command]),
                let editor = window.focusedEditor, editor.model.utf16Count > 3, editor.model.markedRange == nil
            else { return }
            let end = editor.model.document.graphemeBoundary(after: 0)
            Self.change(editor, 0..<end, "")
        }
        #expect(found.contains { $0.contains("a change no input explains") && $0.contains("key(code: 29") }, "\(found)")
    }

    @Test func aSwipedWordPutInTwiceIsCaught() {
        // A swipe's lift puts its word in once more (a doubled word, reported as typing).
        let found = problems { event, window in
            guard case .touch(_, 2, _, _) = event, let editor = window.focusedEditor, let keyboard = window.keyboard.keyboardView,
                let swipe = keyboard.swipeReplacements, editor.model.selection.isEmpty
            else { return }
            let caret = editor.selectedRange.lowerBound
            guard caret >= swipe.inserted.utf16.count,
                editor.model.document.substring((caret - swipe.inserted.utf16.count)..<caret) == swipe.inserted
            else { return }
            Self.change(editor, caret..<caret, swipe.inserted)
        }
        #expect(found.contains { $0.contains("a change no input explains") }, "\(found)")
    }

    @Test func aSwipedWordTheFieldLosesIsCaught() {
        // The word a swipe reported at a caret is taken out again at once (reported as typing);
        // over a selection the selection would go too, which other checks catch.
        final class Before { var selectionWasEmpty = true, text: String?, swipe: String? }
        let before = Before()
        let found = problems { event, window in
            let wasEmpty = before.selectionWasEmpty, textBefore = before.text, swipeBefore = before.swipe
            let replacements = window.keyboard.keyboardView?.swipeReplacements
            before.selectionWasEmpty = window.focusedEditor?.model.selection.isEmpty ?? true
            before.text = window.focusedEditor.map { $0.model.document.substring(0..<$0.model.utf16Count) }
            before.swipe = replacements.map { $0.inserted + "|" + $0.alternatives.joined(separator: "|") }
            // Only the lift that swiped: a new word in, the text changed by it.
            guard case .touch(_, 2, _, _) = event, wasEmpty, before.swipe != swipeBefore || before.text != textBefore,
                let editor = window.focusedEditor, let keyboard = window.keyboard.keyboardView,
                let swipe = keyboard.swipeReplacements, editor.model.selection.isEmpty
            else { return }
            let caret = editor.selectedRange.lowerBound
            guard caret >= swipe.inserted.utf16.count else { return }
            Self.change(editor, (caret - swipe.inserted.utf16.count)..<caret, "")
        }
        #expect(found.contains { $0.contains("a swipe put in") && $0.contains("did not change") }, "\(found)")
    }

    @Test func anOnScreenKeyTheKeyboardLosesIsCaught() {
        // The keyboard drops a key press: its touch is cancelled as it lands.
        let found = problems { event, window in
            guard case let .touch(finger, 0, x, y) = event, window.keyboard.isVisible, let keyboard = window.keyboard.keyboardView else { return }
            let point = Point(x: x, y: y)
            guard let key = keyboard.keyFrames.first(where: { keyboard.convert($0.frame, to: nil).contains(point) })?.key,
                case .text = key.action
            else { return }
            window.send(.touch(id: finger, phase: .cancelled, location: point))
        }
        #expect(found.contains { $0.contains("was sent (touch(") && $0.contains("never arrived") }, "\(found)")
    }

    @Test func aPasteThatNeverArrivesIsCaught() {
        // The paste is taken back as soon as it is made (through the change path: reported).
        let found = problems(seeds: Array(1...8)) { event, window in
            guard case let .key(code, _, modifiers, true, _) = event, code == KeyboardHIDUsage.letter("v")!.rawValue,
                !KeyModifierFlags(rawValue: modifiers).isDisjoint(with: [.control, .command]),
                let editor = window.focusedEditor, editor.model.canUndo
            else { return }
            editor.undo()
        }
        #expect(found.contains { $0.contains("\"paste\" was sent") && $0.contains("never arrived") }, "\(found)")
    }

    @Test func anEngineCommitInsertedTwiceIsCaught() {
        // The engine commits once; the text gets the commit a second time.
        let found = problems(seeds: [7, 8, 9], world: true, events: 2_000) { _, window in
            guard let engines = window.backend.textComposers as? RecordingComposers, let commit = engines.report.commits.last,
                let editor = window.focusedEditor
            else { return }
            editor.insertText(commit)
        }
        #expect(found.contains { $0.contains("a change no input explains") }, "\(found)")
    }

    @Test func aChangeRefusedForNoReasonIsCaught() {
        // Typed text is taken back and reported as refused, though the delegate and the rules allowed it.
        // Each seed alone: where the typed text replaced a selection, putting the text back without
        // it is caught as an unexplained change instead; the refusal check must catch it in one.
        let found = (1...5).flatMap { seed in
            problems(seeds: [UInt64(seed)]) { event, window in
                guard case let .text(text) = event, let editor = window.focusedEditor, !editor.isSecure, editor.model.markedRange == nil,
                    text.utf16.count == 1
                else { return }
                let caret = editor.selectedRange.lowerBound
                guard caret >= 1, editor.model.document.substring((caret - 1)..<caret) == text else { return }
                let document = editor.model.document
                let before = document.substring(0..<(caret - 1)) + document.substring(caret..<document.utf16Count)
                editor.model = TextEditingModel(text: before, allowsLineBreaks: !editor.isSingleLine)
                let change = TextEditingModel.Change(range: (caret - 1)..<(caret - 1), replacement: text, kind: .typing)
                window.textEditObserver?.editor(editor, offered: change, accepted: false)
            }
        }
        #expect(found.contains { $0.contains("was refused though the delegate allowed it") }, "\(found)")
    }
}
