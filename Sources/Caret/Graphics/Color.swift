// SPDX-License-Identifier: Apache-2.0
/// An RGBA colour with components from 0 to 1, in sRGB. A dynamic colour (the named system
/// colours, `init(dynamicProvider:)`) has a second set for the dark appearance: its components
/// are the light one's, and drawing resolves it with the view's traits (`resolvedColor(with:)`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public var alpha: Double
    /// The components in the dark appearance, for a dynamic colour.
    private var dark: Components?

    /// A colour's four components.
    private struct Components: Hashable, Sendable {
        var red, green, blue, alpha: Double
    }

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

    /// A colour that is `light` in the light appearance and `dark` in the dark one.
    init(light: Color, dark: Color) {
        self = light.resolvedColor(with: .light)
        let dark = dark.resolvedColor(with: .dark)
        if dark != self { self.dark = Components(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha) }
    }

    /// A colour that a closure gives for each appearance (UIKit's `init(dynamicProvider:)`); the
    /// closure is asked once for light and once for dark traits.
    public init(dynamicProvider: (TraitCollection) -> Color) {
        self.init(
            light: dynamicProvider(TraitCollection(userInterfaceStyle: .light)),
            dark: dynamicProvider(TraitCollection(userInterfaceStyle: .dark)))
    }

    /// The colour as drawn with a trait collection's style.
    public func resolvedColor(with traitCollection: TraitCollection) -> Color { resolvedColor(with: traitCollection.resolvedStyle) }

    /// The colour as drawn in a style (unspecified draws light).
    func resolvedColor(with style: UserInterfaceStyle) -> Color {
        guard let dark else { return self }
        if style == .dark { return Color(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha) }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the colour differs between the light and dark appearances.
    var isDynamic: Bool { dark != nil }

    /// The same colour with another opacity (in both appearances).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        var result = Color(red: red, green: green, blue: blue, alpha: alpha)
        if var dark {
            dark.alpha = result.alpha
            result.dark = dark
        }
        return result
    }

    /// The colour linearly mixed with another: 0 gives `self`, 1 gives `other` (in each appearance).
    public func interpolated(to other: Color, fraction t: Double) -> Color {
        func mix(_ a: Color, _ b: Color) -> Color {
            Color(
                red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
        }
        let light = mix(resolvedColor(with: .light), other.resolvedColor(with: .light))
        guard isDynamic || other.isDynamic else { return light }
        return Color(light: light, dark: mix(resolvedColor(with: .dark), other.resolvedColor(with: .dark)))
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

    // MARK: - Named colours (UIKit's values, darkened in light where they fall short of WCAG AA; the
    // system colours are dynamic, with UIKit's dark values, the blue chosen for AA in both)

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
    public static let systemBlue = Color(light: Color(rgb: 0x0064D2), dark: Color(rgb: 0x3D8EF7))
    /// The system red, for destructive actions and errors (darker than UIKit's, for 4.5:1 as text).
    public static let systemRed = Color(light: Color(rgb: 0xD70015), dark: Color(rgb: 0xFF453A))
    /// The system green.
    public static let systemGreen = Color(light: Color(rgb: 0x34C759), dark: Color(rgb: 0x30D158))
    /// Primary text.
    public static let label = Color(light: Color(white: 0), dark: Color(white: 1))
    /// Secondary text: opaque and darker than UIKit's, for 4.5:1 on the grouped background.
    public static let secondaryLabel = Color(light: Color(rgb: 0x6C6C70), dark: Color(rgb: 0xAEAEB2))
    /// Placeholder text: a grey at 4.5:1 on white (UIKit's is 2.1:1).
    public static let placeholderText = Color(light: Color(rgb: 0x767676), dark: Color(rgb: 0x98989D))
    /// Thin separators and borders.
    public static let separator = Color(
        light: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29),
        dark: Color(red: 84 / 255, green: 84 / 255, blue: 88 / 255, alpha: 0.6))
    /// The window background.
    public static let systemBackground = Color(light: Color(white: 1), dark: Color(white: 0))
    /// Grouped-content background.
    public static let systemGroupedBackground = Color(light: Color(rgb: 0xF2F2F7), dark: Color(white: 0))
    /// A light fill for controls.
    public static let systemGray5 = Color(light: Color(rgb: 0xE5E5EA), dark: Color(rgb: 0x2C2C2E))
    /// A lighter fill for controls.
    public static let systemGray6 = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x1C1C1E))
    /// A rounded field's border and clear button: 3:1 against white and the grouped background
    /// (WCAG's non-text contrast; UIKit's 0xC7C7CC is 1.6:1).
    static let fieldBorder = Color(light: Color(rgb: 0x7C7C80), dark: Color(rgb: 0x8E8E93))
}

/// UIKit's semantic colours (dynamic: light and dark), for code ported from UIKit.
extension Color {
    /// Tertiary text.
    public static let tertiaryLabel = Color(
        light: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3),
        dark: Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3))
    /// Quaternary text.
    public static let quaternaryLabel = Color(
        light: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18),
        dark: Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.16))
    /// Links: the system blue.
    public static let link = Color.systemBlue
    /// Separators that hide what is under them.
    public static let opaqueSeparator = Color(light: Color(rgb: 0xC6C6C8), dark: Color(rgb: 0x38383A))
    /// Content layered over the system background.
    public static let secondarySystemBackground = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x1C1C1E))
    /// Content layered over the secondary background.
    public static let tertiarySystemBackground = Color(light: Color(white: 1), dark: Color(rgb: 0x2C2C2E))
    /// Content layered over the grouped background.
    public static let secondarySystemGroupedBackground = Color(light: Color(white: 1), dark: Color(rgb: 0x1C1C1E))
    /// Content layered over the secondary grouped background.
    public static let tertiarySystemGroupedBackground = Color(light: Color(rgb: 0xF2F2F7), dark: Color(rgb: 0x2C2C2E))
    /// Fills for thin and small shapes.
    public static let systemFill = Color(
        light: Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2),
        dark: Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.36))
    /// Fills for medium shapes (a switch's track).
    public static let secondarySystemFill = Color(
        light: Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16),
        dark: Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.32))
    /// Fills for large shapes (a search field).
    public static let tertiarySystemFill = Color(
        light: Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12),
        dark: Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.24))
    /// Fills for large areas with complex content.
    public static let quaternarySystemFill = Color(
        light: Color(red: 116 / 255, green: 116 / 255, blue: 128 / 255, alpha: 0.08),
        dark: Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.18))
    /// The base grey.
    public static let systemGray = Color(rgb: 0x8E8E93)
    /// A lighter grey.
    public static let systemGray2 = Color(light: Color(rgb: 0xAEAEB2), dark: Color(rgb: 0x636366))
    /// A lighter grey still.
    public static let systemGray3 = Color(light: Color(rgb: 0xC7C7CC), dark: Color(rgb: 0x48484A))
    /// A light grey.
    public static let systemGray4 = Color(light: Color(rgb: 0xD1D1D6), dark: Color(rgb: 0x3A3A3C))
    /// The system orange.
    public static let systemOrange = Color(light: Color(rgb: 0xFF9500), dark: Color(rgb: 0xFF9F0A))
    /// The system yellow.
    public static let systemYellow = Color(light: Color(rgb: 0xFFCC00), dark: Color(rgb: 0xFFD60A))
    /// The system pink.
    public static let systemPink = Color(light: Color(rgb: 0xFF2D55), dark: Color(rgb: 0xFF375F))
    /// The system purple.
    public static let systemPurple = Color(light: Color(rgb: 0xAF52DE), dark: Color(rgb: 0xBF5AF2))
    /// The system teal.
    public static let systemTeal = Color(light: Color(rgb: 0x5AC8FA), dark: Color(rgb: 0x64D2FF))
    /// The system indigo.
    public static let systemIndigo = Color(light: Color(rgb: 0x5856D6), dark: Color(rgb: 0x5E5CE6))
    /// The colour itself, where UIKit code asks a layer for `UIColor.cgColor`.
    public var cgColor: Color { self }
}
