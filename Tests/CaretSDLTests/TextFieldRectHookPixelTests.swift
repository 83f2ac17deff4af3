// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Testing

/// UIKit's rectangle hooks honoured by drawing (issue 45), measured on rendered pixels with the
/// bundled fonts: the placeholder and the text start where `placeholderRect` and `textRect` put
/// them, and the clear button is drawn where `clearButtonRect` puts it.
@Suite(.serialized) @MainActor
struct TextFieldRectHookPixelTests {
    final class HookedField: TextField {
        var inset = 40.0
        override func textRect(forBounds bounds: Rect) -> Rect { bounds.insetBy(dx: inset, dy: 0) }
        override func placeholderRect(forBounds bounds: Rect) -> Rect { bounds.insetBy(dx: inset + 20, dy: 0) }
        override func clearButtonRect(forBounds bounds: Rect) -> Rect { Rect(x: 4, y: bounds.midY - 9.5, width: 19, height: 19) }
    }

    /// The first column (points, in the field) with ink darker than the field's white inside
    /// its border, on the field's middle rows.
    private func firstInk(of field: TextField, in host: HeadlessWindow) throws -> Double? {
        let image = try host.render()
        let frame = field.convert(field.bounds, to: nil)
        let s = image.scale
        for x in Int((frame.minX + 3) * s)..<Int((frame.maxX - 3) * s) {
            for y in Int((frame.midY - 8) * s)..<Int((frame.midY + 8) * s) {
                let i = (y * image.pixelWidth + x) * 4
                if (0..<3).map({ Int(image.pixels[i + $0]) }).max()! < 160 { return Double(x) / s - frame.minX }
            }
        }
        return nil
    }

    private func rig(_ field: TextField) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 360, height: 120), fonts: .bundled)
        let root = View(frame: Rect(x: 0, y: 0, width: 360, height: 120))
        root.backgroundColor = .white
        host.rootView = root
        field.frame = Rect(x: 20, y: 30, width: 300, height: 44)
        field.borderStyle = .roundedRect
        root.addSubview(field)
        host.settle()
        return host
    }

    @Test func thePlaceholderAndTheTextStartAtTheirHookedRectangles() throws {
        let plain = TextField()
        plain.placeholder = "Name"
        let plainInk = try #require(try firstInk(of: plain, in: rig(plain)))
        #expect(plainInk < 12, "the default padding: \(plainInk)")
        let field = HookedField()
        field.placeholder = "Name"
        let host = try rig(field)
        let placeholderInk = try #require(try firstInk(of: field, in: host))
        #expect(placeholderInk >= 60 && placeholderInk < 64, "\(placeholderInk)")
        field.text = "Ada"
        host.settle()
        let textInk = try #require(try firstInk(of: field, in: host))
        #expect(textInk >= 40 && textInk < 44, "\(textInk)")
        // The clear button, drawn at its hooked place at the left, comes before the text.
        field.clearButtonMode = .always
        host.settle()
        let buttonInk = try #require(try firstInk(of: field, in: host))
        #expect(buttonInk >= 4 && buttonInk < 8, "\(buttonInk)")
    }

    /// Text longer than the field, scrolled while editing, is clipped to `editingRect`: nothing of
    /// it is drawn in the padding (a helper porting a padded field saw it run up to the border).
    @Test func scrolledTextStaysInsideTheEditingRectangle() throws {
        final class PaddedField: TextField {
            override func textRect(forBounds bounds: Rect) -> Rect { bounds.insetBy(dx: 40, dy: 0) }
            override func editingRect(forBounds bounds: Rect) -> Rect { bounds.insetBy(dx: 40, dy: 0) }
        }
        let field = PaddedField()
        let host = try rig(field)
        #expect(field.becomeFirstResponder())
        field.insertText(String(repeating: "Wide words overflow ", count: 6))
        host.settle()
        let image = try host.render()
        let frame = field.convert(field.bounds, to: nil)
        let s = image.scale
        func inkColumns(_ from: Double, _ to: Double) -> Int {
            var count = 0
            for x in Int((frame.minX + from) * s)..<Int((frame.minX + to) * s) {
                let dark = (Int((frame.midY - 8) * s)..<Int((frame.midY + 8) * s)).contains { y in
                    let i = (y * image.pixelWidth + x) * 4
                    return (0..<3).map({ Int(image.pixels[i + $0]) }).max()! < 160
                }
                if dark { count += 1 }
            }
            return count
        }
        #expect(inkColumns(42, 258) > 50, "the text shows in its rectangle")
        #expect(inkColumns(3, 39) == 0, "nothing in the left padding")
        #expect(inkColumns(261, 297) == 0, "nothing in the right padding")
    }
}
