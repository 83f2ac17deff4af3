// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Focus that can no longer stay (docs/behaviour/focus-and-editing.md): a focused control that is
/// disabled or hidden (or inside a hidden view) passes keyboard focus on to the next view in
/// focus order, or to none; and a text field's side views are Tab stops right after it.
@Suite(.serialized) @MainActor
struct KeyboardFocusLossTests {
    /// In reading order: field A, a panel holding buttons One and Two, field B.
    private func make() throws -> (HeadlessWindow, a: TextField, panel: View, one: Button, two: Button, b: TextField) {
        let host = try makeHost(width: 400, height: 400)
        let root = View()
        let a = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        let panel = View(frame: Rect(x: 0, y: 60, width: 400, height: 60))
        let one = Button(title: "One")
        one.frame = Rect(x: 10, y: 0, width: 80, height: 44)
        let two = Button(title: "Two")
        two.frame = Rect(x: 100, y: 0, width: 80, height: 44)
        for view in [one, two] { panel.addSubview(view) }
        let b = TextField(frame: Rect(x: 10, y: 140, width: 200, height: 30))
        for view in [a, panel, b] { root.addSubview(view) }
        host.rootView = root
        host.layout()
        return (host, a, panel, one, two, b)
    }

    /// A "Show" button as the field's right view, always shown.
    private func addRevealButton(to field: TextField, in host: HeadlessWindow) -> Button {
        let reveal = Button(title: "Show")
        reveal.frame = Rect(x: 0, y: 0, width: 30, height: 30)
        field.rightView = reveal
        field.rightViewMode = .always
        host.layout()
        return reveal
    }

    @Test func aFocusedButtonThatIsDisabledOrHiddenPassesFocusOn() throws {
        let (host, a, _, one, two, b) = try make()
        host.input.key(.keyboardTab)
        host.input.key(.keyboardTab)
        #expect(one.isFirstResponder)
        one.isEnabled = false
        #expect(two.isFirstResponder)  // the next in order
        two.isHidden = true
        #expect(b.isFirstResponder && b.isEditing)
        b.isEnabled = false
        #expect(a.isFirstResponder)  // wrapping round
        host.input.key(.keyboardTab)
        #expect(host.window.firstResponder === a, "nothing else is left to Tab to")
        a.isHidden = true
        #expect(host.window.firstResponder == nil)  // none left
    }

    @Test func hidingAViewThatHoldsFocusPassesItOnPastTheHiddenViews() throws {
        let (host, _, panel, one, _, b) = try make()
        host.input.key(.keyboardTab)
        host.input.key(.keyboardTab)
        #expect(one.isFirstResponder)
        panel.isHidden = true
        #expect(b.isFirstResponder)
    }

    @Test func afterATapADisabledFieldLetsFocusGoNowhere() throws {
        let (host, a, _, _, _, _) = try make()
        host.input.tap(a)
        #expect(a.isFirstResponder)
        a.isEnabled = false
        #expect(host.window.firstResponder == nil)
    }

    /// A keyboard alone reaches a field's reveal button (WCAG 2.1.1; a guest found the
    /// password's eye out of the Tab order): right after its field, before what follows it.
    @Test func aFieldsSideViewsAreTabStopsRightAfterIt() throws {
        let (host, a, _, one, _, _) = try make()
        let reveal = addRevealButton(to: a, in: host)
        let order = host.window.focus.focusableViewsInOrder()
        let field = try #require(order.firstIndex { $0 === a })
        #expect(order.indices.contains(field + 1) && order[field + 1] === reveal, "\(order)")
        host.input.key(.keyboardTab)
        #expect(a.isFirstResponder)
        host.input.key(.keyboardTab)
        #expect(reveal.isFirstResponder, "the field's button follows it")
        host.input.key(.keyboardTab)
        #expect(one.isFirstResponder)  // then what follows the field
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(reveal.isFirstResponder)
        a.rightViewMode = .never
        host.layout()
        #expect(!host.window.focus.focusableViewsInOrder().contains { $0 === reveal }, "a side view not shown is no stop")
    }

    /// Keys that reach a field from its focused side view (the responder chain runs through the
    /// field) edit nothing: the field is not the first responder, so Ctrl+V, a letter or Backspace
    /// leave its text as it was.
    @Test func keysFromAFieldsFocusedSideViewDoNotEditTheField() throws {
        let (host, a, _, _, _, _) = try make()
        a.text = "kept"
        let reveal = addRevealButton(to: a, in: host)
        host.input.key(.keyboardTab)
        host.input.key(.keyboardTab)
        #expect(reveal.isFirstResponder)
        host.window.backend.clipboard.string = "pasted"
        host.input.key(KeyboardHIDUsage(rawValue: 0x19), characters: "v", modifiers: .control)  // V
        host.input.type("x")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(a.text == "kept")
        #expect(reveal.isFirstResponder)
    }
}
