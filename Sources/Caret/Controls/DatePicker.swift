// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The styles a date picker can ask for (UIKit's `UIDatePickerStyle`): Caret draws wheels only,
/// whichever is asked for.
public enum DatePickerStyle: Int, Sendable, Hashable {
    /// The system's choice: wheels.
    case automatic
    /// Wheels of rows, as UIKit's `.wheels`.
    case wheels
}

/// A control for choosing a date, a time or both on wheels (UIKit's `UIDatePicker` in its wheels
/// style), built on `PickerView`: the wheels follow the locale's order and names (month, day,
/// year in en_US; day, month, year in de_DE; 年, 月, 日 in ja_JP), wheels turned past
/// `minimumDate` or `maximumDate` bounce back into range, and a change by the user sends
/// `.valueChanged`. Usable as a text field's `inputView`.
@preconcurrency @MainActor
open class DatePicker: Control {
    /// What a date picker chooses (UIKit's `UIDatePicker.Mode`).
    public enum Mode: Int, Sendable, Hashable {
        /// Hours and minutes (and AM/PM where the locale uses it).
        case time
        /// A day: month, day and year in the locale's order.
        case date
        /// A day from a list, then hours and minutes.
        case dateAndTime
    }

    /// The date shown; setting it turns the wheels at once (no `.valueChanged`).
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    /// What the wheels choose; `.dateAndTime` by default, as UIKit.
    open var datePickerMode: Mode = .dateAndTime { didSet { if datePickerMode != oldValue { rebuild() } } }
    /// The style asked for; only wheels exist in Caret.
    open var preferredDatePickerStyle: DatePickerStyle = .wheels
    /// The style drawn: always wheels.
    open var datePickerStyle: DatePickerStyle { .wheels }
    /// The earliest date the user can choose; the wheels bounce back from earlier ones.
    open var minimumDate: Date? { didSet { rangeDidChange() } }
    /// The latest date the user can choose; the wheels bounce back from later ones.
    open var maximumDate: Date? { didSet { rangeDidChange() } }
    /// The locale of the wheels' order and names; nil is the current locale.
    open var locale: Locale? { didSet { rebuild() } }
    /// The calendar the date is read in (the current one by default).
    open var calendar: Calendar! = Calendar.current { didSet { rebuild() } }
    /// The time zone the date is shown in; nil is the calendar's.
    open var timeZone: TimeZone? { didSet { rebuild() } }
    /// The step of the minutes wheel, a divisor of 60 from 1 to 30 (others are taken as 1).
    open var minuteInterval = 1 {
        didSet {
            if !(1...30).contains(minuteInterval) || 60 % minuteInterval != 0 { minuteInterval = 1 }
            if minuteInterval != oldValue { rebuild() }
        }
    }

    private var storedDate = Date()
    /// The wheels.
    let wheels = PickerView()
    private var source: DatePickerWheels!

    /// Creates a date picker showing now.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A date picker from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        source = DatePickerWheels(owner: self)
        wheels.rowIsEnabled = { [unowned self] component, row in
            source.rowIsEnabled(component: component, row: row, current: storedDate)
        }
        wheels.accessibilityLabelForComponent = { [unowned self] component in
            guard source.layout.fields.indices.contains(component) else { return nil }
            return Self.accessibilityName(of: source.layout.fields[component], in: Localization.language(for: self))
        }
        addSubview(wheels)
        rebuild()
    }

    /// The locale used: `locale`, else the current one.
    var effectiveLocale: Locale { locale ?? .current }

    /// The calendar with the picker's locale and time zone.
    var effectiveCalendar: Calendar {
        var calendar = self.calendar ?? .current
        calendar.locale = effectiveLocale
        if let timeZone { calendar.timeZone = timeZone }
        return calendar
    }

    /// Shows a date, turning the wheels over 0.3 s when animated; the date is kept within
    /// `minimumDate` and `maximumDate`. No `.valueChanged` is sent, as in UIKit.
    open func setDate(_ date: Date, animated: Bool) {
        storedDate = clamped(date)
        if datePickerMode == .dateAndTime, !listHolds(storedDate) { return rebuild() }
        showDate(animated: animated)
    }

    /// A wheel picker cannot take keyboard focus (UIKit's wheels do not).
    open override var canBecomeFirstResponder: Bool { false }

    /// UIKit's wheels size: 320 by 216 points.
    open override var intrinsicContentSize: Size { wheels.intrinsicContentSize }

    /// The width offered by the wheels' height.
    open override func sizeThatFits(_ size: Size) -> Size { wheels.sizeThatFits(size) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        wheels.frame = bounds
    }

    // MARK: Wheels

    private func clamped(_ date: Date) -> Date {
        var result = date
        if let maximumDate, result > maximumDate { result = maximumDate }
        if let minimumDate, result < minimumDate { result = minimumDate }
        return result
    }

    private func listHolds(_ date: Date) -> Bool {
        let row = source.rows(for: date).first ?? -1
        return row >= 0 && row < source.listDays
    }

    /// Builds the wheels again for the mode, locale, calendar and range.
    private func rebuild() {
        guard let source else { return }
        source.layout = DatePickerLayout(mode: datePickerMode, locale: effectiveLocale)
        let calendar = effectiveCalendar
        // `.dateAndTime` lists the days in range, or ten years either side of the date.
        let today = calendar.startOfDay(for: storedDate)
        let first = minimumDate.map { calendar.startOfDay(for: $0) } ?? calendar.date(byAdding: .year, value: -10, to: today) ?? today
        let last = maximumDate.map { calendar.startOfDay(for: $0) } ?? calendar.date(byAdding: .year, value: 10, to: today) ?? today
        source.firstListDay = first
        source.listDays = max(1, (calendar.dateComponents([.day], from: first, to: last).day ?? 0) + 1)
        wheels.dataSource = source
        wheels.delegate = source
        showDate(animated: false)
        setNeedsLayout()
    }

    private func rangeDidChange() {
        storedDate = clamped(storedDate)
        rebuild()
    }

    private func showDate(animated: Bool) {
        for (component, row) in source.rows(for: storedDate).enumerated() where wheels.selectedRow(inComponent: component) != row {
            wheels.selectRow(row, inComponent: component, animated: animated)
        }
        wheels.setNeedsDisplayOfWheels()
    }

    /// The user settled a wheel: the date its rows name (a day the month lacks is its last day),
    /// kept in range; wheels that show another date turn back to it, and a new date sends `.valueChanged`.
    func wheelsChanged() {
        let rows = (0..<wheels.numberOfComponents).map { wheels.selectedRow(inComponent: $0) }
        guard let named = source.date(forRows: rows, from: storedDate) else { return showDate(animated: true) }
        let chosen = clamped(named)
        let changed = chosen != storedDate
        storedDate = chosen
        showDate(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    /// What a wheel is called to assistive technology.
    static func accessibilityName(of field: DateField, in language: String) -> String {
        let word: PickerWord =
            switch field {
            case .year: .year
            case .month: .month
            case .day, .dayList: .day
            case .hour: .hour
            case .minute: .minute
            case .amPM: .amPM
            }
        return word.text(language)
    }
}
