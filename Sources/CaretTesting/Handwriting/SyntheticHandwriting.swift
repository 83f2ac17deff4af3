// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Seeded synthetic handwriting for recogniser tests: a character's drawing (a font's strokes)
/// written as a person might, slanted, turned, stretched, shaky and at their own pace, placed on
/// a guide at a plausible size. The same seed writes the same strokes everywhere.
public struct SyntheticHandwriting: Sendable {
    /// How far the writings stray from their drawings.
    public struct Style: Sendable {
        /// The largest slant (x shifted by this times the height above the baseline).
        public var slant = 0.25
        /// The largest turn, in degrees.
        public var rotation = 8.0
        /// The largest stretch of either axis alone (0.15: ±15 %).
        public var stretch = 0.15
        /// The range of sizes against the guide's capital height.
        public var size: ClosedRange<Double> = 0.85...1.1
        /// The largest shift of the baseline written on, in capital heights.
        public var baselineShift = 0.06
        /// The points' jitter, in points: a hand's shake, whatever the size written.
        public var jitter = 1.5
        /// The slow wobble of a stroke, in points.
        public var wobble = 3.0
        /// The range of a pen's sampling step (the writing's speed), in points.
        public var speed: ClosedRange<Double> = 2.4...9.6
        /// The chance that two strokes are written in the other order (Latin writers' freedom).
        public var orderSwap = 0.3
        /// The chance that a stroke is written backwards.
        public var reversal = 0.3

        /// Latin, Greek and Cyrillic writers: everything above.
        public static let cased = Style()
        /// Chinese and Japanese writers: the same slant, turn, stretch, size, shake and pace
        /// (against the square a character fills), strokes in their order and direction.
        public static let hanzi = Style(orderSwap: 0, reversal: 0)

        /// A style with every amount named.
        public init(
            slant: Double = 0.25, rotation: Double = 8, stretch: Double = 0.15, size: ClosedRange<Double> = 0.85...1.1,
            baselineShift: Double = 0.06, jitter: Double = 1.5, wobble: Double = 3, speed: ClosedRange<Double> = 2.4...9.6,
            orderSwap: Double = 0.3, reversal: Double = 0.3
        ) {
            self.slant = slant
            self.rotation = rotation
            self.stretch = stretch
            self.size = size
            self.baselineShift = baselineShift
            self.jitter = jitter
            self.wobble = wobble
            self.speed = speed
            self.orderSwap = orderSwap
            self.reversal = reversal
        }
    }

    private var random: SoakRandom
    /// How the writings stray.
    public var style: Style

    /// A writer from a seed.
    public init(seed: UInt64, style: Style = .cased) {
        random = SoakRandom(seed: seed)
        self.style = style
    }

    /// Writes a drawing whose baseline is at y = 0 and whose capitals are `capHeight` tall (y
    /// grows downwards) on the guide, centred across its width.
    public mutating func write(_ strokes: [[Point]], capHeight: Double, on guide: HandwritingGuide) -> [HandwritingStroke] {
        let s = style
        let slant = Double.random(in: -s.slant...s.slant, using: &random)
        let angle = Double.random(in: -s.rotation...s.rotation, using: &random) * .pi / 180
        let sx = 1 + Double.random(in: -s.stretch...s.stretch, using: &random)
        let sy = 1 + Double.random(in: -s.stretch...s.stretch, using: &random)
        let size = Double.random(in: s.size, using: &random) * guide.capHeight / capHeight
        let baseline = guide.baseline + Double.random(in: -s.baselineShift...s.baselineShift, using: &random) * guide.capHeight
        let step = Double.random(in: s.speed, using: &random)
        // The drawing's centre across, turned about its middle height.
        let xs = strokes.flatMap { $0.map(\.x) }
        let ys = strokes.flatMap { $0.map(\.y) }
        let cx = ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        let cy = ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2
        let (cosA, sinA) = (cos(angle), sin(angle))
        func place(_ p: Point) -> Point {
            var x = (p.x - cx) * sx, y = (p.y - cy) * sy
            x -= slant * (y + cy * sy)
            (x, y) = (x * cosA - y * sinA, x * sinA + y * cosA)
            return Point(x: guide.size.width / 2 + x * size, y: baseline + (y + cy * sy) * size)
        }
        var written: [[Point]] = strokes.map { $0.map(place) }
        if s.reversal > 0 {
            for i in written.indices where random.chance(s.reversal) { written[i].reverse() }
        }
        if written.count > 1, random.chance(s.orderSwap) {
            let i = Int.random(in: 0..<written.count, using: &random)
            var j = Int.random(in: 0..<written.count - 1, using: &random)
            if j >= i { j += 1 }
            written.swapAt(i, j)
        }
        return written.map { HandwritingStroke(points: pen(along: $0, step: step)) }
    }

    /// The points a pen reports along a path: one every `step`, wobbling slowly and jittering.
    private mutating func pen(along path: [Point], step: Double) -> [Point] {
        let s = style
        let amplitude = s.wobble * Double.random(in: 0.5...1, using: &random)
        let phase = Double.random(in: 0...(2 * .pi), using: &random)
        let wavelength = Double.random(in: 36...84, using: &random)
        let jitter = s.jitter
        var points: [Point] = []
        var walked = 0.0
        func emit(_ p: Point, along direction: (Double, Double)) {
            let wave = amplitude * sin(walked / wavelength * 2 * .pi + phase)
            points.append(
                Point(
                    x: p.x - direction.1 * wave + gaussian() * jitter,
                    y: p.y + direction.0 * wave + gaussian() * jitter))
        }
        guard let first = path.first else { return [] }
        if path.count == 1 {
            emit(first, along: (1, 0))
            return points
        }
        var carried = 0.0
        for (a, b) in zip(path, path.dropFirst()) {
            let length: Double = hypot(b.x - a.x, b.y - a.y)
            guard length > 0 else { continue }
            let direction: (Double, Double) = ((b.x - a.x) / length, (b.y - a.y) / length)
            if points.isEmpty { emit(a, along: direction) }
            var t = step - carried
            while t <= length {
                walked += step
                emit(Point(x: a.x + direction.0 * t, y: a.y + direction.1 * t), along: direction)
                t += step
            }
            carried = length - (t - step)
        }
        if let last = path.last, let a = path.dropLast().last {
            let length = max(hypot(last.x - a.x, last.y - a.y), 1e-9)
            emit(last, along: ((last.x - a.x) / length, (last.y - a.y) / length))
        }
        if points.isEmpty { emit(first, along: (1, 0)) }
        return points
    }

    private mutating func gaussian() -> Double {
        let u = max(Double.random(in: 0..<1, using: &random), 1e-12)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
