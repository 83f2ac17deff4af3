// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@testable import Caret

/// A picker's wheels: momentum that settles on a row, bouncing back from the ends, taps, the
/// mouse wheel, and a date picker's wheels in the locale's order.
@Suite(.serialized) @MainActor
struct PickerWheelTests {
    final class Numbers: PickerViewDataSource, PickerViewDelegate {
        var rows = 50
        var selections: [Int] = []
        func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { "Row \(row)" }
        func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) { selections.append(row) }
    }

    private func rig() throws -> (HeadlessWindow, PickerView, Numbers) {
        let host = try makeHost(width: 320, height: 400)
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        host.rootView = root
        let numbers = Numbers()
        let picker = PickerView(frame: Rect(x: 0, y: 100, width: 320, height: 216))
        picker.dataSource = numbers
        picker.delegate = numbers
        root.addSubview(picker)
        host.settle()
        return (host, picker, numbers)
    }

    private func wheel(_ picker: PickerView) -> PickerWheel { picker.wheels[0] }

    /// The middle of the picker, in window coordinates (row 0 sits there at first).
    private let middle = Point(x: 160, y: 100 + 108)

    @Test func aFlingRunsOnAndSettlesExactlyOnARow() throws {
        let (host, picker, numbers) = try rig()
        // A quick upward flick of 60 points in 0.05 s: 1200 points a second.
        host.input.drag(from: middle, to: Point(x: 160, y: middle.y - 60), duration: 0.05, steps: 5)
        host.advance(by: 0.1)
        let midway = wheel(picker).offset
        #expect(midway > 60, "the wheel runs on after the finger lifts: \(midway)")
        host.settle()
        let offset = wheel(picker).offset
        let row = offset / 32
        #expect(row == row.rounded() && row > 3, "it rests on a row: \(offset)")
        #expect(numbers.selections == [Int(row)] && picker.selectedRow(inComponent: 0) == Int(row))
    }

    @Test func aSlowDragSettlesOnTheNearestRow() throws {
        let (host, picker, numbers) = try rig()
        // 70 points up, held still before lifting: no momentum; 70 / 32 = 2.19 rows.
        host.input.drag(from: middle, to: Point(x: 160, y: middle.y - 70), duration: 0.5, steps: 10, holdBeforeRelease: 0.2)
        host.settle()
        #expect(wheel(picker).offset == 64 && numbers.selections == [2])
    }

    @Test func draggedPastTheFirstRowItBouncesBack() throws {
        let (host, picker, numbers) = try rig()
        picker.selectRow(1, inComponent: 0, animated: false)
        #expect(numbers.selections.isEmpty, "selecting in code tells the delegate nothing")
        host.input.drag(from: middle, to: Point(x: 160, y: middle.y + 150), duration: 0.5, steps: 10, holdBeforeRelease: 0.2)
        #expect(wheel(picker).offset < -20, "rubber-banded past the top: \(wheel(picker).offset)")
        host.settle()
        #expect(wheel(picker).offset == 0 && numbers.selections == [0])
    }

    @Test func flungPastTheLastRowItBouncesBackToIt() throws {
        let (host, picker, numbers) = try rig()
        numbers.rows = 6
        picker.reloadAllComponents()
        host.input.drag(from: middle, to: Point(x: 160, y: middle.y - 80), duration: 0.04, steps: 4)
        var furthest = 0.0
        for _ in 0..<120 {
            host.advance(by: 1.0 / 60)
            furthest = max(furthest, wheel(picker).offset)
        }
        host.settle()
        #expect(furthest > 5 * 32 + 1, "it overshoots the last row: \(furthest)")
        #expect(wheel(picker).offset == 5 * 32 && numbers.selections == [5])
    }

    @Test func aTapOnARowBelowTheMiddleTurnsToIt() throws {
        let (host, picker, numbers) = try rig()
        // Row 2 sits on the cylinder at radius 100, angle 64/100 radians below the middle.
        let y = middle.y + 100 * sin(64.0 / 100)
        host.input.tap(at: Point(x: 160, y: y))
        host.settle()
        #expect(picker.selectedRow(inComponent: 0) == 2 && numbers.selections == [2])
        // A tap on the middle row changes nothing.
        host.input.tap(at: middle)
        host.settle()
        #expect(numbers.selections == [2])
    }

    @Test func theMouseWheelTurnsOneRowPerNotch() throws {
        let (host, picker, numbers) = try rig()
        host.input.scroll(dy: 40, at: middle)
        host.settle()
        host.input.scroll(dy: 40, at: middle)
        host.settle()
        host.input.scroll(dy: -40, at: middle)
        host.settle()
        #expect(numbers.selections == [1, 2, 1] && wheel(picker).offset == 32)
    }

    @Test func theWheelsAreAdjustableElements() throws {
        let (host, picker, numbers) = try rig()
        let element = try #require(host.window.accessibilityElementsInOrder.first { $0 === wheel(picker) })
        #expect(element.accessibilityTraits.contains(.adjustable))
        #expect(element.accessibilityValue == "Row 0, 1 of 50")
        element.accessibilityIncrement()
        element.accessibilityIncrement()
        element.accessibilityDecrement()
        #expect(numbers.selections == [1, 2, 1] && element.accessibilityValue == "Row 1, 2 of 50")
        element.accessibilityDecrement()
        element.accessibilityDecrement()
        #expect(numbers.selections == [1, 2, 1, 0], "nothing before the first row")
        host.settle()
        #expect(wheel(picker).offset == 0)
    }

    // MARK: Date picker wheels in the locale's order (expected orders written out by hand)

    @Test func aDatePickersWheelsFollowTheLocale() {
        let us = DatePickerLayout(mode: .date, locale: Locale(identifier: "en_US"))
        #expect(us.fields == [.month, .day, .year] && us.suffixes.isEmpty)
        let de = DatePickerLayout(mode: .date, locale: Locale(identifier: "de_DE"))
        #expect(de.fields == [.day, .month, .year])
        let ja = DatePickerLayout(mode: .date, locale: Locale(identifier: "ja_JP"))
        #expect(ja.fields == [.year, .month, .day] && ja.suffixes == [.year: "年", .day: "日"])
        let usTime = DatePickerLayout(mode: .time, locale: Locale(identifier: "en_US"))
        #expect(usTime.fields == [.hour, .minute, .amPM] && usTime.twelveHour)
        let deTime = DatePickerLayout(mode: .time, locale: Locale(identifier: "de_DE"))
        #expect(deTime.fields == [.hour, .minute] && !deTime.twelveHour && deTime.paddedHour)
        let both = DatePickerLayout(mode: .dateAndTime, locale: Locale(identifier: "en_US"))
        #expect(both.fields == [.dayList, .hour, .minute, .amPM])
    }

    @Test func aJapaneseDatePickerNamesItsRowsInJapanese() throws {
        let host = try makeHost(width: 320, height: 300)
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.locale = Locale(identifier: "ja_JP")
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.date = Date(timeIntervalSince1970: 1_710_460_800)  // 2024-03-15 00:00 UTC
        host.rootView = picker
        host.settle()
        let values = host.window.accessibilityElementsInOrder.compactMap(\.accessibilityValue)
        #expect(values == ["2024年, 2024 of 9999", "3月, 3 of 12", "15日, 15 of 31"])
        let german = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        german.datePickerMode = .date
        german.locale = Locale(identifier: "de_DE")
        german.timeZone = TimeZone(identifier: "UTC")
        german.date = Date(timeIntervalSince1970: 1_710_460_800)
        host.rootView = german
        host.settle()
        #expect(host.window.accessibilityElementsInOrder.compactMap(\.accessibilityValue) == ["15, 15 of 31", "März, 3 of 12", "2024, 2024 of 9999"])
    }

    @Test func aDatePickerBouncesBackToItsMaximumAndSaysSo() throws {
        let host = try makeHost(width: 320, height: 300)
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.locale = Locale(identifier: "en_US")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        picker.calendar = utc
        picker.timeZone = utc.timeZone
        let maximum = Date(timeIntervalSince1970: 1_710_460_800)  // 2024-03-15
        picker.maximumDate = maximum
        picker.date = Date(timeIntervalSince1970: 1_710_460_800 - 86_400 * 5)  // 2024-03-10
        var changes: [Date] = []
        picker.addAction(Action { _ in changes.append(picker.date) }, for: .valueChanged)
        host.rootView = picker
        host.settle()
        // Turning the day wheel to the 20th (past the maximum) ends on the 15th.
        picker.wheels.wheels[1].select(19, animated: true, byUser: true)
        host.settle()
        #expect(changes == [maximum] && picker.date == maximum)
        #expect(picker.wheels.selectedRow(inComponent: 1) == 14 && picker.wheels.wheels[1].offset == 14 * 32)
        // February has no 30th: the 30th of March turned to February is the 29th (2024 is a leap year).
        picker.maximumDate = nil
        picker.wheels.wheels[1].select(29, animated: true, byUser: true)
        picker.wheels.wheels[0].select(1, animated: true, byUser: true)
        host.settle()
        let parts = utc.dateComponents([.year, .month, .day], from: picker.date)
        #expect(parts.month == 2 && parts.day == 29 && picker.wheels.selectedRow(inComponent: 1) == 28)
    }
}
