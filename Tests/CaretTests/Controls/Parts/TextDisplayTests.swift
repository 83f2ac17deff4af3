// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// What an editor shows, against a stub editor: masked text with its briefly revealed character,
/// the host's decorations made once per edit, and damage kept to the editor's bounds.
@Suite @MainActor
struct TextDisplayTests {
    @Test func maskedTextShowsBulletsAndARevealedCharacterUntilItsTimeEnds() {
        let editor = StubEditor(text: "abc")
        let display = editor.display
        #expect(display.document.string == "abc")
        display.masksText = true
        #expect(display.document.string == "•••")
        display.reveal(2..<3)
        #expect(display.document.string == "••c")
        editor.advance(by: display.revealDuration / 2)
        #expect(display.document.string == "••c")
        editor.advance(by: display.revealDuration)
        #expect(display.revealedRange == nil && display.document.string == "•••")
    }

    @Test func theHostsDecorationsAreMadeOncePerEdit() {
        let editor = StubEditor(text: "see example.com")
        let host = RecordingEditorHost()
        editor.host = host
        _ = editor.display.document
        #expect(host.decorations == 0)  // a host that does not decorate is not asked
        host.decoratesText = true
        _ = editor.display.document
        _ = editor.display.document
        #expect(host.decorations == 1)
        editor.model.replaceProgrammatically(0..<0, with: "I ")
        _ = editor.display.document
        #expect(host.decorations == 2)
        editor.display.decorationsDidChange()
        #expect(host.decorations == 3)  // laid out again at once
    }

    @Test func damageIsABandAcrossTheEditorWithinItsBounds() {
        let editor = StubEditor(text: "abc")
        editor.textOrigin = Point(x: 4, y: 10)
        editor.display.damage(band: 0...20)
        editor.display.damage(band: -50...5)  // clipped at the top
        editor.display.damage(band: 500...600)  // below the editor: nothing
        #expect(editor.damaged == [Rect(x: 0, y: 10, width: 300, height: 20), Rect(x: 0, y: 0, width: 300, height: 15)])
    }

    @Test func selectionDamageIncludesTheHandlesWhileTheyShow() {
        let editor = StubEditor(text: "abc")
        editor.model.selection = TextSelection(anchor: 0, head: 2)
        editor.showsSelectionHandles = true
        editor.display.damageSelection()
        #expect(editor.display.drawn.handles)
        #expect(abs(editor.display.drawnBand.lowerBound - (editor.layout.caretRect(at: 0).minY - 14)) < 1e-9)
        editor.showsSelectionHandles = false
        editor.display.handlesDidChange()
        #expect(!editor.display.drawn.handles)
    }
}
