// SPDX-License-Identifier: Apache-2.0

/// What the point-cloud recogniser's shortlist reads of every template, side by side in flat
/// arrays: each template's coarse grid, its place against the guide and its cloud's coordinates.
/// Thousands of templates are compared for each character written; read
/// from here, none is copied (with its arrays' reference counts) to be compared.
struct TemplateSheet: Sendable {
    /// Every template's coarse grid (`PointCloud.grid` squared numbers each), one after another.
    private let descriptors: [Double]
    /// Every template's top and bottom, interleaved.
    private let places: [Double]
    /// Every template's cloud (`PointCloud.coordinates`, four numbers a point), one after another.
    private let coordinates: [Double]

    init(_ clouds: [PointCloud]) {
        descriptors = clouds.flatMap(\.descriptor)
        places = clouds.flatMap { [$0.top, $0.bottom] }
        coordinates = clouds.flatMap(\.coordinates)
    }

    /// How far template `index` sits from the ink against the guide: the differences of their tops and bottoms.
    func placeDistance(_ index: Int, _ ink: PointCloud) -> Double {
        (places[2 * index] - ink.top).magnitude + (places[2 * index + 1] - ink.bottom).magnitude
    }

    /// Each template's coarse distance from the ink, in the templates' order: the grids' L1
    /// distance plus `placeWeight` times `placeDistance`.
    func coarseDistances(to ink: PointCloud, placeWeight: Double) -> [(index: Int, distance: Double)] {
        let cells = PointCloud.grid * PointCloud.grid
        let count = places.count / 2
        var out: [(index: Int, distance: Double)] = []
        out.reserveCapacity(count)
        descriptors.withUnsafeBufferPointer { all in
            ink.descriptor.withUnsafeBufferPointer { own in
                for index in 0..<count {
                    var sum = 0.0
                    for cell in 0..<cells { sum += (all[index * cells + cell] - own[cell]).magnitude }
                    out.append((index, sum + placeWeight * placeDistance(index, ink)))
                }
            }
        }
        return out
    }

    /// The `count` entries of least distance, least first, ties in the entries' order: what a
    /// stable sort of them all would begin with, sorting only their distances (plain numbers) and
    /// then the entries chosen. No distance is NaN: a cloud is made only of finite numbers (`PointCloud`).
    func least(_ entries: [(index: Int, distance: Double)], _ count: Int) -> [(index: Int, distance: Double)] {
        var chosen = entries
        if entries.count > count, count > 0 {
            var distances = entries.map(\.distance)
            distances.sort()
            let threshold = distances[count - 1]
            chosen = entries.filter { $0.distance < threshold }
            for entry in entries where entry.distance == threshold && chosen.count < count { chosen.append(entry) }
        } else if count <= 0 {
            return []
        }
        chosen.sort { $0.distance < $1.distance }
        return chosen
    }

    /// $P's greedy cloud distance of template `index` from the ink, the mean distance of matched
    /// points (both ways, from `starts` starts each way), stopping early past `bound`.
    func cloudDistance(_ index: Int, to ink: PointCloud, bound: Double = .infinity, starts: Int = 6) -> Double {
        let n = PointCloud.count
        let step = max(1, n / max(starts, 1))
        let normaliser = Double(n + 1) / 2
        var best = bound * normaliser
        coordinates.withUnsafeBufferPointer { all in
            ink.coordinates.withUnsafeBufferPointer { b in
                let a = UnsafeBufferPointer(rebasing: all[(4 * n * index)..<(4 * n * (index + 1))])
                for start in stride(from: 0, to: n, by: step) {
                    best = min(best, PointCloud.greedy(a, b, start: start, bound: best))
                    best = min(best, PointCloud.greedy(b, a, start: start, bound: best))
                }
            }
        }
        return best / normaliser
    }
}
