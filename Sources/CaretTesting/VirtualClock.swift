// SPDX-License-Identifier: Apache-2.0
import Caret

/// A clock that moves only when a test says so, so animations and timers are exact and repeatable.
@preconcurrency @MainActor
public final class VirtualClock: Clock {
    /// The current virtual time in seconds.
    public private(set) var now: Double

    /// Creates a clock at a start time.
    public init(start: Double = 1000) { now = start }

    /// Moves time forward.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "time only moves forward")
        now += seconds
    }
}
