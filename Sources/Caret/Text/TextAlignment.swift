// SPDX-License-Identifier: Apache-2.0
/// Horizontal alignment of text (UIKit's `NSTextAlignment`).
public enum TextAlignment: Int, Hashable, Sendable, CaseIterable {
    /// Flush left.
    case left = 0
    /// Centred.
    case center = 1
    /// Flush right.
    case right = 2
    /// Both edges flush; the last line of a paragraph is natural.
    case justified = 3
    /// Left for left-to-right text, right for right-to-left text.
    case natural = 4

    /// The x offset of a line of `lineWidth` in a box of `boxWidth`; `.natural` (and a justified
    /// last line) is flush right in a right-to-left paragraph.
    public func offset(lineWidth: Double, in boxWidth: Double, rightToLeft: Bool = false) -> Double {
        switch self {
        case .left: return 0
        case .natural, .justified: return rightToLeft ? boxWidth - lineWidth : 0
        case .center: return ((boxWidth - lineWidth) / 2).rounded(.down)
        case .right: return boxWidth - lineWidth
        }
    }
}
