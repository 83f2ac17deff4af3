// SPDX-License-Identifier: Apache-2.0

/// One line of text shaped by a `FontProvider`: where each Unicode scalar sits, and the glyphs
/// to draw. Renderers draw the glyphs at exactly these positions, so carets placed from them
/// always match the pixels.
///
/// Each scalar has a box: `scalarOffsets[i]` is its left edge and `scalarWidth(i)` its width. The
/// first scalar of a grapheme cluster carries the cluster's box (a ligature's advance is split
/// among the clusters it covers); the others have width 0. In left-to-right text the boxes follow
/// each other, so `scalarOffsets` is also where each scalar starts; a right-to-left run's boxes go
/// leftwards in logical order (`scalarLevels` says which scalars are right to left).
public struct TextRun: Hashable, Sendable {
    /// The text of the run.
    public let text: String
    /// The font it was measured with.
    public let font: Font
    /// The left edge of each Unicode scalar's box, plus the run's width as the last element.
    public let scalarOffsets: [Double]
    /// Each scalar's box width; empty when the boxes follow each other left to right.
    public let scalarWidths: [Double]
    /// Each scalar's embedding level (odd: right to left); empty when all are left to right.
    public let scalarLevels: [UInt8]
    /// The glyphs in visual order; empty when the provider draws by scalar (a test font).
    public let glyphs: [ShapedGlyph]
    /// Font metrics at the run's size.
    public let metrics: FontMetrics
    /// The embedding level of the paragraph the text was shaped as (odd: right to left), which
    /// `.natural` alignment follows.
    public var paragraphLevel: UInt8 = 0

    /// Creates a left-to-right run drawn by scalar; `scalarOffsets` has one element more than
    /// `text` has Unicode scalars.
    public init(text: String, font: Font, scalarOffsets: [Double], metrics: FontMetrics) {
        self.init(text: text, font: font, scalarOffsets: scalarOffsets, scalarWidths: [], scalarLevels: [], glyphs: [], metrics: metrics)
    }

    /// Creates a shaped run: scalar boxes (widths and levels may be empty, see above) and glyphs.
    public init(
        text: String, font: Font, scalarOffsets: [Double], scalarWidths: [Double], scalarLevels: [UInt8],
        glyphs: [ShapedGlyph], metrics: FontMetrics
    ) {
        precondition(scalarOffsets.count == text.unicodeScalars.count + 1, "one offset per scalar, plus the width")
        precondition(scalarWidths.isEmpty || scalarWidths.count == scalarOffsets.count - 1, "one width per scalar")
        precondition(scalarLevels.isEmpty || scalarLevels.count == scalarOffsets.count - 1, "one level per scalar")
        self.text = text
        self.font = font
        self.scalarOffsets = scalarOffsets
        self.scalarWidths = scalarWidths
        self.scalarLevels = scalarLevels
        self.glyphs = glyphs
        self.metrics = metrics
    }

    /// The advance width of the whole run.
    public var width: Double { scalarOffsets.last ?? 0 }

    /// The width of scalar `i`'s box.
    public func scalarWidth(_ i: Int) -> Double {
        scalarWidths.isEmpty ? scalarOffsets[i + 1] - scalarOffsets[i] : scalarWidths[i]
    }

    /// Whether scalar `i` is laid out right to left.
    public func isRightToLeft(_ i: Int) -> Bool { !scalarLevels.isEmpty && scalarLevels[i] & 1 == 1 }

    /// The left edge and width of the box of the scalars `range` (a grapheme cluster, say).
    public func box(ofScalars range: Range<Int>) -> (x: Double, width: Double) {
        guard !range.isEmpty else { return (scalarOffsets[range.lowerBound], 0) }
        if scalarWidths.isEmpty {
            return (scalarOffsets[range.lowerBound], scalarOffsets[range.upperBound] - scalarOffsets[range.lowerBound])
        }
        var left = Double.infinity, right = -Double.infinity
        for i in range {
            left = min(left, scalarOffsets[i])
            right = max(right, scalarOffsets[i] + scalarWidths[i])
        }
        return (left, right - left)
    }

    /// The advance of each grapheme cluster (`Character`) in logical order.
    public func characterAdvances() -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(text.count)
        var scalar = 0
        for character in text {
            let count = character.unicodeScalars.count
            result.append(box(ofScalars: scalar..<(scalar + count)).width)
            scalar += count
        }
        return result
    }
}
