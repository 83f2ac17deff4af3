// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A guest's systematic offset from the keys' centres as they swipe (people aim off centre the same
/// way every time, mostly below it: docs/keyboard.md, swipe typing), learned from the words they
/// keep and taken off each new path before it is decoded. A running mean that follows the last few
/// dozen words, at most half a key width either way.
@_spi(Testing) public struct SwipeTouchOffset: Sendable {
    /// The offset learned so far, in points (x right, y down).
    public private(set) var offset = Point(x: 0, y: 0)
    /// How many words it was learned from.
    public private(set) var words = 0
    /// How far one word moves the estimate at most once many were learned (a mean of about the last 20).
    static let rate = 0.05
    /// Of the double letters inside the words they kept (drawn with times), how many the guest
    /// marked with a pause (`SwipeMarks`).
    public private(set) var markedDoubles = 0
    /// How many double letters inside kept words were learned from.
    public private(set) var doubles = 0
    /// How often people pause at a double letter inside a word (101 of 399 for the human-like
    /// writers of seed 72300001, never measured: some pause, some loop or do neither), and how many
    /// double letters that counts as before the guest's own are learned.
    static let typicalMarks = 0.25, typicalWeight = 4.0

    /// How often this guest marks a double letter: what they did, drawn towards most people's
    /// habit while few are learned.
    public var marksAtDoubles: Double {
        min(0.95, max(0.03, (Double(markedDoubles) + Self.typicalMarks * Self.typicalWeight) / (Double(doubles) + Self.typicalWeight)))
    }

    /// Learns from a kept word's double letters: how many there were and how many were marked.
    public mutating func learnDoubles(_ count: (doubles: Int, marked: Int)) {
        doubles += count.doubles
        markedDoubles += count.marked
    }

    /// Of the double letters in the words they kept, how many the guest's path looped at
    /// (`SwipeMarks`), and how many were learned from.
    public private(set) var loopedDoubles = 0, loopDoubles = 0
    /// How often people loop at a double letter (299 of 646 for the human-like writers of seed
    /// 72300001, a third of whom loop; a loop is seen at 82 % of their double letters), counted as
    /// `typicalWeight` double letters before the guest's own are learned.
    static let typicalLoops = 0.46

    /// How often this guest loops at a double letter, drawn towards most people's habit while few
    /// are learned.
    public var loopsAtDoubles: Double {
        min(0.95, max(0.03, (Double(loopedDoubles) + Self.typicalLoops * Self.typicalWeight) / (Double(loopDoubles) + Self.typicalWeight)))
    }

    /// Learns from a kept word's double letters: how many there were and how many were looped at.
    public mutating func learnLoops(_ count: (doubles: Int, looped: Int)) {
        loopDoubles += count.doubles
        loopedDoubles += count.looped
    }

    /// How far the guest's paths passed the inner keys of the words they kept (the sum of squared
    /// distances in key widths, the offset taken off) and how many keys that was: people who cut
    /// corners hard pass far from a word's turns, and a miss is less telling from them.
    public internal(set) var innerMiss = 0.0, innerKeys = 0
    /// How far most people pass a word's inner keys (the mean squared distance in key widths over
    /// 9,969 words of the 24 human-like writers the likelihood is fitted on), and how many keys that
    /// counts as before the guest's own are learned.
    static let typicalMiss = 0.244, typicalMissWeight = 4.0

    /// How much a key passed far from tells about this guest, against most people: the key-pass
    /// term is scaled by it (a Gaussian with the guest's own spread).
    public var keyPassScale: Double {
        let miss = (innerMiss + Self.typicalMiss * Self.typicalMissWeight) / (Double(innerKeys) + Self.typicalMissWeight)
        return Self.typicalMiss / max(miss, 0.01)
    }

    /// No offset learned.
    public init() {}

    /// A path with the offset taken off.
    public func corrected(_ path: [Point]) -> [Point] {
        guard words > 0 else { return path }
        return path.map { Point(x: $0.x - offset.x, y: $0.y - offset.y) }
    }

    /// Learns from where a kept word's keys were passed (`SwipeDecoder.keyOffsets`), on a keyboard
    /// whose keys are `keyWidth` wide.
    public mutating func learn(_ offsets: [Point], keyWidth: Double) {
        guard !offsets.isEmpty, keyWidth > 0 else { return }
        let mean = Point(
            x: offsets.reduce(0) { $0 + $1.x } / Double(offsets.count), y: offsets.reduce(0) { $0 + $1.y } / Double(offsets.count))
        for key in offsets.dropFirst().dropLast() {
            let dx = (key.x - offset.x) / keyWidth, dy = (key.y - offset.y) / keyWidth
            innerMiss += dx * dx + dy * dy
            innerKeys += 1
        }
        words += 1
        let weight = max(Self.rate, 1 / Double(words))
        let limit = keyWidth / 2
        offset = Point(
            x: min(limit, max(-limit, offset.x + (mean.x - offset.x) * weight)),
            y: min(limit, max(-limit, offset.y + (mean.y - offset.y) * weight)))
    }
}
