// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Table views as UIKit apps write them, renamed only (issue 45 item 3): a long contacts list with
// reused subtitle cells, and a grouped form whose rows hold text fields whose text lives in the
// app's model. Linux forces one change: a cell class's `init(style:reuseIdentifier:)` is written
// `required` (Swift makes registered classes only through required initialisers).

/// A cell that counts how many were ever made.
@MainActor
final class ContactCell: TableViewCell {
    static var made = 0
    override init(style: CellStyle, reuseIdentifier: String?) {
        ContactCell.made += 1
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A thousand contacts; a tap opens one (recorded) and deselects the row, as apps do.
@MainActor
final class ContactsViewController: TableViewController {
    let names = (0..<1000).map { "Contact \($0)" }
    var opened: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ContactCell.self, forCellReuseIdentifier: "contact")
        tableView.rowHeight = 44
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        cell.detailTextLabel?.text = "+44 20 7946 \(String(format: "%04d", indexPath.row))"
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        opened.append(indexPath)
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A cell holding a text field pinned to its content view's margins.
@MainActor
final class FieldCell: TableViewCell {
    let field = TextField()
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        field.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(field)
        NSLayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            field.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            field.topAnchor.constraint(equalTo: contentView.topAnchor),
            field.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ])
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A grouped form of 3 sections of 8 fields; the text is kept in `values` as it is typed.
@MainActor
final class ProfileFormViewController: TableViewController {
    var values = Array(repeating: "", count: 24)
    let titles = ["Name", "Address", "Other"]

    init() { super.init(style: .insetGrouped) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FieldCell.self, forCellReuseIdentifier: "field")
        tableView.rowHeight = 52
    }

    override func numberOfSections(in tableView: TableView) -> Int { titles.count }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 8 }
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { titles[section] }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FieldCell
        let index = indexPath.section * 8 + indexPath.row
        cell.field.placeholder = "\(titles[indexPath.section]) \(indexPath.row + 1)"
        cell.field.text = values[index]
        cell.field.tag = index
        // One action per field: configured again on reuse, it replaces the one before (UIAction's identifier).
        cell.field.addAction(
            Action(identifier: .init("value")) { [weak self, weak field = cell.field] _ in
                guard let self, let field else { return }
                self.values[field.tag] = field.text ?? ""
            }, for: .editingChanged)
        return cell
    }
}

@Suite @MainActor
struct TableViewPortTests {
    private func host(_ size: Size = Size(width: 400, height: 600)) throws -> HeadlessWindow {
        try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
    }

    /// Types letters on the on-screen keyboard's keys, whichever case the keys show.
    private func typeOnKeys(_ text: String, _ host: HeadlessWindow) -> Bool {
        text.allSatisfy { c in
            defer { host.settle() }
            return KeyboardDriver(host).tap(label: String(c)) || KeyboardDriver(host).tap(label: c.uppercased())
        }
    }

    /// The row shown at a window point, from the geometry the app set (44-point rows from the top).
    private func row(atWindowY y: CGFloat, in table: TableView) -> Int { Int(((y - table.frame.minY + table.contentOffset.y) / 44).rounded(.down)) }

    @Test func aLongListReusesItsCellsAndATapOpensTheRowUnderTheFinger() throws {
        let host = try host()
        ContactCell.made = 0
        let contacts = ContactsViewController()
        host.window.rootViewController = contacts
        host.settle()
        let table = try #require(contacts.tableView)
        #expect(table.contentSize.height == 44_000)
        // Only what fits is made: 600 / 44 rows and a part.
        let fits = Int((600.0 / 44).rounded(.up))
        #expect(table.visibleCells.count == fits + (600.0.truncatingRemainder(dividingBy: 44) == 0 ? 0 : 0))
        for _ in 0..<6 {
            host.input.drag(from: CGPoint(x: 200, y: 550), to: CGPoint(x: 200, y: 50), duration: 0.3, holdBeforeRelease: 0.2)
            host.settle()
        }
        #expect(table.contentOffset.y >= 2_500, "six drags of 500 points scrolled \(table.contentOffset.y)")
        #expect(ContactCell.made <= fits + 2, "\(ContactCell.made) cells made for \(fits) on screen")
        // Cells waiting to be reused are out of the window (nothing can reach their views).
        #expect(table.subviews.filter { $0 is TableViewCell }.count == table.visibleCells.count)
        // Every cell shows the row it stands at.
        for cell in table.visibleCells {
            let row = Int((cell.frame.minY / 44).rounded())
            #expect(cell.textLabel?.text == "Contact \(row)")
            #expect(table.indexPath(for: cell) == IndexPath(row: row, section: 0))
        }
        // A tap opens the row under it, at its pixels.
        let y: CGFloat = 300
        let expected = row(atWindowY: y, in: table)
        host.input.tap(at: CGPoint(x: 120, y: y))
        host.settle()
        #expect(contacts.opened == [IndexPath(row: expected, section: 0)])
        #expect(table.indexPathForSelectedRow == nil, "the app deselected it")
        // A drag that starts on a row scrolls and opens nothing.
        host.input.drag(from: CGPoint(x: 120, y: 400), to: CGPoint(x: 120, y: 200), duration: 0.3)
        host.settle()
        #expect(contacts.opened.count == 1)
    }

    /// The chat screen's `table.remembersLastFocusedIndexPath = true`: focus that left the table
    /// for the message field comes back, by Tab, to the row it left; without it, to the first row.
    @Test func aTableThatRemembersItsLastFocusedRowTakesFocusBackThere() throws {
        func rowFocusedOnReturn(remembers: Bool) throws -> IndexPath? {
            let host = try host()
            let contacts = ContactsViewController()
            let table = try #require(contacts.tableView)
            table.remembersLastFocusedIndexPath = remembers
            let field = TextField(frame: CGRect(x: 0, y: 0, width: 400, height: 40))
            let screen = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
            screen.addSubview(field)  // before the table in reading order
            screen.addSubview(contacts.view)
            contacts.view.frame = CGRect(x: 0, y: 40, width: 400, height: 560)
            host.window.rootView = screen
            host.settle()
            host.input.key(.keyboardTab, characters: "\t")
            #expect(field.isFirstResponder)
            host.input.key(.keyboardTab, characters: "\t")
            for _ in 0..<5 { host.input.key(.keyboardDownArrow) }
            host.settle()
            #expect((host.window.firstResponder as? TableViewCell).flatMap(table.indexPath(for:)) == IndexPath(row: 5, section: 0))
            host.input.tap(field)
            host.settle()
            #expect(field.isFirstResponder)
            host.input.key(.keyboardTab, characters: "\t")
            host.settle()
            return (host.window.firstResponder as? TableViewCell).flatMap(table.indexPath(for:))
        }
        #expect(try rowFocusedOnReturn(remembers: true) == IndexPath(row: 5, section: 0))
        #expect(try rowFocusedOnReturn(remembers: false) == IndexPath(row: 0, section: 0))
    }

    @Test func aKeyboardReachesRowsByTabMovesByArrowsAndOpensByReturn() throws {
        let host = try host()
        let contacts = ContactsViewController()
        host.window.rootViewController = contacts
        host.settle()
        let table = try #require(contacts.tableView)
        host.input.key(.keyboardTab, characters: "\t")
        host.settle()
        let first = try #require(host.window.firstResponder as? TableViewCell)
        #expect(table.indexPath(for: first) == IndexPath(row: 0, section: 0), "Tab reaches the first row")
        for _ in 0..<3 { host.input.key(.keyboardDownArrow) }
        host.settle()
        #expect((host.window.firstResponder as? TableViewCell).flatMap(table.indexPath(for:)) == IndexPath(row: 3, section: 0))
        host.input.key(.keyboardReturnOrEnter, characters: "\r")
        host.settle()
        #expect(contacts.opened == [IndexPath(row: 3, section: 0)], "Return opens the focused row as a tap does")
        // Down past the screen: the row comes into view with its cell, and has the focus.
        for _ in 0..<30 { host.input.key(.keyboardDownArrow) }
        host.settle()
        let focused = try #require(host.window.firstResponder as? TableViewCell)
        #expect(table.indexPath(for: focused) == IndexPath(row: 33, section: 0))
        #expect(table.bounds.contains(focused.frame), "the focused row \(focused.frame) is in view \(table.bounds)")
        host.input.key(.keyboardUpArrow)
        host.settle()
        #expect((host.window.firstResponder as? TableViewCell).flatMap(table.indexPath(for:)) == IndexPath(row: 32, section: 0))
    }

    @Test func aSelectedRowIsReadAsSelectedAndTheTableReadsItsShownRowsInOrder() throws {
        let host = try host()
        let contacts = ContactsViewController()
        host.window.rootViewController = contacts
        host.settle()
        let table = try #require(contacts.tableView)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        let elements = table.accessibilityElements ?? []
        #expect(elements.count == table.visibleCells.count)
        let labels = elements.map { $0.accessibilityLabel ?? "" }
        #expect(labels.first == "Contact 0, +44 20 7946 0000")
        #expect(labels.prefix(3).map { String($0.prefix(9)) } == ["Contact 0", "Contact 1", "Contact 2"])
        #expect(elements[2].accessibilityTraits.contains(.selected) && !elements[1].accessibilityTraits.contains(.selected))
        // Scrolled to row 500, row 500 is what is read first.
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        host.settle()
        #expect(table.accessibilityElements?.first?.accessibilityLabel?.hasPrefix("Contact 500,") == true)
    }

    @Test func aFormsFieldsKeepTheirTextAcrossReuseAndTheFocusedRowRidesAboveTheKeyboard() throws {
        let host = try host()
        host.window.keyboard.policy = .always
        let form = ProfileFormViewController()
        host.window.rootViewController = form
        host.settle()
        let table = try #require(form.tableView)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? FieldCell)
        host.input.tap(at: first.field.convert(CGPoint(x: 40, y: 26), to: nil))
        host.settle()
        #expect(first.field.isFirstResponder)
        #expect(typeOnKeys("ada", host))
        host.settle()
        #expect(form.values[0].lowercased() == "ada")
        _ = first.field.resignFirstResponder()
        host.settle()
        // Scrolled to the end and back: row 0's cell went to other rows and came back with its text.
        table.scrollToRow(at: IndexPath(row: 7, section: 2), at: .bottom, animated: false)
        host.settle()
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        for cell in table.visibleCells {
            let path = try #require(table.indexPath(for: cell))
            #expect((cell as? FieldCell)?.field.text == form.values[path.section * 8 + path.row])
        }
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
        host.settle()
        let back = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? FieldCell)
        #expect(back.field.text?.lowercased() == "ada")
        // A field low on the screen, focused, is scrolled above the keyboard.
        let low = try #require(table.visibleCells.last(where: { $0.frame.maxY <= table.bounds.maxY }) as? FieldCell)
        host.input.tap(at: low.field.convert(CGPoint(x: 40, y: 26), to: nil))
        host.settle()
        #expect(low.field.isFirstResponder)
        let keyboardTop = host.window.keyboard.frame.minY
        let onScreen = low.field.convert(low.field.bounds, to: nil)
        #expect(onScreen.maxY <= keyboardTop && onScreen.minY >= 0, "\(onScreen) above \(keyboardTop)")
        // While it is edited, scrolling it away does not give its cell to another row.
        let edited = low.field
        #expect(typeOnKeys("x", host))
        table.scrollToRow(at: IndexPath(row: 7, section: 2), at: .bottom, animated: false)
        host.settle()
        #expect(edited.isFirstResponder && edited.text?.lowercased() == "x")
        #expect(!table.visibleCells.contains { ($0 as? FieldCell)?.field === edited })
    }

    @Test func sectionsHaveTheirHeadersAndSelfSizingRowsTakeTheirTextsHeight() throws {
        let host = try host()
        let form = ProfileFormViewController()
        host.window.rootViewController = form
        host.settle()
        let table = try #require(form.tableView)
        // Sections follow one another: each is its header, 8 rows of 52 and its footer space.
        var top = table.rect(forSection: 0).minY
        for section in 0..<3 {
            let rect = table.rect(forSection: section)
            #expect(rect.minY == top)
            let firstRow = table.rectForRow(at: IndexPath(row: 0, section: section))
            let header = firstRow.minY - rect.minY
            #expect(header > 0, "section \(section) has a header")
            #expect(table.rectForRow(at: IndexPath(row: 7, section: section)).maxY == firstRow.minY + 8 * 52)
            #expect(firstRow.minX == 20 && firstRow.width == 360, "inset grouped rows are cards inset by 20")
            top = rect.maxY
        }
        #expect(table.contentSize.height == top)
    }

    @Test func cellsSizeThemselvesByTheConstraintsInTheirContentView() throws {
        let host = try host()
        let source = NotesSource()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), style: .plain)
        table.register(NoteCell.self, forCellReuseIdentifier: "note")
        table.estimatedRowHeight = 60
        table.dataSource = source
        host.rootView = table
        host.settle()
        let line = host.backend.fontProvider.metrics(for: .systemFont(ofSize: Font.labelFontSize)).lineHeight
        var top = 0.0
        for (row, note) in source.notes.enumerated() {
            let lines = Double(note.split(separator: "\n").count)
            let rect = table.rectForRow(at: IndexPath(row: row, section: 0))
            // The label's lines between the content view's margins (UIKit's 11 above and below).
            #expect(Double(rect.height) == (lines * line + 22).rounded(.up), "row \(row): \(rect)")
            #expect(Double(rect.minY) == top)
            top = Double(rect.maxY)
        }
    }

    @Test func fieldRowsSizeThemselvesWithoutBreakingTheirConstraints() throws {
        var console: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { console.append($0) }
        defer { ConsoleLog.handler = saved }
        let host = try host()
        let form = SelfSizingFormViewController()
        host.window.rootViewController = form
        host.settle()
        let table = try #require(form.tableView)
        // Each row: the field's 44 points and 4 above and below, from the cell's constraints.
        for row in 0..<5 { #expect(table.rectForRow(at: IndexPath(row: row, section: 0)).height == 52) }
        table.scrollToRow(at: IndexPath(row: 39, section: 0), at: .bottom, animated: false)
        host.settle()
        #expect(table.rectForRow(at: IndexPath(row: 39, section: 0)).height == 52)
        #expect(console.isEmpty, "\(console)")
    }

    @Test func standardCellsSizeThemselvesToTheirLines() throws {
        let host = try host()
        let source = LinesSource()
        let table = TableView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), style: .plain)
        table.dataSource = source
        host.rootView = table
        host.settle()
        let line = host.backend.fontProvider.metrics(for: .preferredFont(forTextStyle: .body)).lineHeight
        let one = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let three = table.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(one.height == 44, "one line of body text is under 44 points: the row is 44")
        #expect(Double(three.height) == (3 * line + 22).rounded(.up), "three lines and the margins")
        #expect(three.minY == one.maxY)
        // The text grows; begin and end updates measure the row again.
        source.lines[0] = "a\nb\nc\nd"
        table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text = source.lines[0]
        table.beginUpdates()
        table.endUpdates()
        #expect(Double(table.rectForRow(at: IndexPath(row: 0, section: 0)).height) == (4 * line + 22).rounded(.up))
        #expect(Double(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY) == (4 * line + 22).rounded(.up))
    }
}

/// Forty field rows that size themselves: a field at least 44 high, 4 points from the row's edges.
@MainActor
final class SelfSizingFormViewController: TableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(PaddedFieldCell.self, forCellReuseIdentifier: "field")
    }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 40 }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! PaddedFieldCell
        cell.field.placeholder = "Field \(indexPath.row + 1)"
        return cell
    }
}

/// A field with a minimum height between small margins.
@MainActor
final class PaddedFieldCell: TableViewCell {
    let field = TextField()
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        field.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(field)
        NSLayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            field.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            field.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 4),
            field.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -4),
            field.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
        ])
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// The classic self-sizing cell: a wrapping label pinned to the content view's margins.
@MainActor
final class NoteCell: TableViewCell {
    let body = Label()
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        body.numberOfLines = 0
        body.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(body)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            body.topAnchor.constraint(equalTo: margins.topAnchor),
            body.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// Notes of one to five lines in self-sizing cells.
@MainActor
final class NotesSource: TableViewDataSource {
    let notes = ["One", "One\nTwo\nThree", "1\n2\n3\n4\n5", "Two\nlines"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
        cell.body.text = notes[indexPath.row]
        return cell
    }
}

/// Rows of lines in standard cells that wrap.
@MainActor
final class LinesSource: TableViewDataSource {
    var lines = ["One line", "First\nSecond\nThird"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lines.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "line") ?? TableViewCell(style: .default, reuseIdentifier: "line")
        cell.textLabel?.numberOfLines = 0
        cell.textLabel?.text = lines[indexPath.row]
        return cell
    }
}
