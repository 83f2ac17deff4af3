// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// A button's styled title, set as the "enter a code" screen sets it (`setAttributedTitle(_:for:)`
/// with an underline, a grey colour and a 14-point font): drawn and measured in its own font,
/// colour and underline, and read by screen readers.
@Suite @MainActor
struct ButtonAttributedTitleTests {
    private let title = "Enter Manually"

    /// The snippet's lines, as written in UIKit (less the prefix).
    private func manualEntryButton(in parent: View) -> Button {
        let range = NSRange(location: 0, length: title.count)
        let string = NSMutableAttributedString(string: title)
        string.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: range)
        string.addAttribute(.foregroundColor, value: Color.systemGray.cgColor, range: range)
        string.addAttribute(.font, value: Font.systemFont(ofSize: 14.0), range: range)
        let button = Button()
        parent.addSubview(button)
        button.setAttributedTitle(string, for: .normal)
        button.sizeToFit()
        return button
    }

    @Test func anAttributedTitleIsMeasuredInItsOwnFont() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 100), fonts: .bundled)
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        host.window.rootView = root
        let button = manualEntryButton(in: root)
        let expected = host.window.backend.fontProvider.shape(title, font: .systemFont(ofSize: 14)).width
        let plain = host.window.backend.fontProvider.shape(title, font: button.titleFont).width
        #expect(abs(button.frame.width - (expected + button.contentEdgeInsets.horizontal).rounded(.up)) < 1, "\(button.frame)")
        #expect(expected < plain - 5, "14 points is narrower than the button's own font")
        #expect(button.currentAttributedTitle?.string == title && button.attributedTitle(for: .highlighted)?.string == title)
        #expect(button.currentTitle == nil, "the plain title stays unset, as in UIKit")
        #expect(button.accessibilityLabel == title)
    }

    @Test func anAttributedTitleIsDrawnInItsColourWithItsUnderline() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 100), fonts: .bundled)
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        root.backgroundColor = .white
        host.window.rootView = root
        let button = manualEntryButton(in: root)
        button.frame.origin = CGPoint(x: 20, y: 20)
        host.settle()
        let image = try host.render()
        let gray = (r: Int((Color.systemGray.red * 255).rounded()), b: Int((Color.systemGray.blue * 255).rounded()))
        let frame = button.frame
        let columns = Int(frame.minX)..<Int(frame.maxX), rows = Int(frame.minY)..<Int(frame.maxY)
        // Ink: anything not white. Grey text on white is never darker than its grey, and its
        // darkest pixels are that grey (blue a little above red); the tint is blue.
        let ink = rows.flatMap { y in columns.map { (x: $0, y: y, p: image.pixel(x: $0, y: y)) } }.filter { $0.p.r < 235 }
        let darkest = try #require(ink.min { $0.p.r < $1.p.r })
        #expect(abs(Int(darkest.p.r) - gray.r) <= 2 && abs(Int(darkest.p.b) - gray.b) <= 2, "darkest ink \(darkest.p)")
        #expect(!ink.contains { $0.p.b > 180 && $0.p.r < 120 }, "nothing in the tint colour")
        // The underline: a row inked across (nearly) the whole title, below the letters' middle.
        let textWidth = host.window.backend.fontProvider.shape(title, font: .systemFont(ofSize: 14)).width
        let inkRows = Set(ink.map(\.y)).sorted()
        let underline = inkRows.filter { y in ink.filter { $0.y == y }.count >= Int(textWidth) - 2 }
        let middle = (inkRows.first! + inkRows.last!) / 2
        #expect(
            !underline.isEmpty && underline.allSatisfy { $0 > middle },
            "underline rows \(underline) of ink rows \(inkRows.map { y in (y, ink.filter { $0.y == y }.count) }) \(textWidth) \(frame)")
    }
}
