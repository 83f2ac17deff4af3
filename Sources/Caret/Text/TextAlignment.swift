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

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Int, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries, falling back to characters for a word longer than the line.
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping = 1
    /// Cut off at the edge.
    case byClipping = 2
    /// Show the end, replacing the start with an ellipsis.
    case byTruncatingHead = 3
    /// Show the start, replacing the end with an ellipsis.
    case byTruncatingTail = 4
    /// Show both ends, replacing the middle with an ellipsis.
    case byTruncatingMiddle = 5
}
