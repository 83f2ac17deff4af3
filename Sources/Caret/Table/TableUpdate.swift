// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The rows and sections a batch of updates inserts, deletes, reloads and moves, as UIKit's
/// `performBatchUpdates` takes them: deletions, reloads and the sources of moves name rows as
/// they were before the batch; insertions and the destinations of moves as they are after it.
struct TableUpdateBatch {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var deletedRows = Set<IndexPath>()
    var insertedRows = Set<IndexPath>()
    var reloadedRows = Set<IndexPath>()
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var movedSections: [(from: Int, to: Int)] = []
    /// How the first change asked to be shown (UIKit shows one animation per batch too).
    var animation: TableView.RowAnimation?

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty && movedSections.isEmpty
    }
}

/// Where each row before a batch of updates is after it, worked out from the batch and the row
/// counts before and after; fails, as UIKit's "invalid update", when the counts the data source
/// gives after the batch are not those before with the batch's insertions and deletions.
struct TableUpdateMap {
    /// For each section after the batch, the section it was before (nil: inserted).
    private(set) var oldSection: [Int?] = []
    /// For each row after the batch, the row it was before (nil: inserted, or in a new or reloaded section).
    private(set) var oldRow: [[IndexPath?]] = []
    /// For each row before the batch that is still there, where it is now.
    private(set) var newPath: [IndexPath: IndexPath] = [:]
    /// Where the reloaded rows are after the batch (their cells and heights are asked for again).
    private(set) var reloaded = Set<IndexPath>()
    /// Where the reloaded sections are after the batch (their headers and footers are asked for again).
    private(set) var reloadedSections = Set<Int>()

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init(_ batch: TableUpdateBatch, oldCounts: [Int], newCounts: [Int]) throws {
        let oldSections = oldCounts.count
        let deleted = batch.deletedSections
        let movedFrom = Set(batch.movedSections.map(\.from))
        try Self.checkOverlaps(batch)
        for s in deleted.union(batch.reloadedSections).union(IndexSet(movedFrom)) where s >= oldSections {
            throw Invalid(description: "section \(s) does not exist before the update (the table had \(oldSections))")
        }
        let expected = oldSections - deleted.count + batch.insertedSections.count
        guard newCounts.count == expected else {
            throw Invalid(
                description: "the table has \(newCounts.count) sections after the update; it had \(oldSections), "
                    + "plus \(batch.insertedSections.count) inserted, minus \(deleted.count) deleted")
        }
        // Sections: the ones kept, in order, fill the places not inserted or moved to.
        let movedTo = Dictionary(batch.movedSections.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        var kept = (0..<oldSections).filter { !deleted.contains($0) && !movedFrom.contains($0) }[...]
        for n in 0..<newCounts.count {
            if let old = movedTo[n] {
                oldSection.append(old)
            } else if batch.insertedSections.contains(n) {
                oldSection.append(nil)
            } else if let old = kept.popFirst() {
                oldSection.append(old)
            } else {
                throw Invalid(description: "section \(n) after the update has no section before it")
            }
        }
        if let left = kept.first { throw Invalid(description: "section \(left) before the update has no place after it") }
        for (n, old) in oldSection.enumerated() { if let old, batch.reloadedSections.contains(old) { reloadedSections.insert(n) } }
        try mapRows(batch, oldCounts: oldCounts, newCounts: newCounts)
    }

    /// The rows of each section kept: the ones kept, in order, fill the places not inserted or
    /// moved to; the counts must agree. A reloaded section's rows are all new; a reloaded row keeps
    /// its place (`reloaded` says where it is now).
    private mutating func mapRows(_ batch: TableUpdateBatch, oldCounts: [Int], newCounts: [Int]) throws {
        let movedFrom = Set(batch.movedRows.map(\.from))
        let movedTo = Dictionary(batch.movedRows.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        for path in batch.deletedRows.union(batch.reloadedRows).union(movedFrom)
        where !(oldCounts.indices.contains(path.section) && (0..<oldCounts[path.section]).contains(path.row)) {
            throw Invalid(description: "row \(path.row) of section \(path.section) does not exist before the update")
        }
        for (n, old) in oldSection.enumerated() {
            guard let old, !batch.reloadedSections.contains(old) else {
                oldRow.append(Array(repeating: nil, count: newCounts[n]))
                continue
            }
            let inserted = batch.insertedRows.filter { $0.section == n }.count
            let deleted = batch.deletedRows.filter { $0.section == old }.count
            let movedIn = batch.movedRows.filter { $0.to.section == n }.count
            let movedOut = batch.movedRows.filter { $0.from.section == old }.count
            guard newCounts[n] == oldCounts[old] + inserted - deleted + movedIn - movedOut else {
                throw Invalid(
                    description: "section \(n) has \(newCounts[n]) rows after the update; it had \(oldCounts[old]), plus "
                        + "\(inserted) inserted, minus \(deleted) deleted, plus \(movedIn) moved in, minus \(movedOut) moved out")
            }
            var kept = (0..<oldCounts[old]).map { IndexPath(row: $0, section: old) }
                .filter { !batch.deletedRows.contains($0) && !movedFrom.contains($0) }[...]
            var rows: [IndexPath?] = []
            for r in 0..<newCounts[n] {
                let here = IndexPath(row: r, section: n)
                if let from = movedTo[here] {
                    rows.append(from)
                } else if batch.insertedRows.contains(here) {
                    rows.append(nil)
                } else if let next = kept.popFirst() {
                    rows.append(next)
                } else {
                    throw Invalid(description: "row \(r) of section \(n) after the update has no row before it")
                }
            }
            if let left = kept.first { throw Invalid(description: "row \(left.row) of section \(left.section) has no place after the update") }
            oldRow.append(rows)
        }
        for (n, rows) in oldRow.enumerated() {
            for (r, old) in rows.enumerated() { if let old { newPath[old] = IndexPath(row: r, section: n) } }
        }
        for old in batch.reloadedRows { if let now = newPath.removeValue(forKey: old) { reloaded.insert(now) } }
    }

    /// Rejects a batch that names a row or section twice where once is the most it can be: a
    /// row deleted and moved, two moves from or to one place, a path that is not a row's.
    private static func checkOverlaps(_ batch: TableUpdateBatch) throws {
        let all = Array(batch.deletedRows) + batch.insertedRows + batch.reloadedRows + batch.movedRows.flatMap { [$0.from, $0.to] }
        if let bad = all.first(where: { $0.count != 2 || $0.row < 0 || $0.section < 0 }) {
            throw Invalid(description: "\(bad) is not a row's index path")
        }
        let sources = batch.movedRows.map(\.from), targets = batch.movedRows.map(\.to)
        let old = Array(batch.deletedRows) + batch.reloadedRows + sources
        if let twice = Self.repeated(old) {
            throw Invalid(description: "row \(twice.row) of section \(twice.section) is deleted, reloaded or moved twice")
        }
        if let twice = Self.repeated(Array(batch.insertedRows) + targets) {
            throw Invalid(description: "row \(twice.row) of section \(twice.section) is inserted or moved to twice")
        }
        let sectionSources = batch.movedSections.map(\.from), sectionTargets = batch.movedSections.map(\.to)
        if let twice = Self.repeated(Array(batch.deletedSections) + batch.reloadedSections + sectionSources) {
            throw Invalid(description: "section \(twice) is deleted, reloaded or moved twice")
        }
        if let twice = Self.repeated(Array(batch.insertedSections) + sectionTargets) {
            throw Invalid(description: "section \(twice) is inserted or moved to twice")
        }
        if let bad = (Array(batch.deletedSections) + batch.insertedSections + sectionSources + sectionTargets).first(where: { $0 < 0 }) {
            throw Invalid(description: "\(bad) is not a section")
        }
    }

    private static func repeated<T: Hashable>(_ items: [T]) -> T? {
        var seen = Set<T>()
        return items.first { !seen.insert($0).inserted }
    }

    /// Where a row before the batch is after it (nil: deleted, reloaded or in a deleted section).
    func path(after old: IndexPath) -> IndexPath? { newPath[old] }
}
