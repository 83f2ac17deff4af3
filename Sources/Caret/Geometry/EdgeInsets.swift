// SPDX-License-Identifier: Apache-2.0
/// Distances inward from each edge of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates insets from the four edge distances, in UIKit's order.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates the same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    /// The sum of the left and right insets.
    public var horizontal: Double { left + right }
    /// The sum of the top and bottom insets.
    public var vertical: Double { top + bottom }

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }

    /// Edge-wise sum.
    public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left,
            bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }
}

/// Insets by leading and trailing edges rather than left and right (UIKit's `NSDirectionalEdgeInsets`).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()

    /// The top inset.
    public var top: Double
    /// The inset at the leading edge (left in left-to-right text, right in right-to-left).
    public var leading: Double
    /// The bottom inset.
    public var bottom: Double
    /// The inset at the trailing edge.
    public var trailing: Double

    /// Insets at each edge.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The left and right insets in a layout direction.
    func edgeInsets(rightToLeft: Bool) -> EdgeInsets {
        EdgeInsets(top: top, left: rightToLeft ? trailing : leading, bottom: bottom, right: rightToLeft ? leading : trailing)
    }
}
