// SPDX-License-Identifier: Apache-2.0

/// A mouse button.
public enum PointerButton: Int, Hashable, Sendable {
    /// The left (primary) button.
    case primary = 1
    /// The middle button.
    case middle = 2
    /// The right (secondary) button: opens context menus.
    case secondary = 3
}
