// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// An `NSAttributedString` placeholder (issue 45) draws in the colour it was sent with, measured on
/// rendered pixels with the bundled fonts.
@Suite(.serialized) @MainActor
struct AttributedPlaceholderPixelTests {
    /// The pixels of the field's inside (inside its border) as RGB triples.
    private func inside(_ field: TextField, in host: HeadlessWindow) throws -> [(Int, Int, Int)] {
        let image = try host.render()
        let frame = field.convert(field.bounds, to: nil).insetBy(dx: 3, dy: 3)
        let s = image.scale
        var pixels: [(Int, Int, Int)] = []
        for y in Int(frame.minY * s)..<Int(frame.maxY * s) {
            for x in Int(frame.minX * s)..<Int(frame.maxX * s) {
                let i = (y * image.pixelWidth + x) * 4
                pixels.append((Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2])))
            }
        }
        return pixels
    }

    @Test func thePlaceholderDrawsInTheColourItsAttributedStringGave() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 120), fonts: .bundled)
        let root = View(frame: Rect(x: 0, y: 0, width: 360, height: 120))
        root.backgroundColor = .white
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 30, width: 300, height: 44))
        field.borderStyle = .roundedRect
        root.addSubview(field)
        field.attributedPlaceholder = NSAttributedString(
            string: "Email", attributes: [.foregroundColor: Color.red, .font: Font.boldSystemFont(ofSize: 24)])
        host.settle()
        let red = try inside(field, in: host).filter { $0.0 > 230 && $0.1 < 40 && $0.2 < 40 }
        #expect(red.count > 40, "solid red ink in the glyphs' stems: \(red.count)")
        // The same placeholder without the colour draws grey: no red at all.
        field.attributedPlaceholder = NSAttributedString(string: "Email", attributes: [.font: Font.boldSystemFont(ofSize: 24)])
        host.settle()
        let pixels = try inside(field, in: host)
        #expect(!pixels.contains { $0.0 > $0.1 + 30 })
        #expect(pixels.contains { $0.0 < 200 }, "grey ink drawn")
    }
}
