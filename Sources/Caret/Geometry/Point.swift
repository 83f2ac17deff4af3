// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A location in a two-dimensional coordinate system, in points: Foundation's `CGPoint`.
public typealias Point = CGPoint

extension CGPoint {
    /// The point moved by the given deltas.
    public func offsetBy(dx: Double, dy: Double) -> CGPoint { CGPoint(x: x + dx, y: y + dy) }
    /// The straight-line distance to another point.
    public func distance(to other: CGPoint) -> Double {
        Double(((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot())
    }
    /// Component-wise sum.
    public static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    public static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}
