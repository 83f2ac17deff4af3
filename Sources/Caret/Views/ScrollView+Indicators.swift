// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The scroll indicators' geometry: where each one's track lies and where its thumb is drawn, in
/// the scroll view's coordinates, for drawing them and for damaging only them (a fade, a scroll
/// that moved the content's pixels: ScrollBlit.swift).
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
        // Along one axis: the track (start, length) and the thumb in it.
        func along(start: Double, length trackLength: Double, visible: Double, extent: Double, offset: Double, lo: Double, hi: Double)
            -> (track: (Double, Double), thumb: (Double, Double))
        {
            let overscroll = offset < lo ? lo - offset : (offset > hi ? offset - hi : 0)
            var length = trackLength * visible / Swift.max(visible, extent + overscroll)
            length = Swift.min(trackLength, Swift.max(Swift.min(minimum, trackLength), length) - overscroll)
            length = Swift.max(thickness * 2, length)
            let fraction = hi > lo ? Swift.min(1, Swift.max(0, (offset - lo) / (hi - lo))) : 0
            let position = start + (trackLength - length) * fraction
            let first = Swift.min(start, position)
            return ((first, Swift.max(start + trackLength, position + length) - first), (position, length))
        }
        // UIKit's automatic adjustment: what the system adds to the content's insets (the safe
        // area, the keyboard's inset) insets the indicators too.
        let system =
            automaticallyAdjustsScrollIndicatorInsets
            ? EdgeInsets(
                top: inset.top - contentInset.top, left: inset.left - contentInset.left,
                bottom: inset.bottom - contentInset.bottom, right: inset.right - contentInset.right) : .zero
        // One indicator: along the axis it travels, at the edge it sits by; shorter when the
        // other one shows too (they do not cross).
        func indicator(vertical: Bool, besideOther: Bool) -> ScrollIndicator {
            let insets = vertical ? verticalScrollIndicatorInsets : horizontalScrollIndicatorInsets
            let startInset = vertical ? insets.top + system.top : insets.left + system.left
            let endInset = vertical ? insets.bottom + system.bottom : insets.right + system.right
            let edgeInset = vertical ? insets.right + system.right : insets.bottom + system.bottom
            let length = vertical ? rect.height : rect.width
            let (track, thumb) = along(
                start: (vertical ? rect.minY : rect.minX) + startInset + margin,
                length: length - startInset - endInset - margin * 2 - (besideOther ? thickness + margin : 0), visible: length,
                extent: vertical ? contentSize.height + inset.vertical : contentSize.width + inset.horizontal,
                offset: vertical ? offset.y : offset.x, lo: vertical ? lo.y : lo.x, hi: vertical ? hi.y : hi.x)
            let edge = (vertical ? rect.maxX : rect.maxY) - edgeInset - margin - thickness
            func place(_ span: (Double, Double)) -> Rect {
                vertical
                    ? Rect(x: edge, y: span.0, width: thickness, height: span.1) : Rect(x: span.0, y: edge, width: span.1, height: thickness)
            }
            return ScrollIndicator(track: place(track), thumb: place(thumb))
        }
        var shown: [ScrollIndicator] = []
        if showV { shown.append(indicator(vertical: true, besideOther: showH)) }
        if showH { shown.append(indicator(vertical: false, besideOther: showV)) }
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
