import Foundation

/// The scroll indicators' geometry: where each one's track lies and where its thumb is drawn, in
/// the scroll view's coordinates, for drawing them and for damaging only them (a fade, a scroll
/// that moved the content's pixels: Window+ScrollBlit.swift).
struct ScrollIndicator {
    static let thickness = 3.0
    static let margin = 3.0
    static let minimum = 36.0
    /// Where the indicator may be (the whole length it travels).
    var track: Rect
    /// Where it is drawn now.
    var thumb: Rect
}

extension ScrollView {
    /// The indicators shown for bounds `rect` (the drawn bounds): vertical first.
    func indicators(in rect: Rect) -> [ScrollIndicator] {
        let thickness = ScrollIndicator.thickness, margin = ScrollIndicator.margin, minimum = ScrollIndicator.minimum
        let inset = adjustedContentInset
        let offset = rect.origin
        let lo = minimumContentOffset, hi = maximumContentOffset
        let showV = showsVerticalScrollIndicator && canScrollVertically
        let showH = showsHorizontalScrollIndicator && canScrollHorizontally
        func indicator(
            trackStart: Double, trackLength: Double, visible: Double, extent: Double,
            offset: Double, lo: Double, hi: Double
        ) -> (Double, Double) {
            let overscroll = offset < lo ? lo - offset : (offset > hi ? offset - hi : 0)
            var length = trackLength * visible / Swift.max(visible, extent + overscroll)
            length = Swift.min(trackLength, Swift.max(Swift.min(minimum, trackLength), length) - overscroll)
            length = Swift.max(thickness * 2, length)
            let fraction = hi > lo ? Swift.min(1, Swift.max(0, (offset - lo) / (hi - lo))) : 0
            return (trackStart + (trackLength - length) * fraction, length)
        }
        // UIKit's automatic adjustment: what the system adds to the content's insets (the safe
        // area, the keyboard's inset) insets the indicators too.
        let system =
            automaticallyAdjustsScrollIndicatorInsets
            ? EdgeInsets(
                top: inset.top - contentInset.top, left: inset.left - contentInset.left,
                bottom: inset.bottom - contentInset.bottom, right: inset.right - contentInset.right) : .zero
        var shown: [ScrollIndicator] = []
        if showV {
            var vi = verticalScrollIndicatorInsets
            vi.top += system.top
            vi.bottom += system.bottom
            vi.right += system.right
            let trackStart = rect.minY + vi.top + margin
            let trackLength = rect.height - vi.vertical - margin * 2 - (showH ? thickness + margin : 0)
            let (y, length) = indicator(
                trackStart: trackStart, trackLength: trackLength, visible: rect.height,
                extent: contentSize.height + inset.vertical, offset: offset.y, lo: lo.y, hi: hi.y)
            let x = rect.maxX - vi.right - margin - thickness
            shown.append(ScrollIndicator(
                track: Rect(x: x, y: Swift.min(trackStart, y), width: thickness, height: Swift.max(trackLength, y + length - Swift.min(trackStart, y))),
                thumb: Rect(x: x, y: y, width: thickness, height: length)))
        }
        if showH {
            var hi2 = horizontalScrollIndicatorInsets
            hi2.left += system.left
            hi2.right += system.right
            hi2.bottom += system.bottom
            let trackStart = rect.minX + hi2.left + margin
            let trackLength = rect.width - hi2.horizontal - margin * 2 - (showV ? thickness + margin : 0)
            let (x, length) = indicator(
                trackStart: trackStart, trackLength: trackLength, visible: rect.width,
                extent: contentSize.width + inset.horizontal, offset: offset.x, lo: lo.x, hi: hi.x)
            let y = rect.maxY - hi2.bottom - margin - thickness
            shown.append(ScrollIndicator(
                track: Rect(x: Swift.min(trackStart, x), y: y, width: Swift.max(trackLength, x + length - Swift.min(trackStart, x)), height: thickness),
                thumb: Rect(x: x, y: y, width: length, height: thickness)))
        }
        return shown
    }

    /// The indicators' tracks now, in window points (a point wider for antialiasing).
    var indicatorTracksInWindow: [Rect] {
        indicators(in: bounds).map { convert($0.track.insetBy(dx: -1, dy: -1), to: nil) }
    }

    /// Damages where the indicators may be drawn (their opacity changed).
    func setNeedsDisplayOfIndicatorTracks() {
        for indicator in indicators(in: bounds) { setNeedsDisplay(indicator.track.insetBy(dx: -1, dy: -1)) }
    }
}
