// SPDX-License-Identifier: Apache-2.0
/// A font descriptor: a family, a size in points, a weight and a slant. Metrics come from the
/// backend's `FontProvider`, which maps the descriptor to a real font file.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The weight of a font.
    public enum Weight: Int, Hashable, Sendable, Comparable, CaseIterable {
        /// The lightest weight (100 on CSS's scale).
        case ultraLight = 100
        /// A thin weight (200).
        case thin = 200
        /// A light weight (300).
        case light = 300
        /// The regular weight (400).
        case regular = 400
        /// A medium weight (500).
        case medium = 500
        /// A semibold weight (600).
        case semibold = 600
        /// The bold weight (700).
        case bold = 700
        /// A heavy weight (800).
        case heavy = 800
        /// The heaviest weight (900).
        case black = 900

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
