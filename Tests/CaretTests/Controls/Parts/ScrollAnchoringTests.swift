// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// Scroll anchoring against a stub editor: the host hears of every height report, and of how far
/// the line kept in place moved when lines above it changed height.
@Suite @MainActor
struct ScrollAnchoringTests {
    /// Ten paragraphs of 20 characters (200 points at the fixed-advance font: one line each at 300).
    private func makeEditor() -> (StubEditor, RecordingEditorHost) {
        let editor = StubEditor(text: Array(repeating: String(repeating: "a", count: 20), count: 10).joined(separator: "\n"))
        let host = RecordingEditorHost()
        editor.host = host
        return (editor, host)
    }

    @Test func theHostHearsOfHeightsAndTheFirstVisibleLineStaysInPlace() {
        let (editor, host) = makeEditor()
        let anchoring = editor.scrollAnchoring
        #expect(anchoring.heightIsUnreported)
        anchoring.reportHeightChange()
        #expect(!anchoring.heightIsUnreported && host.heightChanges == 1 && host.shifts.isEmpty)
        let top = editor.layout.lineTop(at: 105)  // the sixth paragraph
        anchoring.anchorFirstVisibleLine(at: top)
        #expect(anchoring.anchor?.offset == 105)
        editor.layout.wrapWidth = 100  // every paragraph above wraps onto two lines
        anchoring.reportHeightChange()
        let shift = editor.layout.lineTop(at: 105) - top
        #expect(shift > 0 && host.shifts == [shift] && host.heightChanges == 2)
        #expect(anchoring.anchor?.y == editor.layout.lineTop(at: 105))
    }

    @Test func afterAnEditTheCaretsLineIsKeptUntilForgotten() {
        let (editor, _) = makeEditor()
        let anchoring = editor.scrollAnchoring
        editor.model.selection = TextSelection(caret: 130)
        anchoring.anchorAtCaret()
        #expect(anchoring.anchor?.offset == 130)
        anchoring.anchorFirstVisibleLine(at: 0)  // the layout phase keeps the caret's line
        #expect(anchoring.anchor?.offset == 130)
        anchoring.forget()
        #expect(anchoring.anchor == nil)
        anchoring.anchorFirstVisibleLine(at: 0)
        #expect(anchoring.anchor?.offset == 0)
    }

    @Test func aSingleLineOrAnUnfocusedEditorKeepsNoLine() {
        let (editor, _) = makeEditor()
        editor.hasFocus = false
        editor.scrollAnchoring.anchorAtCaret()
        #expect(editor.scrollAnchoring.anchor == nil)
        editor.hasFocus = true
        editor.isSingleLine = true
        editor.scrollAnchoring.anchorAtCaret()
        editor.scrollAnchoring.anchorFirstVisibleLine(at: 0)
        #expect(editor.scrollAnchoring.anchor == nil)
    }
}
