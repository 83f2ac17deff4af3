// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Paths drawn as people gesture-type, made apart from the swipe decoder and its tuning, to
/// measure it on what does not flatter it. A word is a chain of movements from key to key, each
/// a minimum-jerk stroke (Flash & Hogan 1985) whose time follows Fitts's law; the next starts
/// before the last ends, so the strokes add up to a path that cuts corners, as the sigma-lognormal
/// fits of gesture typing show (Quinn & Zhai 2016). Where a stroke aims is the key's centre moved
/// by the writer's own offset, spread per axis and more along the way the faster the stroke, and
/// carried past a turn by an overshoot. Double letters get the writer's loop or pause; the finger
/// lifts while still moving; the panel samples at the writer's rate with jitter and dropped
/// samples; tremor shakes it all. Each writer (`HumanSwipeWriter`) keeps their habits for every
/// word; the same seed gives the same paths.
public struct HumanSwipeGenerator: Sendable {
    /// The keyboard's letters.
    public var geometry: SwipeKeyboardGeometry

    /// A generator over a keyboard's letters.
    public init(geometry: SwipeKeyboardGeometry) { self.geometry = geometry }

    /// One movement: from where the last ended, by `move`, starting at `start`, taking `duration`.
    private struct Stroke {
        var move: Point
        var start: Double
        var duration: Double
    }

    /// The key centres of a word's letters, in order, each with whether it repeats the letter
    /// before it; nil when a letter is on no key or the word passes fewer than two keys.
    func keys(of word: String) -> [(centre: Point, repeated: Bool)]? {
        var keys: [(centre: Point, repeated: Bool)] = []
        for character in word.lowercased() {
            guard let centre = geometry.keyPoints(of: String(character))?.first else {
                if character == "'" || character == "’" || character == "-" { continue }
                return nil
            }
            let repeated = keys.last.map { $0.centre.x == centre.x && $0.centre.y == centre.y } ?? false
            keys.append((centre, repeated))
        }
        return keys.filter { !$0.repeated }.count >= 2 ? keys : nil
    }

    /// A path `writer` draws for the word: points and their times from the touch, in seconds.
    public func path(for word: String, writer: HumanSwipeWriter, using random: inout SoakRandom) -> [(point: Point, time: Double)]? {
        guard let keys = keys(of: word) else { return nil }
        let width = geometry.keyWidth
        func normal() -> Double {  // Box–Muller
            let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        // Where the strokes aim: each key's centre, moved by the writer's offset and spread.
        var targets: [Point] = []
        var pauses: [Double] = []  // a pause before the stroke to each target
        for (index, key) in keys.enumerated() {
            let aim = Point(x: key.centre.x + writer.offset.x * width, y: key.centre.y + writer.offset.y * width)
            if key.repeated {
                switch writer.doubleLetter {
                case .loop:  // a small circle around the key, back where it began
                    let last = targets[targets.count - 1], radius = writer.doubleLetterSize * width
                    let turn = Double.random(in: 0..<(2 * .pi), using: &random)
                    for step in 1...3 {
                        let angle = turn + Double(step) * 2 * .pi / 4
                        targets.append(Point(x: aim.x + radius * cos(angle), y: aim.y + radius * sin(angle)))
                        pauses.append(0)
                    }
                    targets.append(last)
                    pauses.append(0)
                case .pause: if !pauses.isEmpty { pauses[pauses.count - 1] += writer.doubleLetterSize }
                case .nothing: break
                }
                continue
            }
            var target = Point(x: aim.x + normal() * writer.spread.x * width, y: aim.y + normal() * writer.spread.y * width)
            if let previous = targets.last, index > 0 {
                let dx = target.x - previous.x, dy = target.y - previous.y
                let distance = max((dx * dx + dy * dy).squareRoot(), 1e-9)
                // Faster strokes land wider along their way; a turn ahead is overshot.
                let time = writer.fittsA + writer.fittsB * log2(1 + distance / width)
                let speed = distance / width / time / 10  // key widths per 100 ms
                var along = normal() * writer.spread.x * writer.speedSpread * speed * width
                if index < keys.count - 1 { along += writer.overshoot * width * Double.random(in: 0...1, using: &random) }
                target = Point(x: target.x + along * dx / distance, y: target.y + along * dy / distance)
            }
            targets.append(target)
            pauses.append(0)
        }
        // The strokes, each starting before the last one ends (by the writer's overlap).
        var strokes: [Stroke] = []
        var start = 0.0
        for i in 1..<targets.count {
            let move = Point(x: targets[i].x - targets[i - 1].x, y: targets[i].y - targets[i - 1].y)
            let distance = (move.x * move.x + move.y * move.y).squareRoot()
            let duration = max(0.04, writer.fittsA + writer.fittsB * log2(1 + distance / width))
            if let last = strokes.last { start = last.start + last.duration * (1 - writer.overlap) + pauses[i - 1] }
            strokes.append(Stroke(move: move, start: start, duration: duration))
        }
        guard let last = strokes.last else { return nil }
        let end = last.start + last.duration * writer.liftAt  // lifted while still moving
        func position(at t: Double) -> Point {
            var p = targets[0]
            for stroke in strokes {
                let tau = min(1, max(0, (t - stroke.start) / stroke.duration))
                let s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)  // minimum jerk
                p.x += stroke.move.x * s
                p.y += stroke.move.y * s
            }
            return p
        }
        // Sampled at the writer's rate, jittered, some samples dropped (never the touch or the lift).
        let tremorPhase = Double.random(in: 0..<(2 * .pi), using: &random)
        func shaken(_ p: Point, _ t: Double) -> Point {
            let size = writer.tremorAmplitude * width  // a regular wave and an irregular third of it
            let wave = size * sin(2 * .pi * writer.tremorFrequency * t + tremorPhase)
            return Point(x: p.x + wave + normal() * size / 3, y: p.y + wave * 0.7 + normal() * size / 3)
        }
        var out: [(point: Point, time: Double)] = [(shaken(position(at: 0), 0), 0)]
        var t = 0.0
        while true {
            t += max(0.002, 1 / writer.sampleRate + normal() * writer.sampleJitter)
            if t >= end { break }
            if Double.random(in: 0..<1, using: &random) < writer.dropRate { continue }
            out.append((shaken(position(at: t), t), t))
        }
        out.append((shaken(position(at: end), end), end))
        return out
    }
}
