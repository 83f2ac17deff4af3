/// A selection in UTF-16 offsets: where it started (`anchor`) and where it moves (`head`).
/// Empty when they are equal: a caret.
public struct TextSelection: Hashable, Sendable, CustomStringConvertible {
    /// The fixed end.
    public var anchor: Int
    /// The moving end (where the caret is drawn).
    public var head: Int

    /// A selection from anchor to head.
    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// A caret at an offset.
    public init(caret: Int) { self.init(anchor: caret, head: caret) }

    /// The selected range, ordered.
    public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }
    /// Whether nothing is selected.
    public var isEmpty: Bool { anchor == head }

    public var description: String { isEmpty ? "caret \(head)" : "\(anchor)→\(head)" }
}

/// What the caret moves by.
public enum TextGranularity: Hashable, Sendable {
    /// One grapheme cluster.
    case character
    /// To a word boundary.
    case word
    /// To the start or end of the visual line.
    case line
    /// To the start or end of the paragraph.
    case paragraph
    /// To the start or end of the text.
    case document
}

/// Which way an operation goes.
public enum TextDirection: Hashable, Sendable {
    /// Towards the start.
    case backward
    /// Towards the end.
    case forward
}

/// The visual lines the model needs for line moves, from whoever lays the text out.
@MainActor
public protocol TextLineMetrics {
    /// The UTF-16 range of the visual line holding an offset (a caret at a soft wrap belongs to the next line).
    func lineRange(containing offset: Int) -> Range<Int>
    /// The x position of the caret at an offset.
    func caretX(at offset: Int) -> Double
    /// The offset nearest to `x` on the visual line `lines` lines above (negative) or below the one
    /// holding `offset`; nil when there is no such line.
    func offset(onLineOffsetBy lines: Int, from offset: Int, x: Double) -> Int?
    /// Where a caret lands one grapheme left or right on screen, and whether it then sits against
    /// the character before it.
    func visualMove(from offset: Int, upstream: Bool, toRight: Bool) -> (offset: Int, upstream: Bool)
    /// The caret at the start or end of the visual line holding a caret, in its paragraph's direction.
    func visualLineBoundary(at offset: Int, upstream: Bool, end: Bool) -> (offset: Int, upstream: Bool)
    /// Whether any part of the line holding an offset runs right to left.
    func lineHasRightToLeftText(at offset: Int) -> Bool
    /// Whether the paragraph holding an offset runs right to left.
    func isRightToLeftParagraph(at offset: Int) -> Bool
}
