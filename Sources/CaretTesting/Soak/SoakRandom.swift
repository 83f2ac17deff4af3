// SPDX-License-Identifier: Apache-2.0
import Caret

/// A small, fast, seeded generator (SplitMix64): the same seed gives the same run everywhere.
public struct SoakRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether an event with probability `p` happens.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// A choice among weighted options.
    mutating func weighted<T>(_ options: [(Double, T)]) -> T {
        let total = options.reduce(0) { $0 + $1.0 }
        var roll = Double.random(in: 0..<total, using: &self)
        for (weight, value) in options {
            if roll < weight { return value }
            roll -= weight
        }
        return options[options.count - 1].1
    }
}
