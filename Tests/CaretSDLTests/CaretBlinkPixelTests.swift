// SPDX-License-Identifier: Apache-2.0

@_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The caret's blink as the screen shows it: drawn in the tint colour, gone (the field's own
/// background there) after the blink interval, back after another.
@Suite(.serialized) @MainActor
struct CaretBlinkPixelTests {
    /// The tint the test gives the field, and the field's background: far apart in every channel.
    private static let tint = Color(red: 0.8, green: 0.1, blue: 0.6)
    private static let background = Color(white: 1)

    @Test func theCaretIsDrawnThenGoneThenBackAsItBlinks() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 200), fonts: .bundled)
        let root = View()
        root.backgroundColor = Self.background
        let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        field.backgroundColor = Self.background
        field.tintColor = Self.tint
        root.addSubview(field)
        host.rootView = root
        host.window.keyboard.policy = .never
        #expect(field.becomeFirstResponder())
        let interval = field.editor.appearance.caretBlinkInterval
        let shown = try host.render()
        // Where the caret stands once the field is laid out, in the window's pixels (scale 1).
        let caret = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
        #expect(caret.width >= 1 && caret.height >= 10, "a caret to look for: \(caret)")
        // The pixels whose centres the caret covers, a pixel in from its ends.
        let columns = Int(caret.minX.rounded(.up))..<Int(caret.maxX.rounded(.down))
        let rows = (Int(caret.minY.rounded(.up)) + 1)..<(Int(caret.maxY.rounded(.down)) - 1)
        #expect(!columns.isEmpty && !rows.isEmpty, "\(caret)")

        func share(of color: Color, in image: Image) -> Double {
            let want = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
            var matching = 0
            for y in rows {
                for x in columns {
                    let p = image.pixel(x: x, y: y)
                    if zip([Int(p.r), Int(p.g), Int(p.b)], want).allSatisfy({ abs($0 - $1) <= 3 }) { matching += 1 }
                }
            }
            return Double(matching) / Double(columns.count * rows.count)
        }

        #expect(share(of: Self.tint, in: shown) == 1, "the caret is drawn in the tint at \(caret)")
        host.advance(by: interval + 0.05)
        let hidden = try host.render()
        #expect(share(of: Self.background, in: hidden) == 1, "after \(interval) s the caret is gone: the field's background at \(caret)")
        #expect(share(of: Self.tint, in: hidden) == 0)
        host.advance(by: interval)
        let back = try host.render()
        #expect(share(of: Self.tint, in: back) == 1, "after another \(interval) s the caret is back at \(caret)")
    }
}
