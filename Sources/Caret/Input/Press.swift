// SPDX-License-Identifier: Apache-2.0

/// A key press delivered to the responder chain (UIKit's `UIPress`).
@preconcurrency @MainActor
public final class Press: Hashable {
    /// The key.
    public let key: Key
    /// Whether this is an auto-repeat of a held key.
    public let isRepeat: Bool
    /// When it happened, in clock seconds.
    public let timestamp: Double
    /// Hashes this object in every run alike (never its address).
    private let serial = IdentitySerial.next()

    /// Creates a press.
    public init(key: Key, isRepeat: Bool = false, timestamp: Double = 0) {
        self.key = key
        self.isRepeat = isRepeat
        self.timestamp = timestamp
    }

    nonisolated public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}
