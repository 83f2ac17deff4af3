// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The geometry of swipe paths and word templates, as polylines of points.
enum SwipePolyline {
    static func length(_ points: [Point]) -> Double {
        var total = 0.0
        for i in 1..<max(1, points.count) { total += points[i - 1].distance(to: points[i]) }
        return total
    }

    /// `count` points spaced evenly along the polyline (its ends included).
    static func resample(_ points: [Point], count: Int) -> [Point] {
        let total = length(points)
        guard total > 0 else { return Array(repeating: points[0], count: count) }
        let step = total / Double(count - 1)
        var out: [Point] = [points[0]]
        out.reserveCapacity(count)
        var carried = 0.0
        for i in 1..<points.count {
            var a = points[i - 1]
            let b = points[i]
            var segment = a.distance(to: b)
            while carried + segment >= step, out.count < count {
                let t = (step - carried) / segment
                a = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                out.append(a)
                segment = a.distance(to: b)
                carried = 0
            }
            carried += segment
        }
        while out.count < count { out.append(points[points.count - 1]) }
        return out
    }

    /// The points moved so their centroid is the origin and scaled so the larger side of their box is 1.
    static func normalised(_ points: [Point]) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var sx = 0.0, sy = 0.0
        for p in points {
            (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
            sx += p.x
            sy += p.y
        }
        let n = Double(points.count)
        let scale = max(maxX - minX, maxY - minY, 1e-9)
        return points.map { Point(x: ($0.x - sx / n) / scale, y: ($0.y - sy / n) / scale) }
    }

    /// A template's polyline with its corners cut as a finger cuts them: each inner key replaced
    /// by two points `fraction` of the way along its sides (Chaikin's corner cutting, once).
    static func cutCorners(_ keys: [Point], by fraction: Double) -> [Point] {
        guard keys.count > 2, fraction > 0 else { return keys }
        var out = [keys[0]]
        for i in 1..<(keys.count - 1) {
            let a = keys[i - 1], k = keys[i], b = keys[i + 1]
            out.append(Point(x: k.x + (a.x - k.x) * fraction, y: k.y + (a.y - k.y) * fraction))
            out.append(Point(x: k.x + (b.x - k.x) * fraction, y: k.y + (b.y - k.y) * fraction))
        }
        out.append(keys[keys.count - 1])
        return out
    }

    /// How far the path comes to a word's inner keys, passed in order: each inner key is matched
    /// to a path point at or after the previous key's (dynamic programming) so that the sum of
    /// squared distances is least (each key a Gaussian of its own: one key missed weighs as much in
    /// a long word as in a short one). The first and last keys are the path's ends, weighed apart.
    /// The answer is that sum split by how sharply the word turns at each key (`turns`, 0 going
    /// straight on to 1 going back): fingers cut a sharp turn further from its key.
    /// With `speeds` (one per sample, relative to the path's usual speed), the sum of the speeds
    /// where the inner keys were passed, at most 2 each: a finger slows at the letters it aims for
    /// (without, `unknownSpeed` each).
    static func innerKeyDistance(_ keys: [Point], turns: [Double], samples: [Point], speeds: [Double]? = nil, unknownSpeed: Double = 0) -> (
        straight: Double, turning: Double, speed: Double
    ) {
        guard keys.count > 2 else { return (0, 0, 0) }
        let n = samples.count
        // best[i]: the least cost of the keys so far with the last of them at a point ≤ i, and
        // that cost's parts (updated in place: a key's entry at i needs the last key's at i only).
        return withUnsafeTemporaryAllocation(of: (cost: Double, straight: Double, turning: Double, speed: Double).self, capacity: n) { best in
            best.initialize(repeating: (0, 0, 0, 0))
            for k in 1..<(keys.count - 1) {
                var running = (cost: Double.infinity, straight: 0.0, turning: 0.0, speed: 0.0)
                let turn = turns[k], key = keys[k]
                for i in 0..<n {
                    let d = key.squaredDistance(to: samples[i]), last = best[i], cost = last.cost + d
                    if cost < running.cost {
                        let speed = speeds.map { min(2, $0[i]) } ?? unknownSpeed
                        running = (cost, last.straight + d * (1 - turn), last.turning + d * turn, last.speed + speed)
                    }
                    best[i] = running
                }
            }
            return (best[n - 1].straight, best[n - 1].turning, best[n - 1].speed)
        }
    }

    /// The finger's speed at each of `count` points spaced evenly along the path (as `resample`
    /// places them), relative to its median speed: from the path's `times`, each over the
    /// points either side (0.4 of a key at a point every fifth of a key).
    static func relativeSpeeds(_ path: [Point], times: [Double], count: Int) -> [Double] {
        let total = length(path)
        guard total > 0, count > 4, times.count == path.count else { return [Double](repeating: 1, count: count) }
        // The time at which the path first reached each point's distance along it.
        var at = [Double](repeating: times[times.count - 1], count: count)
        var travelled = 0.0, j = 0
        for i in 1..<path.count {
            let segment = path[i - 1].distance(to: path[i])
            while j < count, Double(j) * total / Double(count - 1) <= travelled + segment {
                let into = Double(j) * total / Double(count - 1) - travelled
                at[j] = times[i - 1] + (times[i] - times[i - 1]) * (segment > 0 ? max(0, into) / segment : 0)
                j += 1
            }
            travelled += segment
        }
        var speeds = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let span: Double = at[min(count - 1, i + 2)] - at[max(0, i - 2)]
            speeds[i] = 1 / max(span, 1e-4)
        }
        let median = speeds.sorted()[count / 2]
        return speeds.map { $0 / median }
    }

    /// How sharply a polyline turns at each of its points: 0 going straight on, 1 going back the way
    /// it came (its ends 0).
    static func turns(_ keys: [Point]) -> [Double] {
        keys.indices.map { k in
            guard k > 0, k < keys.count - 1 else { return 0 }
            let a = keys[k - 1], b = keys[k], c = keys[k + 1]
            let u = Point(x: b.x - a.x, y: b.y - a.y), v = Point(x: c.x - b.x, y: c.y - b.y)
            let norms = (u.x * u.x + u.y * u.y).squareRoot() * (v.x * v.x + v.y * v.y).squareRoot()
            return norms > 0 ? (1 - (u.x * v.x + u.y * v.y) / norms) / 2 : 1
        }
    }

    /// How far the path strays from the word's polyline: the root mean square of each path
    /// point's distance to its nearest segment (a path that detours past other keys strays).
    static func strayDistance(_ samples: [Point], from keys: [Point]) -> Double {
        var total = 0.0
        for p in samples {
            var best = Double.infinity
            for i in 1..<max(2, keys.count) {  // a word on one key: the distance to it
                let a = keys[i - 1], b = keys[min(i, keys.count - 1)]
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-9)))
                best = min(best, p.squaredDistance(to: Point(x: a.x + dx * t, y: a.y + dy * t)))
            }
            total += best
        }
        return (total / Double(samples.count)).squareRoot()
    }
}

extension Point {
    func squaredDistance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy
    }
}
