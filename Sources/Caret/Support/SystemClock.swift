// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The real monotonic clock (seconds since boot).
@preconcurrency @MainActor
public final class SystemClock: Clock {
    /// Creates the clock.
    public init() {}
    /// Seconds on the monotonic clock.
    public var now: Double { ProcessInfo.processInfo.systemUptime }
}
