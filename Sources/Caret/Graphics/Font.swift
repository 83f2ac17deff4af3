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

/// One line of text shaped by a `FontProvider`: where each Unicode scalar starts. Renderers draw
/// glyphs at exactly these positions, so carets placed from them always match the pixels.
public struct TextRun: Hashable, Sendable {
    /// The text of the run.
    public let text: String
    /// The font it was measured with.
    public let font: Font
    /// The x offset at which each Unicode scalar starts, plus the run's width as the last element.
    public let scalarOffsets: [Double]
    /// Font metrics at the run's size.
    public let metrics: FontMetrics

    /// Creates a run; `scalarOffsets` has one element more than `text` has Unicode scalars.
    public init(text: String, font: Font, scalarOffsets: [Double], metrics: FontMetrics) {
        precondition(scalarOffsets.count == text.unicodeScalars.count + 1, "one offset per scalar, plus the width")
        self.text = text
        self.font = font
        self.scalarOffsets = scalarOffsets
        self.metrics = metrics
    }

    /// The advance width of the whole run.
    public var width: Double { scalarOffsets.last ?? 0 }
}
