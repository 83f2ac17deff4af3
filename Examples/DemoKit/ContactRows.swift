// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Contacts as a list shows them: a name, a number under it and a chevron, in one section with
/// an optional header; counts the cells it made (the rest were reused). The table measurements,
/// benchmarks and tests scroll it.
@MainActor
public final class ContactRows: TableViewDataSource {
    public let count: Int
    public let header: String?
    /// Cells made so far (each row's cell beyond these was a reused one).
    public private(set) var made = 0
    private let words: ExampleWords

    /// Rows named in `words`' language ("Contact 12").
    public init(count: Int, header: String? = nil, words: ExampleWords = .demo(preferring: [])) {
        self.count = count
        self.header = header
        self.words = words
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { header }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell =
            tableView.dequeueReusableCell(withIdentifier: "contact")
            ?? {
                made += 1
                return TableViewCell(style: .subtitle, reuseIdentifier: "contact")
            }()
        cell.textLabel?.text = words("contact", ["number": String(indexPath.row + 1)])
        cell.detailTextLabel?.text = "+44 20 7946 \(String(format: "%04d", indexPath.row % 10_000))"
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}
