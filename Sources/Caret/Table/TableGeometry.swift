// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a table's sections and rows lie along its content: heights and the running sums that
/// find a row at an offset by binary search (a 10,000-row table finds its visible rows in a few
/// steps, and a row measured anew moves only the sums after it).
struct TableGeometry {
    struct Section {
        var header: Double = 0
        var footer: Double = 0
        /// Each row's height (an estimate until `measured`).
        var rows: [Double] = []
        /// Whether a row's height is known (fixed, or measured from its cell).
        var measured: [Bool] = []
        /// `rowTops[i]`: row i's top from the first row's; one more entry than rows (the total).
        var rowTops: [Double] = [0]
        /// The section's top in the content.
        var top: Double = 0
        /// Header, rows and footer.
        var height: Double { header + (rowTops.last ?? 0) + footer }
        /// Where the first row starts.
        var rowsTop: Double { top + header }
    }

    /// The table header view's height.
    var headerHeight: Double = 0
    /// The table footer view's height.
    var footerHeight: Double = 0
    var sections: [Section] = []
    /// The width the heights were measured at.
    var width: Double = -1

    /// The content's height.
    var contentHeight: Double { (sections.last.map { $0.top + $0.height } ?? headerHeight) + footerHeight }

    /// Works out the sums and section tops from the heights.
    mutating func sum() {
        var top = headerHeight
        for index in sections.indices {
            var running = 0.0
            var tops = [Double]()
            tops.reserveCapacity(sections[index].rows.count + 1)
            tops.append(0)
            for height in sections[index].rows {
                running += height
                tops.append(running)
            }
            sections[index].rowTops = tops
            sections[index].top = top
            top += sections[index].height
        }
    }

    func contains(_ path: IndexPath) -> Bool {
        path.count == 2 && sections.indices.contains(path.section) && sections[path.section].rows.indices.contains(path.row)
    }

    func isMeasured(_ path: IndexPath) -> Bool { contains(path) && sections[path.section].measured[path.row] }

    /// Forgets a row's measured height (its content changed): it is measured again when shown.
    mutating func forget(_ path: IndexPath) {
        guard contains(path), sections[path.section].measured[path.row] else { return }
        sections[path.section].measured[path.row] = false
    }

    /// Sets a row's height; returns how far the rows after it moved.
    @discardableResult
    mutating func setHeight(_ height: Double, of path: IndexPath) -> Double {
        guard contains(path) else { return 0 }
        let s = path.section, r = path.row
        sections[s].measured[r] = true
        let delta = height - sections[s].rows[r]
        guard delta != 0 else { return 0 }
        sections[s].rows[r] = height
        for i in (r + 1)..<sections[s].rowTops.count { sections[s].rowTops[i] += delta }
        for i in (s + 1)..<sections.count { sections[i].top += delta }
        return delta
    }

    /// A row's rectangle at a width (an inset-grouped table's cards are inset from the sides).
    func rect(of path: IndexPath, width: Double, inset: Double) -> Rect {
        guard contains(path) else { return .zero }
        let section = sections[path.section]
        return Rect(
            x: inset, y: section.rowsTop + section.rowTops[path.row], width: max(0, width - 2 * inset),
            height: section.rows[path.row])
    }

    /// The row at an offset (nil in a header, a footer or past the rows).
    func row(at y: Double) -> IndexPath? {
        guard let s = sectionIndex(at: y) else { return nil }
        let section = sections[s]
        let local = y - section.rowsTop
        guard local >= 0, local < (section.rowTops.last ?? 0) else { return nil }
        return IndexPath(row: Self.lastIndex(in: section.rowTops, notAbove: local), section: s)
    }

    /// The rows that meet the span from `minY` to `maxY`, in order.
    func rows(from minY: Double, to maxY: Double) -> [IndexPath] {
        guard maxY > minY, var s = sectionIndex(at: max(minY, headerHeight)) else { return [] }
        var paths: [IndexPath] = []
        while s < sections.count, sections[s].top < maxY {
            let section = sections[s]
            let count = section.rows.count
            if count > 0 {
                let first = Self.lastIndex(in: section.rowTops, notAbove: minY - section.rowsTop)
                var r = min(max(0, first), count - 1)
                while r < count, section.rowsTop + section.rowTops[r] < maxY {
                    if section.rowsTop + section.rowTops[r + 1] > minY { paths.append(IndexPath(row: r, section: s)) }
                    r += 1
                }
            }
            s += 1
        }
        return paths
    }

    /// The sections that meet the span, in order.
    func sectionIndices(from minY: Double, to maxY: Double) -> [Int] {
        guard maxY > minY, let first = sectionIndex(at: max(minY, headerHeight)) else { return [] }
        var result: [Int] = []
        var s = first
        while s < sections.count, sections[s].top < maxY {
            result.append(s)
            s += 1
        }
        return result
    }

    /// The section whose span holds an offset (the last one past the end, the first before it).
    private func sectionIndex(at y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].top <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The largest index whose value is at most `value` (0 when none is).
    private static func lastIndex(in sorted: [Double], notAbove value: Double) -> Int {
        var lo = 0, hi = sorted.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sorted[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
