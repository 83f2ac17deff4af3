/// A font descriptor: a family, a size in points, a weight and a slant. Metrics come from the
/// backend's `FontProvider`, which maps the descriptor to a real font file.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The weight of a font.
    public enum Weight: Int, Hashable, Sendable, Comparable {
        /// The regular weight.
        case regular = 400
        /// The bold weight.
        case bold = 700

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The family name of the proportional system font.
    public static let systemFamilyName = "DejaVu Sans"
    /// The family name of the monospaced system font.
    public static let monospacedFamilyName = "DejaVu Sans Mono"
    /// The point size UIKit uses for body text and text fields.
    public static let systemFontSize: Double = 17
    /// The point size UIKit uses for labels.
    public static let labelFontSize: Double = 17

    /// The family name, e.g. "DejaVu Sans".
    public var familyName: String
    /// The size in points.
    public var pointSize: Double
    /// The weight.
    public var weight: Weight
    /// Whether the font slants.
    public var isItalic: Bool

    /// Creates a font from a family, a size, a weight and a slant.
    public init(familyName: String, size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.familyName = familyName
        self.pointSize = max(1, size)
        self.weight = weight
        self.isItalic = italic
    }

    /// The system font of the given size and weight.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: systemFamilyName, size: size, weight: weight)
    }

    /// The bold system font of the given size.
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }

    /// The italic system font of the given size.
    public static func italicSystemFont(ofSize size: Double) -> Font {
        Font(familyName: systemFamilyName, size: size, italic: true)
    }

    /// The monospaced system font of the given size and weight.
    public static func monospacedSystemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(familyName: monospacedFamilyName, size: size, weight: weight)
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        Font(familyName: familyName, size: size, weight: weight, italic: isItalic)
    }

    public var description: String {
        "\(familyName) \(pointSize)pt\(weight == .bold ? " bold" : "")\(isItalic ? " italic" : "")"
    }
}

/// Vertical metrics of a font at a size, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: Double
    /// Distance from the baseline to the bottom of the lowest glyphs; negative, as in UIKit.
    public var descender: Double
    /// The distance between baselines of consecutive lines.
    public var lineHeight: Double

    /// Creates metrics from their values.
    public init(ascender: Double, descender: Double, lineHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }
}

/// One glyph of a shaped run: the face it comes from (an id its font provider gave), its glyph id
/// there, where it sits and which characters it draws.
public struct ShapedGlyph: Hashable, Sendable {
    /// The face, as numbered by the font provider that shaped the run.
    public var face: Int32
    /// The glyph id within the face.
    public var id: UInt32
    /// The pen position plus the glyph's offset, from the run's left edge, in points.
    public var x: Double
    /// The glyph's offset from the baseline, downwards, in points.
    public var y: Double
    /// The UTF-16 offset in the run's text of the first character the glyph draws (its cluster).
    public var cluster: Int
    /// Whether it is a colour glyph (drawn as it is, not tinted with the text colour).
    public var isColor: Bool

    /// Creates a glyph.
    public init(face: Int32, id: UInt32, x: Double, y: Double, cluster: Int, isColor: Bool = false) {
        self.face = face
        self.id = id
        self.x = x
        self.y = y
        self.cluster = cluster
        self.isColor = isColor
    }
}

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
