// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// A button's title styled through its title label, as UIKit code does (`titleLabel?.numberOfLines = 0`):
/// a title too long for the button is drawn on two lines, not cut in its middle.
@Suite @MainActor
struct ButtonTitleLabelTests {
    /// The rows of the button that hold the title's blue ink.
    private func inkRows(lines: Int) throws -> [Int] {
        let host = try HeadlessWindow(size: Size(width: 300, height: 120), fonts: .bundled)
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        root.backgroundColor = .white
        host.window.rootView = root
        let button = Button(type: .system)
        button.setTitle("Enter code manually", for: .normal)
        button.titleLabel?.numberOfLines = lines
        button.titleLabel?.lineBreakMode = .byWordWrapping
        button.frame = CGRect(x: 10, y: 10, width: 120, height: 90)
        root.addSubview(button)
        host.settle()
        let image = try host.render()
        return (10..<100).filter { y in
            (10..<130).contains { x in
                let pixel = image.pixel(x: x, y: y)
                return pixel.b > 180 && pixel.r < 150
            }
        }
    }

    @Test func aTitleLabelOfManyLinesWrapsTheTitle() throws {
        let one = try inkRows(lines: 1), many = try inkRows(lines: 0)
        let oneSpan = (one.max() ?? 0) - (one.min() ?? 0), manySpan = (many.max() ?? 0) - (many.min() ?? 0)
        #expect(oneSpan > 0 && manySpan > oneSpan * 3 / 2, "one line spans \(oneSpan) rows, wrapped \(manySpan)")
    }
}
