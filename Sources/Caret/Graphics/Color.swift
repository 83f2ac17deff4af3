// SPDX-License-Identifier: Apache-2.0
/// An RGBA colour with components from 0 to 1, in sRGB.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public var alpha: Double

    /// Creates a colour from components between 0 and 1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// Creates a grey of the given brightness.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Creates a colour from a 0xRRGGBB value.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with another opacity.
    public func withAlphaComponent(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour linearly mixed with another: 0 gives `self`, 1 gives `other`.
    public func interpolated(to other: Color, fraction t: Double) -> Color {
        Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The components as bytes, rounded: (r, g, b, a).
    public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (
            UInt8((red * 255).rounded()), UInt8((green * 255).rounded()),
            UInt8((blue * 255).rounded()), UInt8((alpha * 255).rounded())
        )
    }

    public var description: String {
        let b = bytes
        return "rgba(\(b.r), \(b.g), \(b.b), \(b.a))"
    }

    // MARK: - Named colours (UIKit's light-mode values, darkened where they fall short of WCAG AA)

    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)
    /// Black.
    public static let black = Color(white: 0)
    /// White.
    public static let white = Color(white: 1)
    /// 50 % grey.
    public static let gray = Color(white: 0.5)
    /// 66.7 % grey.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// 33.3 % grey.
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// Pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// The system tint: a blue darker than UIKit's 0x007AFF, so white on it and it on white
    /// both reach WCAG AA's 4.5:1.
    public static let systemBlue = Color(rgb: 0x0064D2)
    /// The system red, for destructive actions and errors (darker than UIKit's, for 4.5:1 as text).
    public static let systemRed = Color(rgb: 0xD70015)
    /// The system green.
    public static let systemGreen = Color(rgb: 0x34C759)
    /// Primary text.
    public static let label = Color(white: 0)
    /// Secondary text: opaque and darker than UIKit's, for 4.5:1 on the grouped background.
    public static let secondaryLabel = Color(rgb: 0x6C6C70)
    /// Placeholder text: a grey at 4.5:1 on white (UIKit's is 2.1:1).
    public static let placeholderText = Color(rgb: 0x767676)
    /// Thin separators and borders.
    public static let separator = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    /// The window background.
    public static let systemBackground = Color(white: 1)
    /// Grouped-content background.
    public static let systemGroupedBackground = Color(rgb: 0xF2F2F7)
    /// A light fill for controls.
    public static let systemGray5 = Color(rgb: 0xE5E5EA)
    /// A lighter fill for controls.
    public static let systemGray6 = Color(rgb: 0xF2F2F7)
    /// A rounded field's border and clear button: 3:1 against white and the grouped background
    /// (WCAG's non-text contrast; UIKit's 0xC7C7CC is 1.6:1).
    static let fieldBorder = Color(rgb: 0x7C7C80)
}

/// UIKit's semantic colours (light appearance), for code ported from UIKit.
extension Color {
    /// Tertiary text.
    public static let tertiaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    /// Quaternary text.
    public static let quaternaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18)
    /// Links: the system blue.
    public static let link = Color(rgb: 0x0064D2)
    /// Separators that hide what is under them.
    public static let opaqueSeparator = Color(rgb: 0xC6C6C8)
    /// Content layered over the system background.
    public static let secondarySystemBackground = Color(rgb: 0xF2F2F7)
    /// Content layered over the secondary background.
    public static let tertiarySystemBackground = Color(white: 1)
    /// Content layered over the grouped background.
    public static let secondarySystemGroupedBackground = Color(white: 1)
    /// Content layered over the secondary grouped background.
    public static let tertiarySystemGroupedBackground = Color(rgb: 0xF2F2F7)
    /// Fills for thin and small shapes.
    public static let systemFill = Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)
    /// Fills for medium shapes (a switch's track).
    public static let secondarySystemFill = Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)
    /// Fills for large shapes (a search field).
    public static let tertiarySystemFill = Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
    /// Fills for large areas with complex content.
    public static let quaternarySystemFill = Color(red: 116 / 255, green: 116 / 255, blue: 128 / 255, alpha: 0.08)
    /// The base grey.
    public static let systemGray = Color(rgb: 0x8E8E93)
    /// A lighter grey.
    public static let systemGray2 = Color(rgb: 0xAEAEB2)
    /// A lighter grey still.
    public static let systemGray3 = Color(rgb: 0xC7C7CC)
    /// A light grey.
    public static let systemGray4 = Color(rgb: 0xD1D1D6)
    /// The system orange.
    public static let systemOrange = Color(rgb: 0xFF9500)
    /// The system yellow.
    public static let systemYellow = Color(rgb: 0xFFCC00)
    /// The system pink.
    public static let systemPink = Color(rgb: 0xFF2D55)
    /// The system purple.
    public static let systemPurple = Color(rgb: 0xAF52DE)
    /// The system teal.
    public static let systemTeal = Color(rgb: 0x5AC8FA)
    /// The system indigo.
    public static let systemIndigo = Color(rgb: 0x5856D6)
    /// The colour itself, where UIKit code asks a layer for `UIColor.cgColor`.
    public var cgColor: Color { self }
}
