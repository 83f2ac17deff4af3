// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Testing

/// A picker's wheel as drawn (issue 45 item 4), measured on rendered pixels with the bundled
/// fonts: the selected row's title is drawn dark in the selection band across the middle, the
/// rows above and below fainter, and turning the wheel brings another title into the band.
@Suite(.serialized) @MainActor
struct PickerPixelTests {
    final class Words: PickerViewDataSource, PickerViewDelegate {
        let words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
        func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { words.count }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { words[row] }
    }

    /// Each pixel row's darkest value (0 black … 255 white) across the picker, from its top.
    private func darkestByRow(_ image: Image, in frame: Rect) -> [Int] {
        let s = image.scale
        return (Int(frame.minY * s)..<Int(frame.maxY * s)).map { y in
            (Int(frame.minX * s)..<Int(frame.maxX * s)).map { x in
                let i = (y * image.pixelWidth + x) * 4
                return (0..<3).map { Int(image.pixels[i + $0]) }.max()!
            }.min()!
        }
    }

    @Test func theSelectedTitleIsDrawnDarkInTheSelectionBand() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 216), fonts: .bundled)
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        root.backgroundColor = .white
        host.rootView = root
        let words = Words()
        let picker = PickerView(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        picker.dataSource = words
        picker.delegate = words
        root.addSubview(picker)
        picker.selectRow(2, inComponent: 0, animated: false)
        host.settle()
        let image = try host.render()
        let rows = darkestByRow(image, in: picker.frame)
        // The band: 32 points across the middle (UIKit's row height), drawn light grey at its ends.
        let band = (216 / 2 - 16)..<(216 / 2 + 16)
        let bandEdge = (Int(12 * image.scale) + Int(108 * image.scale) * image.pixelWidth) * 4
        let edgeValue = Int(image.pixels[bandEdge])
        #expect(edgeValue < 250 && edgeValue > 200, "the band's fill: \(edgeValue)")
        let s = Int(image.scale)
        let inBand = band.map { rows[$0 * s] }.min()!
        // Two rows away (rows 0 and 4, 64 points along the wheel) the titles are fainter.
        let outside = (Array(0..<60) + Array(156..<216)).map { rows[$0 * s] }.min()!
        #expect(inBand < 60, "the selected title is dark: \(inBand)")
        #expect(outside > inBand + 40, "rows two away are fainter: \(outside)")
        // Its ink is centred in the picker's width: "Charlie" around x = 160.
        let inkColumns = (0..<320).filter { x in
            band.contains { y in
                let i = ((y * s) * image.pixelWidth + x * s) * 4
                return Int(image.pixels[i]) < 100
            }
        }
        let left = try #require(inkColumns.first), right = try #require(inkColumns.last)
        #expect(abs(Double(left + right) / 2 - 160) < 4 && right - left > 40, "\(left)…\(right)")
        // Another row selected brings a title of another width into the band.
        picker.selectRow(4, inComponent: 0, animated: true)
        host.settle()
        let after = try host.render()
        let afterColumns = (0..<320).filter { x in
            band.contains { y in Int(after.pixels[((y * s) * after.pixelWidth + x * s) * 4]) < 100 }
        }
        #expect(afterColumns.count > 0 && afterColumns.count < inkColumns.count, "Echo is narrower than Charlie")
    }
}
