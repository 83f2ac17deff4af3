// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a swipe's finger paused or looped (docs/keyboard.md, swipe typing), as people do at a
/// double letter ("latter"): pauses read from the path's times, away from its ends; loops from
/// how far the path turns within a short stretch. The path itself is read as drawn: a mark only
/// tells where a double letter may be (`SwipeLikelihood`).
struct SwipeMarks {
    /// Where the finger paused, in the path's coordinates.
    var points: [Point] = []
    /// Where the path looped: the middle of each stretch that turned most of a circle (`loopTurn`).
    var loops: [Point] = []

    /// A loop: the path's direction turns this far one way (radians; a corner, even one overshot
    /// and turned back from, turns about half a circle; a loop drawn small and smoothed by the
    /// next movement, less than a whole one)…
    static let loopTurn = 1.35 * Double.pi
    /// …within this many key widths of path (a circle of about half a key's radius).
    static let loopLength = 3.0
    /// A turn this sharp from one reading to the next is a turn back (a cusp, or a path drawn
    /// straight back over itself, which has no side to turn to), and no loop runs through it.
    static let loopCusp = 0.9 * Double.pi
    /// How sharply a loop still turns where it ends (radians per key width).
    static let loopCurving = 1.0
    /// How far from its middle a loop's points stay (key widths).
    static let loopExtent = 0.75
    /// How far apart the path's directions are read (key widths): tremor's wobble averages out.
    static let loopStep = 0.1

    /// A pause: the finger stays within this many key widths…
    static let pauseRadius = 0.12
    /// …for at least this long (seconds): longer than a finger slows at a corner.
    static let pauseTime = 0.07

    /// Whether the path's times could be read (one per point, and more than two points): where
    /// not, no pause can be seen.
    var readsPauses = false
    /// The path's times with points delivered together spread back (`spreadingBatches`), where read.
    var times: [Double]?

    /// Reads the loops and pauses of a path (points in order, `times` in seconds, one per point)
    /// over keys `keyWidth` wide; no pauses without times.
    init(path: [Point], times: [Double]?, keyWidth width: Double) {
        guard path.count > 2, width > 0 else { return }
        findLoops(in: path, width: width)
        guard let times, times.count == path.count else { return }
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

    /// Loops: stretches of at most `loopLength` over which the direction turns `loopTurn` or more
    /// one way with no cusp, each from where its turning starts to where it stops turning that
    /// way; each is read at the middle of its points, and the next is looked for after it. (A path
    /// longer than 400 key widths is read at coarser steps.)
    private mutating func findLoops(in path: [Point], width: Double) {
        let length = SwipePolyline.length(path)
        guard length.isFinite else { return }
        let steps = min(4_000, Int(length / (Self.loopStep * width)))
        guard steps >= 8 else { return }
        let p = SwipePolyline.resample(path, count: steps + 1)
        var turns: [Double] = []  // turns[k]: from the move into p[k + 1] to the move out of it
        turns.reserveCapacity(steps)
        var heading = atan2(p[1].y - p[0].y, p[1].x - p[0].x)
        for k in 1..<steps {
            let next = atan2(p[k + 1].y - p[k].y, p[k + 1].x - p[k].x)
            var turn = next - heading
            if turn > .pi { turn -= 2 * .pi } else if turn <= -.pi { turn += 2 * .pi }
            turns.append(turn)
            heading = next
        }
        let span = Int(Self.loopLength / Self.loopStep)
        var i = 0
        while i < turns.count {
            var sum = 0.0
            var end: Int?
            for j in i..<min(turns.count, i + span) {
                if abs(turns[j]) >= Self.loopCusp { break }
                sum += turns[j]
                if abs(sum) >= Self.loopTurn {
                    end = j
                    break
                }
            }
            guard var end else {
                i += 1
                continue
            }
            // The loop's own stretch: from where the turning starts to where it stops growing.
            var start = i
            while start < end, abs(sum - turns[start]) >= Self.loopTurn {
                sum -= turns[start]
                start += 1
            }
            // (Past that, a straight way on or tremor's wobble is no part of it.)
            while end + 1 < min(turns.count, start + span), turns[end + 1] * sum > 0,
                abs(turns[end + 1]) >= Self.loopCurving * Self.loopStep, abs(turns[end + 1]) < Self.loopCusp
            {
                end += 1
                sum += turns[end]
            }
            var x = 0.0, y = 0.0
            for q in p[(start + 1)...(end + 1)] { (x, y) = (x + q.x, y + q.y) }
            let centre = Point(x: x / Double(end - start + 1), y: y / Double(end - start + 1))
            // Two turns back the same way a row apart ("universe"'s n, i, v) turn as far, but
            // spread over more than a key.
            guard p[(start + 1)...(end + 1)].allSatisfy({ $0.distance(to: centre) <= Self.loopExtent * width }) else {
                i += 1
                continue
            }
            loops.append(centre)
            i = end + 1
        }
    }
}
