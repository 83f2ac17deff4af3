// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What one wheel of a date picker shows.
enum DateField: Hashable, Sendable {
    case year, month, day, hour, minute, amPM
    /// Days in a list ("Mon, Mar 4"), the first wheel of `.dateAndTime`.
    case dayList
}

/// A date picker's wheels for a mode and a locale: which fields, in the locale's order (from
/// `DateFormatter.dateFormat(fromTemplate:options:locale:)`), whether hours run to 12 or 24, and
/// the words some languages write after a number (年 and 日 in Japanese).
struct DatePickerLayout: Equatable {
    var fields: [DateField] = []
    /// A word written right after a field's number ("年" after the year in ja_JP).
    var suffixes: [DateField: String] = [:]
    /// Whether hours run 1…12 with an AM/PM wheel.
    var twelveHour = false
    /// Whether hours and minutes are written with two digits ("09").
    var paddedHour = false

    init(mode: DatePicker.Mode, locale: Locale) {
        switch mode {
        case .date: read(template: "yMMMMd", locale: locale)
        case .time: read(template: "jmm", locale: locale)
        case .dateAndTime:
            read(template: "jmm", locale: locale)
            fields.insert(.dayList, at: 0)
        }
    }

    /// Reads the fields' order from the locale's pattern for a template: letters outside quotes
    /// name fields; a literal written right after a year or day that holds a letter is its suffix.
    private mutating func read(template: String, locale: Locale) {
        let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
        var quoted = false
        var last: DateField?
        var literal = ""
        func flushLiteral() {
            if let field = last, field == .year || field == .day, let first = literal.first, !first.isWhitespace,
                literal.contains(where: \.isLetter)
            {
                suffixes[field] = literal.trimmingCharacters(in: .whitespaces)
            }
            literal = ""
        }
        for character in pattern {
            if character == "'" {
                quoted.toggle()
                continue
            }
            let field: DateField?
            switch quoted ? " " : character {
            case "y", "Y", "u", "U", "r": field = .year
            case "M", "L": field = .month
            case "d": field = .day
            case "h", "K": field = .hour; twelveHour = true
            case "H", "k": field = .hour
            case "m": field = .minute
            case "a", "b", "B": field = .amPM
            default: field = nil
            }
            guard let field else {
                literal.append(character)
                continue
            }
            if field == last {
                if field == .hour { paddedHour = true }
                continue
            }
            flushLiteral()
            if !fields.contains(field) { fields.append(field) }
            last = field
        }
        flushLiteral()
        if twelveHour && !fields.contains(.amPM) { fields.append(.amPM) }
    }
}

/// The rows of each field and the dates they stand for, for a date picker's current settings.
@MainActor
final class DatePickerWheels: PickerViewDataSource, PickerViewDelegate {
    unowned let owner: DatePicker
    var layout: DatePickerLayout
    /// The first day of `.dateAndTime`'s list, and how many days it holds.
    var firstListDay = Date()
    var listDays = 0

    init(owner: DatePicker) {
        self.owner = owner
        layout = DatePickerLayout(mode: owner.datePickerMode, locale: owner.effectiveLocale)
    }

    var calendar: Calendar { owner.effectiveCalendar }

    func numberOfComponents(in pickerView: PickerView) -> Int { layout.fields.count }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        rowCount(of: layout.fields[component])
    }

    func rowCount(of field: DateField) -> Int {
        switch field {
        case .year: return 9999
        case .month: return calendar.monthSymbols.count
        case .day: return 31
        case .hour: return layout.twelveHour ? 12 : 24
        case .minute: return 60 / owner.minuteInterval
        case .amPM: return 2
        case .dayList: return listDays
        }
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        let field = layout.fields[component]
        let suffix = layout.suffixes[field] ?? ""
        switch field {
        case .year: return "\(row + 1)" + suffix
        case .month: return calendar.standaloneMonthSymbols[row]
        case .day: return "\(row + 1)" + suffix
        case .hour:
            let hour = layout.twelveHour ? row + 1 : row
            return layout.paddedHour ? String(format: "%02d", hour) : "\(hour)"
        case .minute: return String(format: "%02d", row * owner.minuteInterval)
        case .amPM: return row == 0 ? calendar.amSymbol : calendar.pmSymbol
        case .dayList:
            let formatter = DateFormatter()
            formatter.locale = owner.effectiveLocale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
            return formatter.string(from: day(atListRow: row))
        }
    }

    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        let share: Double
        switch layout.fields[component] {
        case .month: share = 0.42
        case .year: share = 0.3
        case .day: share = layout.fields.contains(.month) ? 0.2 : 0.2
        case .dayList: share = 0.46
        case .hour, .minute: share = layout.fields.contains(.dayList) ? 0.16 : 0.25
        case .amPM: share = layout.fields.contains(.dayList) ? 0.16 : 0.25
        }
        let available = pickerView.bounds.width - 16 - Double(PickerView.componentSpacing) * Double(layout.fields.count - 1)
        return available * share
    }

    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        owner.wheelsChanged()
    }

    // MARK: Dates and rows

    func day(atListRow row: Int) -> Date {
        calendar.date(byAdding: .day, value: row, to: firstListDay) ?? firstListDay
    }

    /// The rows that show a date.
    func rows(for date: Date) -> [Int] {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return layout.fields.map { field in
            switch field {
            case .year: return (parts.year ?? 1) - 1
            case .month: return (parts.month ?? 1) - 1
            case .day: return (parts.day ?? 1) - 1
            case .hour:
                let hour = parts.hour ?? 0
                return layout.twelveHour ? (hour + 11) % 12 : hour
            case .minute: return (parts.minute ?? 0) / owner.minuteInterval
            case .amPM: return (parts.hour ?? 0) < 12 ? 0 : 1
            case .dayList:
                let start = calendar.startOfDay(for: date)
                return calendar.dateComponents([.day], from: firstListDay, to: start).day ?? 0
            }
        }
    }

    /// The date the wheels' rows stand for, starting from `base` (its seconds stay); a day past
    /// the month's end is the month's last day. Nil when the rows name no date.
    func date(forRows rows: [Int], from base: Date) -> Date? {
        var parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: base)
        var hour12: Int?, isPM: Bool?
        for (field, row) in zip(layout.fields, rows) {
            switch field {
            case .year: parts.year = row + 1
            case .month: parts.month = row + 1
            case .day: parts.day = row + 1
            case .hour: if layout.twelveHour { hour12 = row + 1 } else { parts.hour = row }
            case .minute: parts.minute = row * owner.minuteInterval
            case .amPM: isPM = row == 1
            case .dayList:
                let day = calendar.dateComponents([.era, .year, .month, .day], from: day(atListRow: row))
                parts.era = day.era
                parts.year = day.year
                parts.month = day.month
                parts.day = day.day
            }
        }
        if layout.twelveHour {
            let pm = isPM ?? ((parts.hour ?? 0) >= 12)
            let hour = hour12 ?? (((parts.hour ?? 0) + 11) % 12 + 1)
            parts.hour = hour % 12 + (pm ? 12 : 0)
        }
        var monthStart = parts
        monthStart.day = 1
        if let first = calendar.date(from: monthStart), let days = calendar.range(of: .day, in: .month, for: first) {
            parts.day = min(parts.day ?? 1, days.count)
        }
        return calendar.date(from: parts)
    }

    /// Whether a row names dates in the picker's range (rows outside it are drawn grey and the
    /// wheels bounce back from them).
    func rowIsEnabled(component: Int, row: Int, current: Date) -> Bool {
        var rows = self.rows(for: current)
        guard rows.indices.contains(component) else { return true }
        let field = layout.fields[component]
        if field == .day {
            // A day the month does not have.
            var parts = calendar.dateComponents([.era, .year, .month], from: current)
            parts.day = 1
            if let first = calendar.date(from: parts), let days = calendar.range(of: .day, in: .month, for: first),
                row >= days.count
            {
                return false
            }
        }
        guard owner.minimumDate != nil || owner.maximumDate != nil else { return true }
        rows[component] = row
        guard let candidate = date(forRows: rows, from: current) else { return false }
        let unit: Calendar.Component
        switch field {
        case .year: unit = .year
        case .month: unit = .month
        case .day, .dayList: unit = .day
        case .hour, .amPM: unit = .hour
        case .minute: unit = .minute
        }
        guard let span = calendar.dateInterval(of: unit, for: candidate) else { return true }
        if let minimum = owner.minimumDate, span.end <= minimum { return false }
        if let maximum = owner.maximumDate, span.start > maximum { return false }
        return true
    }
}
