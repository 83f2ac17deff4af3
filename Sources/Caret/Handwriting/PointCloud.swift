// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A character's ink as the point-cloud recogniser compares it ($P, Vatavu, Anthony and Wobbrock
/// 2012, with each point's stroke direction beside its place, as in $P+): the letter's body
/// resampled into one cloud of `count` points, moved to its centroid and scaled by its larger
/// side, so neither stroke order, direction nor size matters; the small marks written apart above
/// or below it (accents, dots) as clouds of their own; where the body sits against the guide (in
/// capital heights above the baseline), which tells "o" from "O"; and a coarse grid of where the
/// points fall, to shortlist templates cheaply.
struct PointCloud: Sendable {
    /// How many points every cloud has.
    static let count = 32
    /// The coarse descriptor's grid (per side).
    static let grid = 5
    /// x, y and the stroke's direction there (its doubled angle's cosine and sine, so either way
    /// along is the same, times `directionWeight`) of each point, interleaved.
    var coordinates: [Double]
    /// The ink's top and bottom, in capital heights above the baseline.
    var top: Double
    var bottom: Double
    /// The share of points in each cell of the grid (bilinearly spread).
    var descriptor: [Double]

    /// The marks written apart above the letter (accents, the dot of an i) and below it (a comma
    /// below), compared on their own: a few points of a whole-letter cloud cannot tell "é" from "è".
    var above: MarkCloud?
    var below: MarkCloud?

    /// The cloud of strokes whose baseline is at `baseline` and whose capitals are `capHeight`
    /// tall (y grows downwards); nil for no ink, or for ink or a guide that is not a finite number.
    init?(strokes: [[Point]], baseline: Double, capHeight: Double) {
        let strokes = strokes.filter { !$0.isEmpty }
        guard !strokes.isEmpty, capHeight > 0, capHeight.isFinite, baseline.isFinite,
            strokes.allSatisfy({ $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        else { return nil }
        let parts = Self.split(strokes, capHeight: capHeight)
        var minY = Double.infinity, maxY = -Double.infinity
        for stroke in parts.body {
            for point in stroke {
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
        }
        top = (baseline - minY) / capHeight
        bottom = (baseline - maxY) / capHeight
        var (points, directions) = Self.resample(parts.body, to: Self.count)
        Self.normalise(&points, minimumScale: Self.minimumScale * capHeight)
        descriptor = Self.describe(points)
        coordinates = Self.interleave(points, directions)
        above = parts.above.isEmpty ? nil : MarkCloud(strokes: parts.above, capHeight: capHeight)
        below = parts.below.isEmpty ? nil : MarkCloud(strokes: parts.below, capHeight: capHeight)
    }

    /// How large a stroke apart from the letter may be and still be a mark, in capital heights.
    static let markSize = 0.45

    /// The strokes split into the letter's body and the small strokes wholly above or below it.
    static func split(_ strokes: [[Point]], capHeight: Double) -> (body: [[Point]], above: [[Point]], below: [[Point]]) {
        guard strokes.count > 1 else { return (strokes, [], []) }
        let boxes = strokes.map { stroke in
            stroke.reduce((Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)) {
                (min($0.0, $1.x), max($0.1, $1.x), min($0.2, $1.y), max($0.3, $1.y))
            }
        }
        let limit = markSize * capHeight
        let small = boxes.map { $0.1 - $0.0 < limit && $0.3 - $0.2 < limit }
        // The body's height: the large strokes', or the largest small stroke's when all are small.
        var top = Double.infinity, bottom = -Double.infinity
        for (box, isSmall) in zip(boxes, small) where !isSmall {
            top = min(top, box.2)
            bottom = max(bottom, box.3)
        }
        if top > bottom,
            let largest = boxes.indices.max(by: {
                (boxes[$0].1 - boxes[$0].0) + (boxes[$0].3 - boxes[$0].2) < (boxes[$1].1 - boxes[$1].0) + (boxes[$1].3 - boxes[$1].2)
            })
        {
            (top, bottom) = (boxes[largest].2, boxes[largest].3)
        }
        let gap = 0.02 * capHeight
        var body: [[Point]] = [], above: [[Point]] = [], below: [[Point]] = []
        for (index, stroke) in strokes.enumerated() {
            if small[index] && boxes[index].3 < top - gap {
                above.append(stroke)
            } else if small[index] && boxes[index].2 > bottom + gap {
                below.append(stroke)
            } else {
                body.append(stroke)
            }
        }
        if body.isEmpty { return (strokes, [], []) }
        return (body, above, below)
    }

    /// The strokes' points spread evenly along their paths: each stroke gets points in
    /// proportion to its length, at least one (a dot is a point); beside them the doubled angle
    /// (cosine, sine) of the stroke's direction at each (0, 0 for a dot).
    static func resample(_ strokes: [[Point]], to count: Int) -> (points: [Double], directions: [Double]) {
        let lengths = strokes.map { stroke in zip(stroke, stroke.dropFirst()).reduce(0.0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) } }
        let total = lengths.reduce(0, +)
        var shares = lengths.map { total > 0 ? max(1, Int(($0 / total * Double(count)).rounded())) : 1 }
        if shares.count > count { shares = Array(repeating: 1, count: count) }
        while shares.reduce(0, +) > count, let i = shares.indices.max(by: { shares[$0] < shares[$1] }) { shares[i] -= 1 }
        while shares.reduce(0, +) < count, let i = lengths.indices.max(by: { lengths[$0] / Double(shares[$0]) < lengths[$1] / Double(shares[$1]) }) {
            shares[i] += 1
        }
        var out: [Double] = []
        out.reserveCapacity(count * 2)
        var directions: [Double] = []
        directions.reserveCapacity(count * 2)
        for (index, stroke) in strokes.prefix(shares.count).enumerated() {
            let n = shares[index]
            let first = out.count / 2
            defer {
                for i in 0..<n {
                    let (p, q) = (first + max(i - 1, 0), first + min(i + 1, n - 1))
                    let (dx, dy) = (out[2 * q] - out[2 * p], out[2 * q + 1] - out[2 * p + 1])
                    let length = dx * dx + dy * dy
                    // cos 2θ and sin 2θ of the direction (dx, dy).
                    directions += length > 0 ? [(dx * dx - dy * dy) / length, 2 * dx * dy / length] : [0, 0]
                }
            }
            let length = lengths[index]
            if n == 1 || length == 0 {
                // One point (the stroke's middle), or a dot's points on top of each other.
                let point = length == 0 ? stroke[0] : stroke[stroke.count / 2]
                for _ in 0..<n { out += [point.x, point.y] }
                continue
            }
            let step = length / Double(n - 1)
            out += [stroke[0].x, stroke[0].y]
            var emitted = 1
            var walked = 0.0
            var next = step
            for (a, b) in zip(stroke, stroke.dropFirst()) where emitted < n - 1 {
                let segment = hypot(b.x - a.x, b.y - a.y)
                while segment > 0, walked + segment >= next, emitted < n - 1 {
                    let t = (next - walked) / segment
                    out += [a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t]
                    emitted += 1
                    next += step
                }
                walked += segment
            }
            while emitted < n {
                out += [stroke[stroke.count - 1].x, stroke[stroke.count - 1].y]
                emitted += 1
            }
        }
        return (out, directions)
    }

    /// How much a difference of direction weighs against one of place (the clouds are scaled to 1).
    static let directionWeight = 0.2

    /// Points and directions in one array, four numbers a point.
    static func interleave(_ points: [Double], _ directions: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(points.count * 2)
        for i in 0..<points.count / 2 {
            out += [points[2 * i], points[2 * i + 1], directionWeight * directions[2 * i], directionWeight * directions[2 * i + 1]]
        }
        return out
    }

    /// The smallest side a cloud is scaled from, in capital heights: a dot or a comma stays small.
    static let minimumScale = 0.3

    /// Moves the cloud's centroid to the origin and scales its larger side (at least `minimumScale`) to 1.
    static func normalise(_ c: inout [Double], minimumScale: Double) {
        let n = c.count / 2
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var sx = 0.0, sy = 0.0
        for i in 0..<n {
            minX = min(minX, c[2 * i]); maxX = max(maxX, c[2 * i])
            minY = min(minY, c[2 * i + 1]); maxY = max(maxY, c[2 * i + 1])
            sx += c[2 * i]; sy += c[2 * i + 1]
        }
        let scale = max(maxX - minX, maxY - minY, minimumScale)
        let s = scale > 0 ? 1 / scale : 1
        let (cx, cy) = (sx / Double(n), sy / Double(n))
        for i in 0..<n {
            c[2 * i] = (c[2 * i] - cx) * s
            c[2 * i + 1] = (c[2 * i + 1] - cy) * s
        }
    }

    /// Where the points fall on a coarse grid over the normalised cloud.
    static func describe(_ c: [Double]) -> [Double] {
        let g = grid
        var cells = [Double](repeating: 0, count: g * g)
        let n = c.count / 2
        for i in 0..<n {
            // The cloud spans at most [-1, 1] around its centroid; cells cover that.
            let fx = min(max((c[2 * i] + 1) / 2 * Double(g - 1), 0), Double(g - 1))
            let fy = min(max((c[2 * i + 1] + 1) / 2 * Double(g - 1), 0), Double(g - 1))
            let (x0, y0) = (Int(fx), Int(fy))
            let (x1, y1) = (min(x0 + 1, g - 1), min(y0 + 1, g - 1))
            let (tx, ty) = (fx - Double(x0), fy - Double(y0))
            cells[y0 * g + x0] += (1 - tx) * (1 - ty)
            cells[y0 * g + x1] += tx * (1 - ty)
            cells[y1 * g + x0] += (1 - tx) * ty
            cells[y1 * g + x1] += tx * ty
        }
        return cells.map { $0 / Double(n) }
    }

    /// $P's greedy matching of cloud `a`'s points to `b`'s from point `start` on (each to the
    /// nearest not yet matched, earlier matches weighing more), stopping early past `bound`.
    static func greedy(_ a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>, start: Int, bound: Double) -> Double {
        let n = a.count / 4
        var matched = (UInt64(0))
        var sum = 0.0
        var i = start
        for k in 0..<n {
            let (ax, ay, ac, as_) = (a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3])
            var nearest = Double.infinity
            var index = 0
            for j in 0..<n where matched & (1 << UInt64(j)) == 0 {
                let dx = ax - b[4 * j], dy = ay - b[4 * j + 1], dc = ac - b[4 * j + 2], ds = as_ - b[4 * j + 3]
                let d = dx * dx + dy * dy + dc * dc + ds * ds
                if d < nearest {
                    nearest = d
                    index = j
                }
            }
            matched |= 1 << UInt64(index)
            sum += (1 - Double(k) / Double(n)) * nearest.squareRoot()
            if sum >= bound { return sum }
            i = (i + 1) % n
        }
        return sum
    }
}

/// The marks apart from a letter on one side, as a small cloud of their own: their shape and
/// their spread (two dots from one), scaled by their larger side but never blown up from a dot.
struct MarkCloud: Sendable {
    /// How many points a mark cloud has.
    static let count = 16
    /// x, y and direction of each point, interleaved (as `PointCloud`'s).
    var coordinates: [Double]
    /// How many strokes the marks are: two dots are not a bar.
    var strokes: Int

    init(strokes: [[Point]], capHeight: Double) {
        self.strokes = strokes.count
        var (points, directions) = PointCloud.resample(strokes, to: Self.count)
        PointCloud.normalise(&points, minimumScale: 0.12 * capHeight)
        coordinates = PointCloud.interleave(points, directions)
    }

    /// What a different count of strokes adds.
    static let strokeCountPenalty = 0.3

    /// The clouds' greedy distance, both ways from a few starts, plus `strokeCountPenalty` when
    /// their stroke counts differ.
    func distance(to other: MarkCloud) -> Double {
        var best = Double.infinity
        coordinates.withUnsafeBufferPointer { a in
            other.coordinates.withUnsafeBufferPointer { b in
                for start in stride(from: 0, to: Self.count, by: 4) {
                    best = min(best, PointCloud.greedy(a, b, start: start, bound: best))
                    best = min(best, PointCloud.greedy(b, a, start: start, bound: best))
                }
            }
        }
        return best / (Double(Self.count + 1) / 2) + (strokes == other.strokes ? 0 : Self.strokeCountPenalty)
    }
}
