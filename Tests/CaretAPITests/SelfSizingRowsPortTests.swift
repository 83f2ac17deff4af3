// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Self-sizing rows as UIKit apps write them, renamed only: cell and header subclasses override
// UIKit's designated initialisers (`override init(style:reuseIdentifier:)`, no `required`), the
// table asks for `automaticDimension` with an estimate, one cell's constraints fix its height
// through a wrapping label, another's only centre its label (UIKit falls back to 44 points).

@MainActor
final class CommentCell: TableViewCell {
    let bodyLabel = Label()

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        bodyLabel.numberOfLines = 0
        bodyLabel.font = .systemFont(ofSize: 17)
        bodyLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(bodyLabel)
        NSLayoutConstraint.activate([
            bodyLabel.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            bodyLabel.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
            bodyLabel.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            bodyLabel.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
}

@MainActor
final class BadgeCell: TableViewCell {
    let badge = Label()

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        badge.text = "NEW"
        badge.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            badge.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
}

@MainActor
final class SectionHeader: TableViewHeaderFooterView {
    let title = Label()

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        title.font = .boldSystemFont(ofSize: 15)
        title.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(title)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            title.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            title.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
}

@MainActor
final class CommentsViewController: TableViewController {
    let comments = [
        "Short.",
        String(repeating: "A comment long enough to wrap over several lines of the row. ", count: 4),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(CommentCell.self, forCellReuseIdentifier: "comment")
        tableView.register(BadgeCell.self, forCellReuseIdentifier: "badge")
        tableView.register(SectionHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        tableView.rowHeight = TableView.automaticDimension
        tableView.estimatedRowHeight = 80
    }

    override func numberOfSections(in tableView: TableView) -> Int { 1 }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { comments.count + 1 }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if indexPath.row == comments.count {
            return tableView.dequeueReusableCell(withIdentifier: "badge", for: indexPath)
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "comment", for: indexPath) as! CommentCell
        cell.bodyLabel.text = comments[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as? SectionHeader
        header?.title.text = "Comments"
        return header
    }
}

@Suite(.serialized) @MainActor
struct SelfSizingRowsPortTests {
    @Test func rowsSizeToTheirConstraintsAndFallBackTo44WhereTheyFixNoHeight() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 700), fonts: .fixedAdvance(ratio: 0.5))
        let controller = CommentsViewController()
        host.window.rootViewController = controller
        host.layout()
        host.drawFrame()
        let table = try #require(controller.tableView)
        let short = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let long = table.rectForRow(at: IndexPath(row: 1, section: 0))
        let badge = table.rectForRow(at: IndexPath(row: 2, section: 0))
        // The short comment's row: one line of the label plus the content view's margins.
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? CommentCell)
        let margins = cell.contentView.layoutMargins
        let line: Double = cell.bodyLabel.font.lineHeight
        let oneLine: Double = (line + margins.top + margins.bottom).rounded(.up)
        #expect(abs(short.height - oneLine) <= 1, "\(short), not \(oneLine)")
        #expect(long.height > short.height + 2 * line, "the long comment wraps onto more lines: \(long) vs \(short)")
        #expect(badge.height == 44, "a cell whose constraints fix no height gets UIKit's 44 points: \(badge)")
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) is BadgeCell)
        let header = try #require(table.headerView(forSection: 0) as? SectionHeader)
        #expect(header.title.text == "Comments")
    }
}
