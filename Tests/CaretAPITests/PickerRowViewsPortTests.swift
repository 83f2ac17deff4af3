// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A picker whose rows are the app's own views, as UIKit code writes it, renamed only: the
// delegate's `viewForRow` makes a centred label (reusing the one it is handed) and the app reads
// the selected row's view back with `view(forRow:forComponent:)`.

@MainActor
final class SizePickerController: ViewController, PickerViewDataSource, PickerViewDelegate {
    let sizes = (1...30).map { "Size \($0)" }
    let field = TextField()
    let picker = PickerView()
    var labelsMade = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        field.frame = CGRect(x: 20, y: 40, width: 300, height: 40)
        field.borderStyle = .roundedRect
        view.addSubview(field)
        picker.dataSource = self
        picker.delegate = self
        field.inputView = picker
    }

    func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { sizes.count }

    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        let label: Label
        if let reused = view as? Label {
            label = reused
        } else {
            label = Label()
            labelsMade += 1
        }
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 20)
        label.text = sizes[row]
        return label
    }

    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        field.text = (pickerView.view(forRow: row, forComponent: component) as? Label)?.text
    }
}

@Suite(.serialized) @MainActor
struct PickerRowViewsPortTests {
    private func host() throws -> (HeadlessWindow, SizePickerController) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let screen = SizePickerController()
        host.window.rootViewController = screen
        host.settle()
        host.input.tap(screen.field)
        host.settle()
        return (host, screen)
    }

    @Test func theDelegatesViewsAreTheRowsOnTheWheel() throws {
        let (host, screen) = try host()
        let picker = screen.picker
        let selected = try #require(picker.view(forRow: 0, forComponent: 0) as? Label)
        #expect(selected.text == "Size 1" && selected.window === host.window)
        // The selected row's view sits in the middle of the wheel, as wide as it and a row tall.
        let wheel = try #require(host.window.accessibilityElementsInOrder.first { $0.accessibilityTraits.contains(.adjustable) })
        let frame = selected.convert(selected.bounds, to: nil)
        #expect(frame.midY == wheel.accessibilityFrame.midY && frame.height == PickerView.defaultRowHeight)
        #expect(frame.width == wheel.accessibilityFrame.width)
        // Rows further down sit lower and fainter; rows off the wheel have no view.
        let below = try #require(picker.view(forRow: 2, forComponent: 0))
        #expect(below.convert(below.bounds, to: nil).midY > frame.midY && below.alpha < selected.alpha)
        #expect(picker.view(forRow: 20, forComponent: 0) == nil)
        #expect(wheel.accessibilityValue == "Size 1, 1 of 30", "assistive technology reads the view's words")
    }

    @Test func turningTheWheelReusesViewsAndTheAppReadsTheChosenOne() throws {
        let (host, screen) = try host()
        let picker = screen.picker
        let made = screen.labelsMade
        #expect(made > 3 && made < 15, "one label per row on the wheel: \(made)")
        let wheel = try #require(host.window.accessibilityElementsInOrder.first { $0.accessibilityTraits.contains(.adjustable) })
        let start = CGPoint(x: wheel.accessibilityFrame.midX, y: wheel.accessibilityFrame.midY)
        for _ in 0..<4 {
            host.input.drag(
                from: start, to: CGPoint(x: start.x, y: start.y - 4 * 32), duration: 0.6, steps: 12, holdBeforeRelease: 0.2)
            host.settle()
        }
        #expect(picker.selectedRow(inComponent: 0) == 16)
        #expect(screen.field.text == "Size 17", "didSelectRow read the chosen row's view")
        #expect(picker.view(forRow: 0, forComponent: 0) == nil)
        // Rows 0 to 20 were on the wheel's front at some time; with reuse, no more labels were
        // made than fit on its front at once (half its height less 8 points, times π, in rows; plus
        // the first, asked for when the rows loaded).
        let fit = Int((wheel.accessibilityFrame.height / 2 - 8) * .pi / PickerView.defaultRowHeight) + 2
        #expect(screen.labelsMade <= fit && fit < 20, "views that turned off the wheel were reused: \(screen.labelsMade) made")
    }
}
