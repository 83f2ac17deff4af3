// SPDX-License-Identifier: Apache-2.0

/// A scroll-wheel or trackpad scroll, delivered up the responder chain from the view under the pointer.
public struct ScrollEvent: Hashable, Sendable {
    /// Horizontal distance in points; positive shows content to the right.
    public var dx: Double
    /// Vertical distance in points; positive shows content below.
    public var dy: Double
    /// Where the pointer was, in window coordinates.
    public var locationInWindow: Point
    /// Modifier keys held (Shift turns a vertical wheel horizontal).
    public var modifierFlags: KeyModifierFlags
}
