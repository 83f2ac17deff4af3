// SPDX-License-Identifier: Apache-2.0
import Caret

/// A clock that moves only when a test says so, so animations and timers are exact and repeatable.
@preconcurrency @MainActor
public final class VirtualClock: Clock {
    /// The current virtual time in seconds (each reading moves it on by `advancePerReading`).
    public var now: Double {
        defer { time += advancePerReading }
        return time
    }
    private var time: Double
    /// How far each reading of `now` moves the clock on (0: it moves only when told), as a real
    /// clock moves between two readings in the same handling of an event.
    public var advancePerReading = 0.0

    /// Creates a clock at a start time.
    public init(start: Double = 1000) { time = start }

    /// Moves time forward.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "time only moves forward")
        time += seconds
    }
}
