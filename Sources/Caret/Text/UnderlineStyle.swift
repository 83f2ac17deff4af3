// SPDX-License-Identifier: Apache-2.0

/// How text is underlined (UIKit's `NSUnderlineStyle`, the parts Caret draws).
public enum UnderlineStyle: Int, Hashable, Sendable {
    /// No underline.
    case none = 0
    /// One thin line.
    case single = 1
    /// A thick line.
    case thick = 2
    /// Two thin lines.
    case double = 9
}
