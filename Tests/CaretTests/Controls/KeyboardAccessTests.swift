// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Full keyboard access (issue 40 item 6, docs/behaviour/focus-and-editing.md): Tab reaches
/// buttons as well as fields, Space and Return activate a focused button, a keyboard-driven start
/// focuses the first control, and a text view that types tabs is left with Ctrl+Tab or Escape.
@Suite(.serialized) @MainActor
struct KeyboardAccessTests {
    /// A window with, in reading order: field A, button "Go", field B, a text view.
    private func make() throws -> (HeadlessWindow, [TextField], Button, TextView, () -> Int) {
        let host = try makeHost(width: 400, height: 400)
        let root = View()
        var taps = 0
        let a = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 30))
        a.accessibilityIdentifier = "A"
        let go = Button(title: "Go") { _ in taps += 1 }
        go.frame = Rect(x: 10, y: 60, width: 80, height: 44)
        let b = TextField(frame: Rect(x: 10, y: 120, width: 200, height: 30))
        b.accessibilityIdentifier = "B"
        let notes = TextView(frame: Rect(x: 10, y: 170, width: 300, height: 100))
        for view in [a, go, b, notes] as [View] { root.addSubview(view) }
        host.rootView = root
        host.layout()
        return (host, [a, b], go, notes, { taps })
    }

    private func ids(_ views: [View]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    @Test func tabReachesEveryControlInReadingOrderAndShiftTabGoesBack() throws {
        let (host, fields, go, notes, _) = try make()
        let disabled = Button(title: "Off")
        disabled.frame = Rect(x: 100, y: 60, width: 80, height: 44)
        disabled.isEnabled = false
        host.rootView?.addSubview(disabled)
        #expect(ids(host.window.focus.focusableViewsInOrder()) == ids([fields[0], go, fields[1], notes]))  // not the disabled one
        var visited: [View] = []
        for _ in 0..<5 {
            host.input.key(.keyboardTab)
            visited.append(try #require(host.window.firstResponder as? View))
        }
        // Tab from nothing focuses the first; the fifth Tab is typed in the editing text view.
        #expect(ids(visited) == ids([fields[0], go, fields[1], notes, notes]))
        #expect(notes.text == "\t")
        host.input.key(.keyboardTab, modifiers: .control)
        #expect(fields[0].isFirstResponder)  // Ctrl+Tab leaves it, wrapping round
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(notes.isFirstResponder)
        host.input.key(.keyboardTab, modifiers: [.control, .shift])
        #expect(fields[1].isFirstResponder)
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(go.isFirstResponder && go.state.contains(.focused))
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(fields[0].isFirstResponder)
    }

    @Test func spaceAndReturnActivateAFocusedButtonOnce() throws {
        let (host, fields, go, _, taps) = try make()
        fields[0].becomeFirstResponder()
        host.input.key(.keyboardTab)
        #expect(go.isFirstResponder)
        #expect(!host.window.keyboard.isVisible || host.window.keyboard.policy == .always)
        host.input.key(.keyboardSpacebar, characters: " ")
        host.input.type(" ")  // the key's text reaches no one
        #expect(taps() == 1)
        host.input.key(.keyboardReturnOrEnter)
        #expect(taps() == 2)
        let held = Key(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: [])
        host.window.send(.key(held, isDown: true, isRepeat: true))  // auto-repeat does not fire it again
        #expect(taps() == 2)
        #expect(go.isFirstResponder && fields.allSatisfy { $0.text == "" })
        // A tap on the button fires it without taking focus from a field (as UIKit).
        fields[1].becomeFirstResponder()
        host.input.tap(go)
        #expect(taps() == 3 && fields[1].isFirstResponder)
    }

    @Test func fieldsKeepTheirDelegateOrderAndReturnNextSkipsButtons() throws {
        let (host, fields, go, _, _) = try make()
        let delegate = RecordingDelegate()
        for field in fields { field.delegate = delegate }
        fields[0].becomeFirstResponder()
        delegate.log.removeAll()
        host.input.key(.keyboardTab)
        #expect(go.isFirstResponder)
        #expect(delegate.log.first == "shouldEnd A" && delegate.log.contains { $0.hasPrefix("didEnd A committed") })
        delegate.log.removeAll()
        host.input.key(.keyboardTab)
        #expect(fields[1].isFirstResponder && delegate.log.first == "shouldBegin B")
        #expect(delegate.log.contains { $0.hasPrefix("didBegin B") })
        // Return with `.next` goes to the next field, never to a button between.
        host.window.returnKeyNavigation = true
        fields[0].returnKeyType = .next
        fields[0].becomeFirstResponder()
        delegate.log.removeAll()
        host.input.key(.keyboardReturnOrEnter)
        #expect(delegate.log.first == "shouldReturn A")
        #expect(fields[1].isFirstResponder)
    }

    @Test func aKeyboardDrivenStartFocusesTheFirstControl() throws {
        // Tab with nothing focused: the first control; Shift+Tab: the last.
        var (host, fields, _, notes, _) = try make()
        #expect(host.window.firstResponder == nil)
        host.input.key(.keyboardTab)
        #expect(fields[0].isFirstResponder)
        (host, fields, _, notes, _) = try make()
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(notes.isFirstResponder)
        // The first key of a keyboard-only start reaches the first control: typing goes into it.
        (host, fields, _, _, _) = try make()
        host.input.key(KeyboardHIDUsage.letter("h")!, characters: "h")
        host.input.type("h")
        #expect(fields[0].isFirstResponder && fields[0].text == "h")
        // A letter at such a start goes into the first field even with a button before it (a
        // title bar's); Return there reaches the button.
        func addBarButton() -> Button {  // above field A, first in reading order
            let button = Button(title: "Language")
            button.frame = Rect(x: 300, y: 2, width: 90, height: 30)
            host.window.rootView?.addSubview(button)
            host.layout()
            return button
        }
        (host, fields, _, _, _) = try make()
        let first = addBarButton()
        #expect(host.window.focus.focusableViewsInOrder().first === first)
        // As SDL sends it: the key with only its unmodified character, its text after it.
        let h = Key(keyCode: KeyboardHIDUsage.letter("h")!, characters: "", charactersIgnoringModifiers: "h", modifierFlags: [])
        host.window.send([.key(h, isDown: true, isRepeat: false), .textInput("h", origin: .key)])
        host.window.send(.key(h, isDown: false, isRepeat: false))
        #expect(fields[0].isFirstResponder && fields[0].text == "h")
        (host, fields, _, _, _) = try make()
        let button = addBarButton()
        host.input.key(.keyboardReturnOrEnter)
        #expect(button.isFirstResponder)
        // Once a pointer was used, a stray key focuses nothing (Tab still does).
        (host, fields, _, _, _) = try make()
        host.input.click(at: Point(x: 390, y: 390))
        host.input.key(KeyboardHIDUsage.letter("h")!, characters: "h")
        #expect(host.window.firstResponder == nil)
        host.input.key(.keyboardTab)
        #expect(fields[0].isFirstResponder)
    }

    @Test func aFirstButtonIsActivatedByTheFirstReturn() throws {
        let host = try makeHost()
        var taps = 0
        let start = Button(title: "Start") { _ in taps += 1 }
        start.frame = Rect(x: 20, y: 20, width: 120, height: 44)
        let root = View()
        root.addSubview(start)
        host.rootView = root
        host.layout()
        host.input.key(.keyboardReturnOrEnter)
        #expect(start.isFirstResponder && taps == 1)
    }

    @Test func escapeEndsEditingInATextViewAndLeavesFocusOnIt() throws {
        let (host, fields, _, notes, _) = try make()
        final class Log: TextViewDelegate {
            var log: [String] = []
            func textViewShouldEndEditing(_ textView: TextView) -> Bool { log.append("shouldEnd"); return true }
            func textViewDidEndEditing(_ textView: TextView) { log.append("didEnd") }
            func textViewDidBeginEditing(_ textView: TextView) { log.append("didBegin") }
        }
        let delegate = Log()
        notes.delegate = delegate
        notes.becomeFirstResponder()
        host.input.type("x")
        host.input.key(.keyboardTab)
        #expect(notes.text == "x\t")
        host.input.key(.keyboardEscape)
        #expect(notes.isFirstResponder && !notes.isEditing && notes.isEditable)
        #expect(delegate.log == ["didBegin", "shouldEnd", "didEnd"])
        host.input.type("y")  // not editing: typing changes nothing
        #expect(notes.text == "x\t")
        // Return edits again; Escape, then Tab moves on (wrapping to the first field).
        host.input.key(.keyboardReturnOrEnter)
        #expect(notes.isEditing && delegate.log.last == "didBegin")
        host.input.key(.keyboardEscape)
        host.input.key(.keyboardTab)
        #expect(fields[0].isFirstResponder && notes.text == "x\t")
        // Back in the text view it edits at once, as before.
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(notes.isFirstResponder && notes.isEditing)
    }
}
