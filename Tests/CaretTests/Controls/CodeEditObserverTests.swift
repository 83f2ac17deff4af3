// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Testing

/// What code does to a field's text reaches the window's edit observer (the soak's oracle, the
/// demo's trace), also when the field was out of the window at the time: a table's reused cell
/// is set for its new row before it is shown (soak seed 450000123).
@Suite @MainActor
struct CodeEditObserverTests {
    final class Heard: TextEditObserver {
        var sets: [(ObjectIdentifier, String)] = []
        func editor(_ editor: TextEditingView, didReplace replacements: [TextEditingModel.Replacement]) {}
        func editor(_ editor: TextEditingView, offered change: TextEditingModel.Change, accepted: Bool) {}
        func window(_ window: Window, droppedText text: String, reason: DroppedTextReason) {}
        func editor(_ editor: TextEditingView, codeReplaced range: Range<Int>?, with text: String) {
            sets.append((ObjectIdentifier(editor), text))
        }
    }

    @Test func textSetOutOfTheWindowIsToldWhenTheFieldComesBack() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 200), fonts: .fixedAdvance(ratio: 0.5))
        let root = View()
        host.rootView = root
        let heard = Heard()
        host.window.textEditObserver = heard
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        root.addSubview(field)
        field.text = "in the window"
        #expect(heard.sets.map(\.1) == ["in the window"])
        field.removeFromSuperview()
        field.text = "set away"
        field.text = "set away, then again"
        #expect(heard.sets.count == 1, "nothing to tell while away")
        root.addSubview(field)
        #expect(heard.sets.map(\.1) == ["in the window", "set away, then again"])
        #expect(heard.sets.last?.0 == ObjectIdentifier(field.editor))
        root.addSubview(field)  // back without a change: nothing more
        field.removeFromSuperview()
        root.addSubview(field)
        #expect(heard.sets.count == 2)
    }
}
