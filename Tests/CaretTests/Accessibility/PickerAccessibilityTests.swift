// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Foundation
import Testing

/// A picker's wheels reached and adjusted by assistive technology (issue 45 item 4): spoken
/// mode's flick up or down on a wheel (VoiceOver's swipe), and switch access's increment and
/// decrement steps, each a user's choice the delegate and a date picker's `.valueChanged` hear.
@Suite(.serialized) @MainActor
struct PickerAccessibilityTests {
    final class Months: PickerViewDataSource, PickerViewDelegate {
        let names = ["January", "February", "March", "April"]
        var selections: [Int] = []
        func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { names.count }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { names[row] }
        func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) { selections.append(row) }
    }

    private func rig() throws -> (HeadlessWindow, PickerView, Months, Button) {
        let host = try makeHost(width: 320, height: 400)
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        host.rootView = root
        let button = Button(title: "OK")
        button.frame = Rect(x: 20, y: 20, width: 80, height: 44)
        root.addSubview(button)
        let months = Months()
        let picker = PickerView(frame: Rect(x: 0, y: 100, width: 320, height: 216))
        picker.dataSource = months
        picker.delegate = months
        root.addSubview(picker)
        host.settle()
        return (host, picker, months, button)
    }

    private func flick(_ host: HeadlessWindow, from start: Point, dy: Double) {
        let end = Point(x: start.x + 2, y: start.y + dy)
        host.window.send(.touch(id: 1, phase: .began, location: start))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 1, phase: .moved, location: end))
        host.window.send(.touch(id: 1, phase: .ended, location: end))
        host.advance(by: 1)
    }

    @Test func spokenModeReachesAWheelAndAFlickUpOrDownAdjustsIt() throws {
        let (host, picker, months, _) = try rig()
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        speaker.clear()
        // Touching the wheel speaks it.
        let middle = Point(x: 160, y: 100 + 108)
        host.window.send(.touch(id: 1, phase: .began, location: middle))
        host.window.send(.touch(id: 1, phase: .ended, location: middle))
        host.advance(by: 1)
        #expect(speaker.texts.last == "January, 1 of 4, adjustable")
        // A flick up: the next month, spoken; a flick down: back.
        flick(host, from: Point(x: 160, y: 300), dy: -80)
        #expect(months.selections == [1] && picker.selectedRow(inComponent: 0) == 1)
        #expect(speaker.texts.last == "February, 2 of 4, adjustable")
        flick(host, from: Point(x: 160, y: 300), dy: 80)
        #expect(months.selections == [1, 0] && speaker.texts.last == "January, 1 of 4, adjustable")
    }

    @Test func switchAccessSelectsAWheelThenStepsIt() throws {
        let (host, picker, months, button) = try rig()
        let scanner = SwitchControl(select: .key(.keyboardReturnOrEnter), next: .key(.keyboardSpacebar))
        host.window.switchControl = scanner
        func press(_ code: KeyboardHIDUsage) {
            let key = Key(keyCode: code, characters: "", charactersIgnoringModifiers: "", modifierFlags: [])
            host.window.send(.key(key, isDown: true, isRepeat: false))
            host.window.send(.key(key, isDown: false, isRepeat: false))
            host.settle()
        }
        #expect(scanner.highlightedItem?.elements.first === button)
        press(.keyboardSpacebar)
        let wheel = try #require(scanner.highlightedItem?.elements.first)
        #expect(wheel.accessibilityTraits.contains(.adjustable) && wheel.accessibilityValue == "January, 1 of 4")
        press(.keyboardReturnOrEnter)
        #expect(scanner.isInGroup && scanner.items.map(\.label) == ["Increment", "Decrement"])
        press(.keyboardReturnOrEnter)  // Increment, twice: the steps stay for the next
        press(.keyboardReturnOrEnter)
        #expect(months.selections == [1, 2] && picker.selectedRow(inComponent: 0) == 2)
        press(.keyboardSpacebar)  // Decrement
        press(.keyboardReturnOrEnter)
        #expect(months.selections == [1, 2, 1] && wheel.accessibilityValue == "February, 2 of 4")
    }

    @Test func aDatePickersWheelAdjustedByAssistiveTechnologySendsValueChanged() throws {
        let host = try makeHost(width: 320, height: 300)
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.locale = Locale(identifier: "en_US")
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.date = Date(timeIntervalSince1970: 1_710_460_800)  // 2024-03-15
        var changes: [Date] = []
        picker.addAction(Action { _ in changes.append(picker.date) }, for: .valueChanged)
        host.rootView = picker
        host.settle()
        let month = try #require(host.window.accessibilityElementsInOrder.first { $0.accessibilityLabel == "Month" })
        #expect(month.accessibilityValue == "March, 3 of 12")
        month.accessibilityIncrement()
        host.settle()
        #expect(changes == [Date(timeIntervalSince1970: 1_710_460_800 + 31 * 86_400)], "April 15")
        #expect(month.accessibilityValue == "April, 4 of 12")
    }
}
