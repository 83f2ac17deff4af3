// SPDX-License-Identifier: Apache-2.0

/// Where a touch or click is in its life.
public enum TouchPhase: Hashable, Sendable {
    /// Finger down or button pressed.
    case began
    /// Moved while down.
    case moved
    /// Lifted.
    case ended
    /// Taken away by the system or by a view that claimed the gesture.
    case cancelled
}
