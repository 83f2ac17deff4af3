// SPDX-License-Identifier: Apache-2.0

/// A layout direction (UIKit's `UIUserInterfaceLayoutDirection`).
public enum UserInterfaceLayoutDirection: Int, Hashable, Sendable {
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}
