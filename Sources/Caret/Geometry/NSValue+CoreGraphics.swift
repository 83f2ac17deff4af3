// SPDX-License-Identifier: Apache-2.0
import Foundation

// UIKit's names for NSValue's geometry, so that keyboard code reading
// `(info[key] as? NSValue)?.cgRectValue` ports unchanged (Foundation on Linux has `rectValue`).

extension NSValue {
    /// A value holding a rectangle (UIKit's `NSValue(cgRect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The rectangle held (UIKit's `cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
    /// A value holding a point (UIKit's `NSValue(cgPoint:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// The point held (UIKit's `cgPointValue`).
    public var cgPointValue: CGPoint { pointValue }
    /// A value holding a size (UIKit's `NSValue(cgSize:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The size held (UIKit's `cgSizeValue`).
    public var cgSizeValue: CGSize { sizeValue }
}
