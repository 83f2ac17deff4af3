// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// The space bar as a trackpad (issue 30): held, it types nothing, blanks the key labels and
/// moves the caret as the finger moves (characters across, lines up and down, visual order in
/// right-to-left text); the delegate sees selection changes only.
@Suite(.serialized) @MainActor
struct KeyboardTrackpadTests {
    private final class Recorder: TextFieldDelegate, TextViewDelegate {
        var calls: [String] = []
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("shouldChange")
            return true
        }
        func textFieldDidChangeSelection(_ textField: TextField) { calls.append("selection") }
        func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            calls.append("shouldChange")
            return true
        }
        func textViewDidChangeSelection(_ textView: TextView) { calls.append("selection") }
    }

    private func spaceBar(_ host: HeadlessWindow) throws -> Point {
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let space = try #require(keyboard.keyFrames.first { $0.key.action == .space })
        return keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
    }

    /// Holds the space bar, then slides the finger by `moves` (each applied in small steps).
    private func slide(_ host: HeadlessWindow, from start: Point, by moves: [(dx: Double, dy: Double)], check: (() -> Void)? = nil) {
        host.window.send(.touch(id: 1, phase: .began, location: start))
        host.advance(by: KeyboardView.longPressDelay + 0.05)
        var point = start
        for move in moves {
            for _ in 0..<4 {
                point = Point(x: point.x + move.dx / 4, y: point.y + move.dy / 4)
                host.advance(by: 0.016)
                host.window.send(.touch(id: 1, phase: .moved, location: point))
            }
        }
        check?()
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.settle()
    }

    @Test func aHeldSpaceBarMovesTheCaretByCharactersAndTypesNothing() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        field.text = "hello world"
        let recorder = Recorder()
        field.delegate = recorder
        #expect(field.becomeFirstResponder())
        host.settle()
        field.selectedTextRange = TextRange(5..<5)
        recorder.calls.removeAll()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let step = KeyboardView.trackpadStep.across
        slide(host, from: try spaceBar(host), by: [(step * 3 + 2, 0)]) {
            #expect(keyboard.isTrackpad, "the labels are blank while the trackpad is on")
        }
        #expect(!keyboard.isTrackpad)
        #expect(field.text == "hello world", "nothing typed, not even the space")
        #expect(field.editor.model.selection.head == 8)
        #expect(recorder.calls == ["selection", "selection", "selection"], "the delegate hears selection changes only")
        slide(host, from: try spaceBar(host), by: [(-step * 20, 0)])
        #expect(field.editor.model.selection.head == 0, "and back, stopping at the start")
        slide(host, from: try spaceBar(host), by: [(0, 80)])
        #expect(field.editor.model.selection.head == 0, "a field has no lines to move through")
    }

    @Test func aQuickTapOnTheSpaceBarStillTypesASpace() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        #expect(field.becomeFirstResponder())
        host.settle()
        host.input.type("a")
        host.input.tap(at: try spaceBar(host))
        #expect(field.text == "a ")
    }

    @Test func upAndDownMoveByLinesInATextView() throws {
        let textView = TextView(frame: Rect(x: 20, y: 20, width: 360, height: 160))
        let host = try makeKeyboardHost(width: 800, height: 480, textView)
        textView.text = "first line\nsecond line\nthird line"
        let recorder = Recorder()
        textView.delegate = recorder
        #expect(textView.becomeFirstResponder())
        host.settle()
        textView.selectedRange = NSRange(location: 3, length: 0)
        recorder.calls.removeAll()
        let lines = KeyboardView.trackpadStep.lines
        slide(host, from: try spaceBar(host), by: [(0, lines * 2 + 3)])
        #expect(textView.selectedRange == NSRange(location: 26, length: 0), "two lines down, the same column")
        slide(host, from: try spaceBar(host), by: [(0, -lines - 3), (KeyboardView.trackpadStep.across * 2 + 1, 0)])
        #expect(textView.selectedRange == NSRange(location: 16, length: 0), "a line up, two characters right")
        #expect(textView.text == "first line\nsecond line\nthird line" && !recorder.calls.contains("shouldChange"))
    }

    private func key(_ host: HeadlessWindow, _ label: String) throws -> Point {
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let key = try #require(keyboard.keyFrames.first { $0.key.label == label })
        return keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)
    }

    @Test func twoFingersLandingTogetherAndMovingAreTheTrackpadAndTypeNothing() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        field.text = "hello world"
        #expect(field.becomeFirstResponder())
        host.settle()
        field.selectedTextRange = TextRange(2..<2)
        let a = try key(host, "d"), b = try key(host, "j")
        host.window.send(.touch(id: 1, phase: .began, location: a))
        host.advance(by: 0.02)
        host.window.send(.touch(id: 2, phase: .began, location: b))
        let step = KeyboardView.trackpadStep.across
        for i in 1...8 {
            host.advance(by: 0.016)
            host.window.send(.touch(id: 2, phase: .moved, location: Point(x: b.x + (step * 4 + 12) * Double(i) / 8, y: b.y)))
        }
        #expect(host.window.keyboard.keyboardView?.isTrackpad == true)
        host.window.send(.touch(id: 2, phase: .ended, location: Point(x: b.x + step * 4 + 12, y: b.y)))
        host.window.send(.touch(id: 1, phase: .ended, location: a))
        host.settle()
        #expect(field.text == "hello world", "neither key typed")
        // The caret steps once the fingers have moved past the slop (12 points here): 36 points, 4 steps.
        #expect(field.editor.model.selection.head == 6)
    }

    @Test func twoFingersThatLiftWithoutMovingTypeBothKeysInOrderAndRolloverStillTypes() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        field.autocapitalizationType = .none
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        #expect(field.becomeFirstResponder())
        host.settle()
        let d = try key(host, "d"), j = try key(host, "j")
        // Together, the later finger lifting first: still d then j.
        host.window.send(.touch(id: 1, phase: .began, location: d))
        host.advance(by: 0.02)
        host.window.send(.touch(id: 2, phase: .began, location: j))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 2, phase: .ended, location: j))
        host.window.send(.touch(id: 1, phase: .ended, location: d))
        #expect(field.text == "dj")
        // Rollover at typing speed (the second finger 80 ms later) types as before.
        host.advance(by: 0.3)
        host.window.send(.touch(id: 1, phase: .began, location: j))
        host.advance(by: 0.08)
        host.window.send(.touch(id: 2, phase: .began, location: d))
        host.advance(by: 0.03)
        host.window.send(.touch(id: 1, phase: .ended, location: j))
        host.window.send(.touch(id: 2, phase: .ended, location: d))
        #expect(field.text == "djjd")
    }
}
