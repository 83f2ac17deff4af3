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

    // MARK: - Named colours (UIKit's light-mode values)

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
    /// The system tint: UIKit's systemBlue.
    public static let systemBlue = Color(rgb: 0x007AFF)
    /// The system red, for destructive actions and errors.
    public static let systemRed = Color(rgb: 0xFF3B30)
    /// The system green.
    public static let systemGreen = Color(rgb: 0x34C759)
    /// Primary text.
    public static let label = Color(white: 0)
    /// Secondary text.
    public static let secondaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
    /// Placeholder text: 70 % grey, as UIKit draws placeholders.
    public static let placeholderText = Color(white: 0.7)
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
}
