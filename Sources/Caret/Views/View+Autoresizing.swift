// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Autoresizing: which edges and dimensions of a view follow its superview's size, and how it
/// moves and resizes when that size changes.
extension View {
    /// Which edges and dimensions follow the superview when it resizes (UIKit's `UIView.AutoresizingMask`).
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates a mask from a raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left margin stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Moves and sizes the view for its superview's new size, as its `autoresizingMask` says.
    func applyAutoresizing(oldSuperSize: Size, newSuperSize: Size) {
        guard translatesAutoresizingMaskIntoConstraints else { return }  // its constraints place it
        func resolve(
            _ start: Double, _ length: Double, _ oldTotal: Double, _ newTotal: Double,
            flexStart: Bool, flexLength: Bool, flexEnd: Bool
        ) -> (Double, Double) {
            let delta = newTotal - oldTotal
            let end = oldTotal - start - length
            var flexible: [Double] = []
            if flexStart { flexible.append(start) }
            if flexLength { flexible.append(length) }
            if flexEnd { flexible.append(end) }
            guard !flexible.isEmpty else { return (start, length) }
            let total = flexible.reduce(0, +)
            func share(_ part: Double) -> Double { total > 0 ? delta * part / total : delta / Double(flexible.count) }
            let newStart = flexStart ? start + share(start) : start
            let newLength = flexLength ? max(0, length + share(length)) : length
            return (newStart, newLength)
        }
        let m = autoresizingMask
        let (x, w) = resolve(
            frame.minX, frame.width, oldSuperSize.width, newSuperSize.width,
            flexStart: m.contains(.flexibleLeftMargin), flexLength: m.contains(.flexibleWidth),
            flexEnd: m.contains(.flexibleRightMargin))
        let (y, h) = resolve(
            frame.minY, frame.height, oldSuperSize.height, newSuperSize.height,
            flexStart: m.contains(.flexibleTopMargin), flexLength: m.contains(.flexibleHeight),
            flexEnd: m.contains(.flexibleBottomMargin))
        frame = Rect(x: x, y: y, width: w, height: h)
    }
}

extension View.AutoresizingMask {
    /// Which of a frame's x, y, width and height (bits 0 to 3) follow the superview's size under
    /// the mask, as constraints (`ConstraintEngine`): a flexible length between fixed margins, or
    /// a flexible leading or top margin before a fixed length and margin. Nil for the proportional
    /// mixes (two or three flexible parts on an axis), which keep their frame as it is.
    var partsFollowingSuperview: Int? {
        var follows = 0
        for (axis, (start, length, end)) in [
            (0, (Self.flexibleLeftMargin, Self.flexibleWidth, Self.flexibleRightMargin)),
            (1, (.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)),
        ] {
            switch (contains(start), contains(length), contains(end)) {
            case (false, true, false): follows |= 1 << (axis + 2)
            case (true, false, false): follows |= 1 << axis
            case (false, false, _): break
            default: return nil
            }
        }
        return follows
    }
}
