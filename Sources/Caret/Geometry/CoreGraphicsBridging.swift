import Foundation

// Caret's geometry and Foundation's CoreGraphics types, converted both ways, and NSValue's
// UIKit-named accessors, so that UIKit code reading `(info[key] as? NSValue)?.cgRectValue` ports.

extension Point {
    /// The point of a `CGPoint`.
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
    /// The point as a `CGPoint`.
    public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

extension Size {
    /// The size of a `CGSize`.
    public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
    /// The size as a `CGSize`.
    public var cgSize: CGSize { CGSize(width: width, height: height) }
}

extension Rect {
    /// The rectangle of a `CGRect` (a null `CGRect` is `Rect.null`).
    public init(_ rect: CGRect) {
        self = rect.isNull ? .null : Rect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
    /// The rectangle as a `CGRect`.
    public var cgRect: CGRect { isNull ? .null : CGRect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

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
