// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// The editor's side of a composition against a stub editor (docs/behaviour/world-input.md):
/// committing it as it stands, dropping it, and the selection the host compares with.
@Suite @MainActor
struct CompositionTrackingTests {
    @Test func committingProposesThePreeditAsItStands() {
        let editor = StubEditor(text: "ab")
        let tracking = CompositionTracking(host: editor)
        tracking.commit(resettingInputMethod: true)
        #expect(editor.committed.isEmpty)  // nothing is composed
        editor.model.selection = TextSelection(caret: 2)
        editor.model.setMarkedText("ka")
        tracking.commit(resettingInputMethod: true)
        #expect(editor.committed.count == 1)
        #expect(editor.committed.first?.replacement == "ka" && editor.committed.first?.range == 2..<4)
    }

    @Test func cancellingDropsTheCompositionAndFinishesTheEdit() {
        let editor = StubEditor(text: "ab")
        let tracking = CompositionTracking(host: editor)
        editor.model.selection = TextSelection(caret: 2)
        editor.model.setMarkedText("ka")
        tracking.cancel()
        #expect(editor.model.markedRange == nil && editor.model.text == "ab")
        #expect(editor.finished == [.display])
    }

    @Test func theHostComparesWithTheSelectionBeforeTheComposition() {
        let editor = StubEditor(text: "ab")
        let tracking = CompositionTracking(host: editor)
        let before = TextSelection(caret: 2)
        editor.model.selection = before
        editor.model.setMarkedText("k")
        // While composing, each step reports what it was given, and the first drawn selection is kept.
        #expect(tracking.editDidFinish(selectionBefore: nil, drawn: before) == nil)
        editor.model.setMarkedText("ka")
        #expect(tracking.editDidFinish(selectionBefore: TextSelection(caret: 3), drawn: TextSelection(caret: 3)) == TextSelection(caret: 3))
        editor.model.cancelComposition()
        // Once it ends, the host compares with the selection before its first preedit, once.
        #expect(tracking.editDidFinish(selectionBefore: TextSelection(caret: 4), drawn: TextSelection(caret: 4)) == before)
        #expect(tracking.editDidFinish(selectionBefore: TextSelection(caret: 4), drawn: TextSelection(caret: 4)) == TextSelection(caret: 4))
    }
}
