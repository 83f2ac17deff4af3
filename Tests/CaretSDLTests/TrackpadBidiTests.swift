// SPDX-License-Identifier: Apache-2.0

import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// The space-bar trackpad in right-to-left text (issue 30): ICU's bidi puts Hebrew right to
/// left, and the finger moving right moves the caret right on screen, backwards in the text.
@Suite(.serialized) @MainActor
struct TrackpadBidiTests {
    @Test func rightToLeftTextMovesInVisualOrder() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .bundled)
        host.window.keyboard.policy = .always
        let root = View(frame: host.window.bounds)
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        root.addSubview(field)
        field.text = "שלום עולם"
        #expect(field.becomeFirstResponder())
        host.settle()
        field.selectedTextRange = TextRange(4..<4)
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let space = try #require(keyboard.keyFrames.first { $0.key.action == .space })
        let start = keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
        func slide(by dx: Double) {
            host.window.send(.touch(id: 1, phase: .began, location: start))
            host.advance(by: KeyboardView.longPressDelay + 0.05)
            for i in 1...6 {
                host.advance(by: 0.016)
                host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x + dx * Double(i) / 6, y: start.y)))
            }
            host.window.send(.touch(id: 1, phase: .ended, location: Point(x: start.x + dx, y: start.y)))
            host.settle()
        }
        let step = KeyboardView.trackpadStep.across
        slide(by: step * 2 + 1)
        #expect(field.editor.model.selection.head == 2, "right on screen is backward in Hebrew")
        slide(by: -step * 3 - 1)
        #expect(field.editor.model.selection.head == 5)
        #expect(field.text == "שלום עולם")
    }
}
