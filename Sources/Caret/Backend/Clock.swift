// SPDX-License-Identifier: Apache-2.0
/// A monotonic time source in seconds. Tests use a virtual clock they advance by hand.
@preconcurrency @MainActor
public protocol Clock: AnyObject {
    /// The current time in seconds from an arbitrary start.
    var now: Double { get }
}
