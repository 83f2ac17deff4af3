// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Keyboard avoidance has one path (docs/behaviour/avoidance.md): edits, caret moves, keyboard
/// transitions and focus changes ask for the pass, and the window's layout phase runs it, once
/// however often it was asked. The layout phase itself settles within a few passes.
@Suite(.serialized) @MainActor
struct AvoidanceInTheLayoutPhaseTests {
    /// A focused text view reaching under the shown keyboard, the host settled.
    func focusedTextView() throws -> (HeadlessWindow, TextView) {
        let host = try makeKeyboardHost(width: 800, height: 480)
        let textView = TextView(frame: Rect(x: 20, y: 30, width: 500, height: 440))
        host.rootView?.addSubview(textView)
        host.settle()
        #expect(textView.becomeFirstResponder())
        host.settle()
        host.drawFrame()
        return (host, textView)
    }

    /// A keystroke asks for the pass from its edit, its caret move and its selection change; no
    /// pass runs until the layout phase, and the layout phase runs it once.
    @Test func aKeystrokeRunsThePassOnceAndOnlyInTheLayoutPhase() throws {
        let (host, textView) = try focusedTextView()
        #expect(host.window.keyboard.isVisible)
        for typed in 1...6 {
            let before = host.window.keyboardAvoidance.passes
            host.input.key(.keyboardReturnOrEnter)
            #expect(textView.text == String(repeating: "\n", count: typed))
            #expect(host.window.keyboardAvoidance.passes == before, "Return \(typed): the pass ran outside the layout phase")
            host.drawFrame()
            let ran = host.window.keyboardAvoidance.passes - before
            #expect(ran == 1, "Return \(typed): the frame ran the pass \(ran) times")
            // Nothing asked since: the next frame runs none.
            host.window.setNeedsFrame()
            host.drawFrame()
            #expect(host.window.keyboardAvoidance.passes == before + 1)
        }
    }

    /// The keyboard coming up asks for the pass; the pass runs in the frame after, not in the
    /// call that focused the field.
    @Test func focusingAFieldRunsThePassInTheNextLayoutPhase() throws {
        let host = try makeKeyboardHost(width: 800, height: 480)
        let field = TextField(frame: Rect(x: 20, y: 420, width: 300, height: 40))
        host.rootView?.addSubview(field)
        host.settle()
        let before = host.window.keyboardAvoidance.passes
        #expect(field.becomeFirstResponder())
        #expect(host.window.keyboardAvoidance.passes == before)
        host.window.layoutIfNeeded()
        #expect(host.window.keyboardAvoidance.passes == before + 1)
        host.settle()
        let frame = field.convert(field.bounds, to: nil)
        #expect(frame.maxY <= host.window.keyboardAvoidance.keyboardTop, "the field \(frame) is under the keyboard")
    }
}
