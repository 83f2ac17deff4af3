// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// Serial numbers for objects that are equal only to themselves (touches, presses, images): they
/// hash by this number, the same in every run of a seed, where an address would differ with
/// address randomisation and reorder the sets and dictionaries holding them.
enum IdentitySerial {
    private static let counter = Atomic<UInt64>(0)

    /// The next number (from 1), from any thread.
    static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }
}
