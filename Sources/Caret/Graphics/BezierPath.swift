// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A path of the shapes Caret draws exactly: a rectangle, a rounded rectangle or a circle (UIKit's
/// `UIBezierPath` with `init(rect:)`, `init(roundedRect:cornerRadius:)` and a square's
/// `init(ovalIn:)`), for `layer.shadowPath`.
public final class BezierPath: Sendable {
    /// The path's shape as Core Graphics' path would hold it.
    public let cgPath: CGPath

    /// A rectangle.
    public init(rect: CGRect) { cgPath = CGPath(rect: rect, cornerRadius: 0) }

    /// A rectangle with rounded corners (the radius at most half the shorter side, as UIKit's).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        cgPath = CGPath(rect: rect, cornerRadius: max(0, min(cornerRadius, min(rect.width, rect.height) / 2)))
    }

    /// The circle filling a square (nil for a rectangle that is not square: Caret draws no ellipse).
    public init?(ovalIn rect: CGRect) {
        guard abs(rect.width - rect.height) < 0.001 else { return nil }
        cgPath = CGPath(rect: rect, cornerRadius: rect.width / 2)
    }

    /// The smallest rectangle holding the path.
    public var bounds: CGRect { cgPath.boundingBox }
}

/// A path's shape (Core Graphics' `CGPath`, which Foundation on Linux does not have): the
/// rectangle, rounded rectangle or circle a `BezierPath` made.
public struct CGPath: Hashable, Sendable {
    /// The shape's rectangle.
    public let boundingBox: CGRect
    /// The radius of its corners (half its side for a circle).
    public let cornerRadius: CGFloat

    init(rect: CGRect, cornerRadius: CGFloat) {
        boundingBox = rect.standardized
        self.cornerRadius = cornerRadius
    }
}
