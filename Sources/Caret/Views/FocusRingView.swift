import Foundation

/// A ring of bands drawn around something (the focus ring, the switch-access highlight) that
/// stays visible on any colours: its outermost and innermost bands are each a dark or a light
/// tone, whichever contrasts more with what the window shows just outside and just inside the
/// ring (one of them always reaches 4:1, above WCAG's 3:1 for non-text contrast). A middle
/// colour, if set, is drawn between them (the switch highlight's orange).
@MainActor
final class FocusRingView: PassthroughView {
    /// The dark tone (a navy close to black) and the light one.
    static let darkTone = Color(rgb: 0x0A1A33)
    static let lightTone = Color.white

    /// The width of each band, in points.
    var bandWidth: Double = 2 { didSet { setNeedsDisplay() } }
    /// A band between the outer and inner ones, or nil for two bands.
    var middleColor: Color? { didSet { setNeedsDisplay() } }
    /// The corner radius of the ring's outer edge.
    var ringRadius: Double = 0 { didSet { setNeedsDisplay() } }

    /// The ring's whole width.
    var ringWidth: Double { bandWidth * (middleColor == nil ? 2 : 3) }

    required init?(coder: NSCoder) { nil }  // made only in code

    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityElementsHidden = true
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let window else { return }
        let outer = convert(bounds, to: nil)
        let inner = outer.insetBy(dx: ringWidth, dy: ringWidth)
        guard inner.width > 1, inner.height > 1 else { return }
        // What shows just outside and just inside, half a point from each edge, on all four sides.
        let outside = Self.edgePoints(of: outer, inset: -0.5).map { window.shownColor(at: $0) }
        let inside = Self.edgePoints(of: inner, inset: 0.5).map { window.shownColor(at: $0) }
        var bands = [Self.tone(against: outside)]
        if let middleColor { bands.append(middleColor) }
        bands.append(Self.tone(against: inside))
        for (i, color) in bands.enumerated() {
            let inset = Double(i) * bandWidth
            context.strokeRoundedRect(
                bounds.insetBy(dx: inset, dy: inset), radius: max(0, ringRadius - inset), lineWidth: bandWidth, color: color)
        }
    }

    /// The middles of a rectangle's four edges, moved `inset` points inwards.
    private static func edgePoints(of rect: Rect, inset: Double) -> [Point] {
        [
            Point(x: rect.minX + inset, y: rect.midY), Point(x: rect.maxX - inset, y: rect.midY),
            Point(x: rect.midX, y: rect.minY + inset), Point(x: rect.midX, y: rect.maxY - inset),
        ]
    }

    /// The tone whose worst contrast against the colours is the better.
    static func tone(against colors: [Color]) -> Color {
        func worst(_ tone: Color) -> Double { colors.map { tone.contrastRatio(with: $0) }.min() ?? 21 }
        return worst(darkTone) >= worst(lightTone) ? darkTone : lightTone
    }
}

extension Color {
    /// WCAG 2.x relative luminance of the colour's sRGB components (alpha ignored).
    var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio with another colour, from 1 to 21.
    func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour drawn over another with its alpha.
    func composited(over below: Color) -> Color {
        Color(
            red: red * alpha + below.red * (1 - alpha), green: green * alpha + below.green * (1 - alpha),
            blue: blue * alpha + below.blue * (1 - alpha))
    }
}

extension Double {
    fileprivate func pow(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
