// SPDX-License-Identifier: Apache-2.0

/// UAX #9 reduced to what matters for plain text without the Unicode character database: Hebrew,
/// Arabic and the other right-to-left scripts are strong right to left, letters strong left to
/// right, digits stay left to right inside either, neutrals take the direction around them.
public struct SimpleBidiResolver: BidiResolver {
    /// Creates the resolver.
    public init() {}

    /// Whether a scalar belongs to a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko...).
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    private enum Class { case left, right, number, neutral }

    private static func classify(_ scalar: Unicode.Scalar) -> Class {
        if isRightToLeft(scalar) {
            return scalar.properties.numericType != nil ? .number : .right
        }
        if scalar.properties.numericType != nil && scalar.properties.generalCategory == .decimalNumber { return .number }
        return scalar.properties.isAlphabetic ? .left : .neutral
    }

    public func resolve(_ text: String, direction: WritingDirection, fallback: WritingDirection) -> BidiParagraph {
        var classes: [Class] = []
        classes.reserveCapacity(text.utf16.count)
        for scalar in text.unicodeScalars {
            let c = Self.classify(scalar)
            for _ in 0..<scalar.utf16.count { classes.append(c) }
        }
        let first = classes.first { $0 == .left || $0 == .right }
        let rtl: Bool
        switch direction {
        case .leftToRight: rtl = false
        case .rightToLeft: rtl = true
        case .natural: rtl = first.map { $0 == .right } ?? (fallback == .rightToLeft)
        }
        let base: UInt8 = rtl ? 1 : 0
        // Numbers after right-to-left text (or at the start of a right-to-left paragraph) sit one
        // level above it; after left-to-right text they are left to right (W2, W7, I1, I2).
        var direction = [Bool?](repeating: nil, count: classes.count)  // true: right to left
        var numberAfterRTL = [Bool](repeating: false, count: classes.count)
        var strong = rtl
        for (i, c) in classes.enumerated() {
            switch c {
            case .left: strong = false; direction[i] = false
            case .right: strong = true; direction[i] = true
            case .number: numberAfterRTL[i] = strong; direction[i] = strong
            case .neutral: break
            }
        }
        // Neutrals take the direction on both sides when it agrees, else the paragraph's (N1, N2).
        var levels = [UInt8](repeating: base, count: classes.count)
        var after = rtl
        var resolved = [Bool](repeating: rtl, count: classes.count)
        for i in stride(from: classes.count - 1, through: 0, by: -1) {
            if let d = direction[i] {
                resolved[i] = d
                after = d
            } else {
                resolved[i] = after
            }
        }
        var before = rtl
        for (i, c) in classes.enumerated() {
            switch c {
            case .number:
                levels[i] = rtl || numberAfterRTL[i] ? 2 : 0
                before = numberAfterRTL[i]
            case .neutral:
                let isRTL = before == resolved[i] ? before : rtl
                levels[i] = isRTL ? 1 : (rtl ? 2 : 0)
            default:
                let isRTL = direction[i] ?? rtl
                levels[i] = isRTL ? 1 : (rtl ? 2 : 0)
                before = isRTL
            }
        }
        return BidiParagraph(baseLevel: base, levels: levels)
    }
}
