// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// How one person gesture-types, drawn once per writer and kept for every word they swipe
/// (`HumanSwipeGenerator`). Lengths are in key widths, times in seconds. Where each range comes
/// from is said at its field; the ranges are wide on purpose, so that writers differ as people do.
public struct HumanSwipeWriter: Sendable, CustomStringConvertible {
    /// The writer's systematic offset from a key's centre (x right, y down): people aim off centre
    /// the same way every time, mostly below it (Henze, Rukzio & Boll 2011: 100,000 touches,
    /// offsets of 1–2 mm towards the bottom; Holz & Baudisch 2010, the perceived input point):
    /// x within ±0.15, y from −0.05 to 0.3 of a key width.
    public var offset: (x: Double, y: Double)
    /// The spread of where a path passes a key, one standard deviation per axis at rest: x
    /// 0.10–0.22, y 0.12–0.26 of a key width (Azenkot & Zhai 2012: x and y spreads of about 1 and
    /// 1.3 mm on 6 mm keys, for two thumbs and for one finger).
    public var spread: (x: Double, y: Double)
    /// How much the spread along the movement grows with speed: the spread times 1 + this times the
    /// speed in key widths per 100 ms (speed–accuracy trade-off; 0.2–0.8).
    public var speedSpread: Double
    /// Time for a movement between keys: `a + b · log2(1 + distance)`, Fitts's law as measured for
    /// gesture strokes (Cao & Zhai 2007, the CLC model): a 0.03–0.09 s, b 0.05–0.12 s per bit.
    public var fittsA: Double
    /// See `fittsA`.
    public var fittsB: Double
    /// How much a movement starts before the one before it ends (the submovements overlap, which
    /// cuts corners as people do; Quinn & Zhai 2016, sigma-lognormal fits of gesture typing):
    /// 0.15–0.55 of the earlier movement's time.
    public var overlap: Double
    /// Overshoot past a key where the path turns, in key widths along the way in (0–0.25).
    public var overshoot: Double
    /// What the writer does at a double letter ("hello"): a small loop, a pause, or nothing.
    public enum DoubleLetter: Sendable { case loop, pause, nothing }
    /// The writer's habit at double letters.
    public var doubleLetter: DoubleLetter
    /// The pause at a double letter (0.08–0.25 s) or the loop's radius (0.2–0.45 key widths).
    public var doubleLetterSize: Double
    /// How far through the last movement the finger lifts: 0.78–1 (people lift while still moving,
    /// short of the last key's centre; Quinn & Zhai 2016).
    public var liftAt: Double
    /// The touch panel's sampling rate, 60–120 Hz (phones and tablets), with jitter of one
    /// standard deviation (0.5–2 ms) and a share of samples dropped (0–6 %).
    public var sampleRate: Double
    /// See `sampleRate`.
    public var sampleJitter: Double
    /// See `sampleRate`.
    public var dropRate: Double
    /// Physiological tremor: 8–12 Hz, 0.01–0.04 key widths (about 0.1–0.25 mm on a phone's keys).
    public var tremorFrequency: Double
    /// See `tremorFrequency`.
    public var tremorAmplitude: Double

    /// A writer drawn at random from the ranges above.
    public init(using random: inout SoakRandom) {
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        offset = (uniform(-0.15...0.15), uniform(-0.05...0.3))
        spread = (uniform(0.10...0.22), uniform(0.12...0.26))
        speedSpread = uniform(0.2...0.8)
        fittsA = uniform(0.03...0.09)
        fittsB = uniform(0.05...0.12)
        overlap = uniform(0.15...0.55)
        overshoot = uniform(0...0.25)
        doubleLetter = [.loop, .pause, .nothing][Int.random(in: 0..<3, using: &random)]
        doubleLetterSize = doubleLetter == .loop ? uniform(0.2...0.45) : uniform(0.08...0.25)
        liftAt = uniform(0.78...1)
        sampleRate = [60, 90, 120][Int.random(in: 0..<3, using: &random)]
        sampleJitter = uniform(0.0005...0.002)
        dropRate = uniform(0...0.06)
        tremorFrequency = uniform(8...12)
        tremorAmplitude = uniform(0.01...0.04)
    }

    /// The writers of a seed: the same seed, the same people.
    public static func writers(_ count: Int, seed: UInt64) -> [HumanSwipeWriter] {
        var random = SoakRandom(seed: seed)
        return (0..<count).map { _ in HumanSwipeWriter(using: &random) }
    }

    public var description: String {
        String(
            format: "offset (%.2f, %.2f), spread (%.2f, %.2f), overlap %.2f, %@ at double letters, lift at %.2f, %.0f Hz, %.0f %% dropped",
            offset.x, offset.y, spread.x, spread.y, overlap, "\(doubleLetter)", liftAt, sampleRate, dropRate * 100)
    }
}
