// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's form in a table, as most UIKit forms are built: an inset-grouped table whose rows
/// hold a name field, a date of birth picked on a date picker and a country picked on a picker
/// (each the field's input view, in the keyboard's place), notes in a text view that grows to
/// five lines and then scrolls, and topics chosen with check marks. Cells are reused as the
/// table scrolls; what was typed lives in `values` and is put back into whichever cell shows it.
@MainActor
public final class TableFormScreen: View, TableViewDataSource, TableViewDelegate, TextViewDelegate {
    /// Goes back to the form.
    public let backButton: Button
    private let titleLabel = Label(text: "", font: .boldSystemFont(ofSize: 22))
    private let words: ExampleWords
    /// The table.
    public let table = TableView(frame: .zero, style: .insetGrouped)
    /// The fields shown now, by name (name, birth, country).
    public private(set) var fields: [String: TextField] = [:]
    /// What each field holds, by name; the notes under "notes".
    public private(set) var values: [String: String] = [:]
    /// The notes' text view (in the notes row's cell, made once).
    public let notes = TextView()
    /// The date of birth's picker.
    public let datePicker = DatePicker()
    /// The country's picker.
    public let countryPicker = PickerView()
    private let countries: CountryList
    /// The topics offered, in the screen's language, and those chosen.
    public let topics: [String]
    /// The rows of the topics chosen.
    public private(set) var chosenTopics: Set<Int> = []
    private let fieldRows: [(String, String, String)]
    private let dateFormatter = DateFormatter()

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Builds the screen in `words`' language (dates and country names in it too).
    public init(words: ExampleWords = .demo(preferring: [])) {
        self.words = words
        countries = CountryList(language: words.language)
        topics = [
            "accessibility", "arabicHebrew", "autoLayout", "chinese", "dictation", "emoji", "handwriting", "indic", "japanese",
            "keyboardAvoidance", "kiosks", "korean", "screenReaders", "spelling", "swipe", "switchAccess", "textViews",
            "touchEditing", "vietnamese", "wayland",
        ].map { words("topic." + $0) }
        fieldRows = [
            ("name", words("table.name"), "Ada Lovelace"), ("birth", words("table.birth"), words("table.pickDate")),
            ("country", words("table.country"), words("table.pickCountry")),
        ]
        backButton = Button(title: words("back"), style: .plain)
        super.init(frame: .zero)
        titleLabel.text = words("table.title")
        backgroundColor = .systemGroupedBackground
        dateFormatter.dateStyle = .long
        dateFormatter.locale = Self.dateLocale(words)
        dateFormatter.timeZone = TimeZone(identifier: "UTC")
        for view in [table, backButton, titleLabel] as [View] { addSubview(view) }
        table.register(FormFieldCell.self, forCellReuseIdentifier: "field")
        table.register(TableViewCell.self, forCellReuseIdentifier: "topic")
        table.dataSource = self
        table.delegate = self
        table.allowsMultipleSelection = true
        table.keyboardDismissMode = .onDrag
        table.accessibilityLabel = words("table.title")
        setUpPickers()
        notes.font = .preferredFont(forTextStyle: .body)
        notes.isScrollEnabled = false
        notes.delegate = self
        notes.accessibilityLabel = words("table.notes")
        notes.backgroundColor = nil
    }

    private func setUpPickers() {
        datePicker.datePickerMode = .date
        datePicker.locale = Self.dateLocale(words)
        datePicker.timeZone = TimeZone(identifier: "UTC")
        datePicker.maximumDate = Date(timeIntervalSince1970: 1_735_603_200)  // 31 December 2024
        datePicker.minimumDate = Date(timeIntervalSince1970: -2_208_988_800)  // 1 January 1900
        datePicker.date = Date(timeIntervalSince1970: 631_152_000)  // 1 January 1990
        datePicker.addAction(
            Action { [weak self] _ in
                guard let self else { return }
                self.setValue(self.dateFormatter.string(from: self.datePicker.date), for: "birth")
            }, for: .valueChanged)
        countryPicker.dataSource = countries
        countryPicker.delegate = countries
        countries.onSelect = { [weak self] name in self?.setValue(name, for: "country") }
    }

    /// US English dates for English (the figures the tests were written for), else the language's.
    private static func dateLocale(_ words: ExampleWords) -> Locale {
        Locale(identifier: words.language == "en" ? "en_US" : words.language)
    }

    private func setValue(_ value: String, for name: String) {
        values[name] = value
        fields[name]?.text = value
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.inset(by: safeAreaInsets)
        backButton.sizeToFit()
        backButton.frame.origin = Point(x: b.minX + 12, y: b.minY + 10)
        let title = titleLabel.intrinsicContentSize
        titleLabel.frame = Rect(
            x: backButton.frame.maxX + 12, y: b.minY + 10, width: min(title.width, b.maxX - backButton.frame.maxX - 24),
            height: max(title.height, backButton.frame.height))
        let top = max(backButton.frame.maxY, titleLabel.frame.maxY) + 8
        table.frame = Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    // MARK: Data source

    public func numberOfSections(in tableView: TableView) -> Int { 3 }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        [fieldRows.count, 1, topics.count][section]
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        [words("table.aboutYou"), words("table.notes"), words("table.topics")][section]
    }

    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section == 2 ? words("table.topicsFooter") : nil
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        switch indexPath.section {
        case 0: return fieldCell(for: indexPath)
        case 1: return notesCell
        default:
            let cell = tableView.dequeueReusableCell(withIdentifier: "topic", for: indexPath)
            cell.textLabel?.text = topics[indexPath.row]
            cell.accessoryType = chosenTopics.contains(indexPath.row) ? .checkmark : .none
            return cell
        }
    }

    private func fieldCell(for indexPath: IndexPath) -> TableViewCell {
        let cell = table.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FormFieldCell
        let (name, title, placeholder) = fieldRows[indexPath.row]
        // The cell may have shown another field's row: it forgets that one.
        for (other, field) in fields where field === cell.field && other != name { fields[other] = nil }
        fields[name] = cell.field
        cell.title.text = title
        let field = cell.field
        field.placeholder = placeholder
        field.text = values[name]
        field.accessibilityIdentifier = name  // named by the title beside it (its title element)
        field.inputView = name == "birth" ? datePicker : name == "country" ? countryPicker : nil
        field.textContentType = name == "name" ? .name : nil
        field.autocapitalizationType = name == "name" ? .words : .sentences
        field.returnKeyType = .next
        field.addAction(
            Action(identifier: .init("value")) { [weak self, weak field] _ in
                guard let self, let field, let name = self.fields.first(where: { $0.value === field })?.key else { return }
                self.values[name] = field.text ?? ""
            }, for: .editingChanged)
        return cell
    }

    private lazy var notesCell: TableViewCell = {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.selectionStyle = .none
        cell.contentView.addSubview(notes)
        return cell
    }()

    // MARK: Delegate

    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath.section == 1 ? notesHeight : TableView.automaticDimension
    }

    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        guard indexPath.section == 1 else { return }
        notes.frame = cell.contentView.bounds.insetBy(dx: 11, dy: 4)
    }

    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { indexPath.section == 2 }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { toggleTopic(indexPath) }

    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { toggleTopic(indexPath) }

    private func toggleTopic(_ indexPath: IndexPath) {
        guard indexPath.section == 2 else { return }
        if chosenTopics.remove(indexPath.row) == nil { chosenTopics.insert(indexPath.row) }
        table.cellForRow(at: indexPath)?.accessoryType = chosenTopics.contains(indexPath.row) ? .checkmark : .none
    }

    // MARK: Notes: grows to five lines, then scrolls

    /// The notes row's height: its text's, between one and five lines.
    private var notesHeight: CGFloat {
        let width = max(0, table.bounds.width - 40 - 22)
        let line = notes.font.lineHeightInPoints(notes)
        let text = notes.sizeThatFits(Size(width: width, height: 0)).height
        return min(max(text, line + notes.textContainerInset.vertical), 5 * line + notes.textContainerInset.vertical) + 8
    }

    public func textViewDidChange(_ textView: TextView) {
        values["notes"] = textView.text
        let before = table.rectForRow(at: IndexPath(row: 0, section: 1)).height
        table.beginUpdates()
        table.endUpdates()
        if let cell = table.cellForRow(at: IndexPath(row: 0, section: 1)) { notes.frame = cell.contentView.bounds.insetBy(dx: 11, dy: 4) }
        let atMost = table.rectForRow(at: IndexPath(row: 0, section: 1)).height
        // Past five lines the height stops and the text view scrolls its own text.
        notes.isScrollEnabled = notes.sizeThatFits(Size(width: notes.bounds.width, height: 0)).height + 8 > atMost
        if atMost != before, notes.isFirstResponder { notes.scrollRangeToVisible(notes.selectedRange) }
    }
}

extension Font {
    /// The height of a line of this font as a view draws it.
    @MainActor func lineHeightInPoints(_ view: View) -> Double { view.fontProvider.metrics(for: self).lineHeight }
}

/// A row with a title and a field beside it.
@MainActor
final class FormFieldCell: TableViewCell {
    let title = Label()
    let field = TextField()

    required init?(coder: NSCoder) { nil }

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        field.accessibilityTitleElement = title
        title.font = .preferredFont(forTextStyle: .body)
        for view in [title, field] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        title.setContentHuggingPriority(.required, for: .horizontal)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            title.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            title.widthAnchor.constraint(equalToConstant: 130),
            field.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            field.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            field.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 4),
            field.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -4),
            field.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
        ])
    }
}

/// The countries the picker offers, named in a language (CLDR's names, through Foundation) and in
/// that language's alphabetical order.
@MainActor
final class CountryList: PickerViewDataSource, PickerViewDelegate {
    static let regions = [
        "AR", "AU", "BR", "CA", "CL", "CN", "EG", "FR", "DE", "GH", "GR", "IN", "ID", "IE", "IL", "IT", "JP", "KE", "MX", "MA",
        "NL", "NZ", "NG", "NO", "PL", "PT", "SA", "ZA", "KR", "ES", "SE", "TH", "TR", "UA", "GB", "US", "VN",
    ]
    let names: [String]
    init(language: String) {
        let locale = Locale(identifier: language)
        names = Self.regions.map { locale.localizedString(forRegionCode: $0) ?? $0 }
            .sorted { $0.compare($1, options: [.caseInsensitive], range: nil, locale: locale) == .orderedAscending }
    }
    var onSelect: ((String) -> Void)?

    func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { names.count }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { names[row] }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) { onSelect?(names[row]) }
}
