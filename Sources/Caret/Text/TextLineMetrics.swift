// SPDX-License-Identifier: Apache-2.0

/// The visual lines the model needs for line moves, from whoever lays the text out.
@MainActor
package protocol TextLineMetrics {
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
