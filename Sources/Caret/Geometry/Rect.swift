// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A rectangle: an origin and a size, in points: Foundation's `CGRect`.
public typealias Rect = CGRect

extension CGRect {
    /// The middle point.
    public var center: CGPoint { CGPoint(x: midX, y: midY) }
    /// Width times height (0 for the null rectangle).
    public var area: Double { isNull ? 0 : Double(width * height) }
    /// The rectangle shrunk by the given insets.
    public func inset(by insets: EdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }
}

// Short descriptions, as Caret's own geometry printed itself (soak reports, traces): Foundation
// on Linux gives these types none of their own.
extension CGRect: @retroactive CustomStringConvertible {
    /// "(x, y, width, height)".
    public var description: String { "(\(Double(origin.x)), \(Double(origin.y)), \(Double(size.width)), \(Double(size.height)))" }
}

extension CGSize: @retroactive CustomStringConvertible {
    /// "width×height".
    public var description: String { "\(Double(width))×\(Double(height))" }
}

extension CGPoint: @retroactive CustomStringConvertible {
    /// "(x, y)".
    public var description: String { "(\(Double(x)), \(Double(y)))" }
}
