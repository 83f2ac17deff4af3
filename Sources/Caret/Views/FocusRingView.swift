// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A ring of bands drawn around something (the focus ring, the switch-access highlight) that
/// stays visible on any colours: its outermost and innermost bands are each a dark or a light
/// tone, whichever contrasts more with what the window shows just outside and just inside the
/// ring (one of them always reaches 4:1, above WCAG's 3:1 for non-text contrast). A middle
/// colour, if set, is drawn between them (the switch highlight's orange).
@MainActor
final class FocusRingView: PassthroughView {
    /// The dark tone (black: 3.5:1 even on the system blue) and the light one.
    static let darkTone = Color.black
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

    /// The part of the window the ring may show in (window coordinates), or nil for all of it: the
    /// clipping ancestors of what it surrounds (a scroll view) cut it off where they cut that off.
    var windowClip: Rect? { didSet { if windowClip != oldValue { setNeedsDisplay() } } }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let window else { return }
        let outer = convert(bounds, to: nil)
        let inner = outer.insetBy(dx: ringWidth, dy: ringWidth)
        guard inner.width > 1, inner.height > 1 else { return }
        if let windowClip {
            guard windowClip.intersects(outer) else { return }
            context.clip(to: convert(windowClip, from: nil))
        }
        let sides = edgeColors(outer: outer, inner: inner, renderer: context.renderer, window: window)
        let outerTone = Self.tone(against: sides.flatMap(\.outside))
        // The outer tone inside too when it stands out there: one solid ring, never an inner band
        // that vanishes into the background beyond it.
        let inside = sides.flatMap(\.inside)
        let innerTone = inside.allSatisfy({ outerTone.contrastRatio(with: $0) >= 3 }) ? outerTone : Self.tone(against: inside)
        var bands = [outerTone]
        if let middleColor { bands.append(middleColor) }
        bands.append(innerTone)
        for (i, color) in bands.enumerated() {
            drawBand(bounds.insetBy(dx: Double(i) * bandWidth, dy: Double(i) * bandWidth), color: color, in: context)
        }
        // Where what is around is mixed (the next row of keys touching a highlighted row), each
        // pixel along a side gets the tone that stands out from what is right beside it there.
        for side in sides where side.isRead {
            repaint(side, outer: outer, band: 0, against: side.outside, ringTone: outerTone, in: context)
            repaint(side, outer: outer, band: bands.count - 1, against: side.inside, ringTone: innerTone, in: context)
        }
    }

    /// The pixels beside one straight side of the ring: along `strip` (window points), the row just
    /// outside the ring and the row just inside it, pixel by pixel, when read back from the frame.
    private struct Side {
        var strip: Rect
        var vertical: Bool
        /// The right or bottom side: the inside comes first going out.
        var flipped: Bool
        var outside: [Color]
        var inside: [Color]
        var isRead: Bool
    }

    /// Repaints a band's straight side where a pixel beside it needs the other tone.
    private func repaint(
        _ side: Side, outer: Rect, band: Int, against colors: [Color], ringTone: Color, in context: GraphicsContext
    ) {
        guard !colors.isEmpty else { return }
        let step = (side.vertical ? side.strip.height : side.strip.width) / Double(colors.count)
        // The band's place across the strip, in the ring's own coordinates.
        let offset = Double(band) * bandWidth
        let across: Double
        if side.vertical {
            across = side.flipped ? bounds.maxX - offset - bandWidth : bounds.minX + offset
        } else {
            across = side.flipped ? bounds.maxY - offset - bandWidth : bounds.minY + offset
        }
        let start = side.vertical ? side.strip.minY - outer.minY : side.strip.minX - outer.minX
        // The ring's tone stays wherever it stands out from the pixel beside it.
        func needed(_ color: Color) -> Color { ringTone.contrastRatio(with: color) >= 3 ? ringTone : Self.tone(against: [color]) }
        var i = 0
        while i < colors.count {
            let tone = needed(colors[i])
            var j = i + 1
            while j < colors.count, needed(colors[j]) == tone { j += 1 }
            if tone != ringTone {
                let along = start + Double(i) * step, length = Double(j - i) * step
                context.fill(
                    side.vertical
                        ? Rect(x: across, y: along, width: bandWidth, height: length)
                        : Rect(x: along, y: across, width: length, height: bandWidth), color: tone)
            }
            i = j
        }
    }

    /// One band with its outer edge on `rect`, reaching to the ring's inner edge (the next band
    /// covers the rest). Its straight sides are filled rectangles, crisp on whole pixels; only its
    /// corners are stroked, each clipped to its own square, because a stroke's feathered edges
    /// would bleed half a pixel past each side and leave a light seam between two bands.
    private func drawBand(_ rect: Rect, color: Color, in context: GraphicsContext) {
        // Every band but the innermost runs on under the next, so no seam shows between them.
        let width = min(ringWidth - (rect.minX - bounds.minX), bandWidth * 1.5)
        let radius = min(max(0, ringRadius - (rect.minX - bounds.minX)), rect.width / 2, rect.height / 2)
        let corner = max(radius, width)  // the straight sides start past the corner's square
        let sides = [
            Rect(x: rect.minX + corner, y: rect.minY, width: rect.width - 2 * corner, height: width),
            Rect(x: rect.minX + corner, y: rect.maxY - width, width: rect.width - 2 * corner, height: width),
            Rect(x: rect.minX, y: rect.minY + corner, width: width, height: rect.height - 2 * corner),
            Rect(x: rect.maxX - width, y: rect.minY + corner, width: width, height: rect.height - 2 * corner),
        ]
        for side in sides where side.width > 0 && side.height > 0 { context.fill(side, color: color) }
        let squares = [
            Rect(x: rect.minX, y: rect.minY, width: corner, height: corner),
            Rect(x: rect.maxX - corner, y: rect.minY, width: corner, height: corner),
            Rect(x: rect.minX, y: rect.maxY - corner, width: corner, height: corner),
            Rect(x: rect.maxX - corner, y: rect.maxY - corner, width: corner, height: corner),
        ]
        for square in squares {
            context.saveGState()
            context.clip(to: square)
            context.strokeRoundedRect(rect, radius: radius, lineWidth: width, color: color)
            context.restoreGState()
        }
    }

    /// What shows just outside the ring and just inside it, along the straight part of each side:
    /// read back from the frame drawn so far, beneath the ring, so that images, text and custom
    /// drawing count; where the renderer cannot read back (or a side runs off the frame), what
    /// the views' backgrounds and known control looks say (`FocusRing.shownColor(at:)`).
    private func edgeColors(outer: Rect, inner: Rect, renderer: Renderer, window: Window) -> [Side] {
        let w = ringWidth, r = min(ringRadius, outer.width / 2, outer.height / 2)
        // Each side's strip: a point beyond the ring, the ring, a point inside.
        let strips: [(Rect, vertical: Bool, flipped: Bool)] = [
            (Rect(x: outer.minX - 1, y: outer.minY + r, width: w + 2, height: outer.height - 2 * r), true, false),
            (Rect(x: inner.maxX - 1, y: outer.minY + r, width: w + 2, height: outer.height - 2 * r), true, true),
            (Rect(x: outer.minX + r, y: outer.minY - 1, width: outer.width - 2 * r, height: w + 2), false, false),
            (Rect(x: outer.minX + r, y: inner.maxY - 1, width: outer.width - 2 * r, height: w + 2), false, true),
        ]
        var sides: [Side] = []
        for (strip, vertical, flipped) in strips where strip.width > 0 && strip.height > 0 {
            if let colors = Self.readEdges(renderer.snapshot(of: strip), strip: strip, vertical: vertical) {
                sides.append(
                    Side(
                        strip: strip, vertical: vertical, flipped: flipped, outside: flipped ? colors.last : colors.first,
                        inside: flipped ? colors.first : colors.last, isRead: true))
            } else {
                let (a, b) =
                    vertical
                    ? (Point(x: strip.minX + 0.5, y: strip.midY), Point(x: strip.maxX - 0.5, y: strip.midY))
                    : (Point(x: strip.midX, y: strip.minY + 0.5), Point(x: strip.midX, y: strip.maxY - 0.5))
                sides.append(
                    Side(
                        strip: strip, vertical: vertical, flipped: flipped, outside: [window.focus.ring.shownColor(at: flipped ? b : a)],
                        inside: [window.focus.ring.shownColor(at: flipped ? a : b)], isRead: false))
            }
        }
        return sides
    }

    /// The pixels along a strip's two long edges (the first and last pixel rows or columns across
    /// it), or nil when the snapshot is missing or was cut by the frame's edge.
    private static func readEdges(_ image: Image?, strip: Rect, vertical: Bool) -> (first: [Color], last: [Color])? {
        guard let image else { return nil }
        let s = image.scale
        let across = vertical ? image.pixelWidth : image.pixelHeight, along = vertical ? image.pixelHeight : image.pixelWidth
        guard across == Int(((vertical ? strip.width : strip.height) * s).rounded()),
            along == Int(((vertical ? strip.height : strip.width) * s).rounded()), across >= 2
        else { return nil }
        func color(_ a: Int, _ b: Int) -> Color {
            let (x, y) = vertical ? (a, b) : (b, a)
            let i = (y * image.pixelWidth + x) * 4
            return Color(
                red: Double(image.pixels[i]) / 255, green: Double(image.pixels[i + 1]) / 255,
                blue: Double(image.pixels[i + 2]) / 255)
        }
        // The pixels right beside the ring: the last one of the outer point, the first of the inner.
        let near = max(0, Int(s.rounded()) - 1), far = across - 1 - near
        var first: [Color] = [], last: [Color] = []
        for b in 0..<along {
            first.append(color(near, b))
            last.append(color(far, b))
        }
        return (first, last)
    }

    /// The tone that stands out by 3:1 from more of the colours (where what is around is mixed,
    /// such as the next row of keys under a highlighted row, from most of it), the one whose
    /// worst contrast is better breaking a tie.
    static func tone(against colors: [Color]) -> Color {
        func standsOut(_ tone: Color) -> Int { colors.count { tone.contrastRatio(with: $0) >= 3 } }
        func worst(_ tone: Color) -> Double { colors.map { tone.contrastRatio(with: $0) }.min() ?? 21 }
        let dark = standsOut(darkTone), light = standsOut(lightTone)
        if dark != light { return dark > light ? darkTone : lightTone }
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
