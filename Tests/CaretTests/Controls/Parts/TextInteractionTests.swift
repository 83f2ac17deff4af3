// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Testing) @testable import Caret

/// Touches, clicks and the edit menu against a stub editor (docs/behaviour/changing-text.md), in a
/// headless window (touches and the menu are the window's). The fixed-advance font puts each
/// character 10 points wide on 20-point lines.
@Suite @MainActor
struct TextInteractionTests {
    private func makeEditor(_ text: String = "hello world") throws -> (StubInteractionEditor, HeadlessWindow, RecordingEditorHost) {
        let window = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let editor = StubInteractionEditor(text: text)
        let host = RecordingEditorHost()
        editor.host = host
        window.rootView = View()
        window.rootView?.addSubview(editor)
        window.layout()
        return (editor, window, host)
    }

    @Test func aClickPlacesTheCaretAndMoreClicksSelectAWordThenAParagraph() throws {
        let (editor, window, _) = try makeEditor("hello world\nnext")
        window.input.click(at: Point(x: 31, y: 10))
        #expect(editor.model.selection == TextSelection(caret: 3))
        window.input.click(at: Point(x: 71, y: 10), count: 2)
        #expect(editor.model.selection.range == 6..<11)
        window.input.click(at: Point(x: 71, y: 10), count: 3)
        #expect(editor.model.selection.range == 0..<11)
    }

    @Test func shiftClickExtendsFromTheAnchor() throws {
        let (editor, window, _) = try makeEditor()
        window.input.click(at: Point(x: 21, y: 10))
        window.input.click(at: Point(x: 81, y: 10), modifiers: .shift)
        #expect(editor.model.selection == TextSelection(anchor: 2, head: 8))
    }

    @Test func aFingerPutsTheCaretAtAnEdgeOfTheTappedWord() throws {
        let (editor, window, _) = try makeEditor()
        window.input.tap(at: Point(x: 85, y: 10))  // in "world"
        #expect(editor.model.selection == TextSelection(caret: 11))
        window.advance(by: 1)  // not a double tap
        window.input.tap(at: Point(x: 63, y: 10))  // on its first character
        #expect(editor.model.selection == TextSelection(caret: 6))
    }

    @Test func theHostMayTakeATap() throws {
        let (editor, window, host) = try makeEditor()
        editor.model.selection = TextSelection(caret: 0)
        host.takesTaps = true
        window.input.click(at: Point(x: 51, y: 10))
        #expect(host.taps.count == 1)
        #expect(editor.selections == [TextSelection(caret: 5)])  // placed on the press, kept as the host took the tap
    }

    @Test func theSuggestedCommandsFollowTheSelectionAndSecurity() throws {
        let (editor, _, _) = try makeEditor()
        let ids = { editor.interaction.suggestedEditActions().map(\.identifier) }
        #expect(ids() == [.select, .selectAll])
        editor.model.selection = TextSelection(anchor: 0, head: 5)
        #expect(ids() == [.cut, .copy, .delete, .selectAll])
        editor.isSecure = true
        #expect(ids() == [.delete, .selectAll])
        editor.isEditable = false
        #expect(ids() == [.selectAll])
        editor.isSecure = false
        editor.interaction.suggestedEditActions().first { $0.identifier == .copy }?.handler()
        #expect(editor.commands == ["copy"])
    }

    @Test func theEditMenuShowsForTheFocusedEditorAndTellsTheHost() throws {
        let (editor, window, host) = try makeEditor()
        editor.model.selection = TextSelection(anchor: 0, head: 5)
        editor.hasFocus = false
        editor.interaction.showEditMenu()
        #expect(editor.interaction.editMenu == nil)
        editor.hasFocus = true
        editor.interaction.showEditMenu()
        #expect(editor.interaction.editMenu?.window != nil)
        #expect(host.menus == ["present"])
        editor.interaction.dismissEditMenu()
        #expect(editor.interaction.editMenu == nil && host.menus == ["present", "dismiss"])
        withExtendedLifetime(window) {}
    }
}
