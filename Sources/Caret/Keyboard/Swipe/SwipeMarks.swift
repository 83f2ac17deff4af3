// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a swipe's finger paused (docs/keyboard.md, swipe typing), as people do at a double
/// letter ("latter"): read from the path's times, away from its ends. (Loops, the other habit,
/// are not read: on human-like writers a loop detector also fired on words' own turns, and read
/// fewer words right than it read rightly.)
struct SwipeMarks {
    /// Where the finger paused, in the path's coordinates.
    var points: [Point] = []

    /// A pause: the finger stays within this many key widths…
    static let pauseRadius = 0.12
    /// …for at least this long (seconds): longer than a finger slows at a corner.
    static let pauseTime = 0.07

    /// Whether the path's times could be read (one per point, and more than two points): where
    /// not, no pause can be seen.
    var readsPauses = false
    /// The path's times with points delivered together spread back (`spreadingBatches`), where read.
    var times: [Double]?

    /// Reads the pauses of a path (points in order, `times` in seconds, one per point) over keys
    /// `keyWidth` wide; none without times.
    init(path: [Point], times: [Double]?, keyWidth width: Double) {
        guard path.count > 2, width > 0, let times, times.count == path.count else { return }
        readsPauses = true
        let spread = Self.spreadingBatches(times)
        self.times = spread
        findPauses(in: path, times: spread, width: width)
    }

    /// Points timed within this of the first of a run were delivered together (seconds): a window
    /// handles a frame's input at once, reading its clock for each.
    static let batchGap = 0.002
    /// How far apart points delivered together are taken to have been drawn when the path shows
    /// no rate of its own (seconds): about a touch panel's rate.
    static let batchSpacing = 0.008

    /// Times with each run of points delivered together (a slow frame delivers many) spread back
    /// towards the time before at the path's own rate (the median gap between deliveries): the
    /// finger moved on through a slow frame, it did not stay.
    static func spreadingBatches(_ times: [Double]) -> [Double] {
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > batchGap }.sorted()
        let rate = gaps.isEmpty ? batchSpacing : gaps[gaps.count / 2]
        var out = times
        var start = 0
        while start < times.count {
            var end = start
            while end + 1 < times.count, times[end + 1] - times[start] <= batchGap { end += 1 }
            if end > start, start > 0 {
                let spacing = min(rate, (times[start] - times[start - 1]) / Double(end - start + 1))
                for k in start...end { out[k] = times[end] - Double(end - k) * spacing }
            }
            start = end + 1
        }
        return out
    }

    /// Pauses away from the path's ends (a finger rests as it lands and lifts whatever the word).
    /// A stay runs from the first point within `pauseRadius` of where it began to the first point
    /// outside, less the path's usual time between points (the move out): a touch panel samples a
    /// still finger, a mouse sends nothing until it moves again.
    private mutating func findPauses(in path: [Point], times: [Double], width: Double) {
        let radius = Self.pauseRadius * width
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let usual = gaps[gaps.count / 2]
        let first = path[0], last = path[path.count - 1]
        var i = 1
        while i < path.count - 1 {
            var j = i
            while j + 1 < path.count - 1, path[j + 1].distance(to: path[i]) <= radius { j += 1 }
            let stay = times[j + 1] - times[i] - usual
            if stay >= Self.pauseTime, path[i].distance(to: first) > radius, path[j].distance(to: last) > radius {
                var x = 0.0, y = 0.0
                for p in path[i...j] { (x, y) = (x + p.x, y + p.y) }
                let n = Double(j - i + 1)
                points.append(Point(x: x / n, y: y / n))
            }
            i = j + 1
        }
    }
}
