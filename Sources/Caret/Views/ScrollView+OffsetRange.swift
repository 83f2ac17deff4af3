// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The offsets the content rests between (its size and the adjusted insets decide them), and
/// moving an offset into that range or far enough to show a rectangle.
extension ScrollView {
    /// The smallest content offset at rest.
    public var minimumContentOffset: Point { Point(x: -adjustedContentInset.left, y: -adjustedContentInset.top) }

    /// The largest content offset at rest.
    public var maximumContentOffset: Point {
        let inset = adjustedContentInset
        let min = minimumContentOffset
        return Point(
            x: Swift.max(min.x, contentSize.width + inset.right - bounds.width),
            y: Swift.max(min.y, contentSize.height + inset.bottom - bounds.height))
    }

    /// Whether the content is larger than the view horizontally.
    public var canScrollHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x }
    /// Whether the content is larger than the view vertically.
    public var canScrollVertically: Bool { maximumContentOffset.y > minimumContentOffset.y }

    /// An offset moved inside the resting range.
    public func clampedOffset(_ offset: Point) -> Point {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return Point(x: Swift.min(hi.x, Swift.max(lo.x, offset.x)), y: Swift.min(hi.y, Swift.max(lo.y, offset.y)))
    }

    /// Scrolls the least distance that shows a rectangle (in content coordinates).
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let inset = adjustedContentInset
        // Insets larger than the view (a keyboard covering all of it) leave an empty visible area
        // at its top, never a negative one.
        let visible = Rect(
            x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
            width: max(0, bounds.width - inset.horizontal), height: max(0, bounds.height - inset.vertical))
        var offset = contentOffset
        func adjust(_ lo: Double, _ hi: Double, _ vLo: Double, _ vHi: Double) -> Double {
            if hi - lo > vHi - vLo || lo < vLo { return lo - vLo }
            if hi > vHi { return hi - vHi }
            return 0
        }
        offset.x += adjust(rect.minX, rect.maxX, visible.minX, visible.maxX)
        offset.y += adjust(rect.minY, rect.maxY, visible.minY, visible.maxY)
        setContentOffset(offset, animated: animated)
    }
}
