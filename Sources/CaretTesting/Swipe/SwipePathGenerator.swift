// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Paths a finger might draw to swipe a word, to measure the swipe decoder and drive the keyboard
/// in tests and the soak: through the word's key centres, each moved anywhere within a third of a
/// key's width, its corners cut, drawn at a speed that varies and sampled at 60 Hz with a slight
/// tremor. The same seed gives the same paths.
public struct SwipePathGenerator: Sendable {
    /// The keyboard's letters.
    public var geometry: SwipeKeyboardGeometry
    /// How far a key's point may be from its centre, in key widths.
    public var jitter = 1.0 / 3

    /// A generator over a keyboard's letters.
    public init(geometry: SwipeKeyboardGeometry) { self.geometry = geometry }

    /// A path for the word (points and their times from the first, in seconds); nil when a letter
    /// of it is on no key, or it passes fewer than two keys.
    public func path(for word: String, using random: inout SoakRandom) -> [(point: Point, time: Double)]? {
        guard let keys = geometry.keyPoints(of: word), keys.count >= 2 else { return nil }
        let width = geometry.keyWidth
        // Each key's point: anywhere in a disc of a third of a key's width around its centre.
        var corners = keys.map { centre -> Point in
            let angle = Double.random(in: 0..<(2 * .pi), using: &random)
            let radius = width * jitter * Double.random(in: 0...1, using: &random).squareRoot()
            return Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
        // Corners cut: Chaikin's smoothing, twice, by 0.15 to 0.5 of a key's width along each side
        // (at most a third of the side), differing per path.
        let cut = width * Double.random(in: 0.15...0.5, using: &random)
        for _ in 0..<2 { corners = Self.chaikin(corners, cut: cut) }
        // Varying speed: 5 to 12 key widths a second, swelling and slowing along the way.
        let speed = width * Double.random(in: 5...12, using: &random)
        let phase = Double.random(in: 0..<(2 * .pi), using: &random)
        let wave = Double.random(in: 2...6, using: &random)
        let dt = 1.0 / 60
        var out: [(point: Point, time: Double)] = []
        var segment = 0, along = 0.0, time = 0.0, travelled = 0.0
        func tremor(_ p: Point) -> Point {
            Point(
                x: p.x + Double.random(in: -1...1, using: &random) * width * 0.03,
                y: p.y + Double.random(in: -1...1, using: &random) * width * 0.03)
        }
        out.append((tremor(corners[0]), 0))
        while segment < corners.count - 1 {
            let v = speed * (1 + 0.45 * sin(phase + wave * travelled / width / 3))
            var step = v * dt
            travelled += step
            time += dt
            // Walk `step` along the polyline.
            while segment < corners.count - 1 {
                let a = corners[segment], b = corners[segment + 1]
                let length = a.distance(to: b)
                if along + step <= length {
                    along += step
                    break
                }
                step -= length - along
                along = 0
                segment += 1
            }
            if segment >= corners.count - 1 { break }
            let a = corners[segment], b = corners[segment + 1]
            let t = along / max(a.distance(to: b), 1e-9)
            out.append((tremor(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)), time))
        }
        out.append((tremor(corners[corners.count - 1]), time + dt))
        return out
    }

    /// One round of Chaikin's corner cutting by `cut` points along each side (at most a third of
    /// it), the ends kept.
    static func chaikin(_ points: [Point], cut distance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var out = [points[0]]
        for i in 0..<(points.count - 1) {
            let a = points[i], b = points[i + 1]
            let cut = min(1.0 / 3, distance / max(a.distance(to: b), 1e-9))
            let q = Point(x: a.x + (b.x - a.x) * cut, y: a.y + (b.y - a.y) * cut)
            let r = Point(x: a.x + (b.x - a.x) * (1 - cut), y: a.y + (b.y - a.y) * (1 - cut))
            if i > 0 { out.append(q) }
            if i < points.count - 2 { out.append(r) }
        }
        out.append(points[points.count - 1])
        return out
    }
}
