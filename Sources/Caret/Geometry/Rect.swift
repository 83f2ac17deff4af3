/// A rectangle: an origin and a size, in points. A negative size is normalised by the
/// `min`/`max` accessors, as `CGRect` does.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The origin of the rectangle.
    public var origin: Point
    /// The size of the rectangle.
    public var size: Size

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)
    /// The null rectangle: the result of intersecting rectangles that do not meet.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates and dimensions.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle's width (as stored).
    public var width: Double { size.width }
    /// The rectangle's height (as stored).
    public var height: Double { size.height }
    /// The smallest x coordinate.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x coordinate.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The smallest y coordinate.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y coordinate.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether this is the null rectangle.
    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    /// Whether the rectangle has no area (or is null).
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }
    /// Width times height (0 for the null rectangle).
    public var area: Double { isNull ? 0 : size.width * size.height }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

    /// Whether the point lies inside; the max edges are outside, as in UIKit.
    public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether another rectangle lies entirely inside this one.
    public func contains(_ rect: Rect) -> Bool {
        if rect.isNull || isNull { return false }
        return rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
    }

    /// Whether the two rectangles overlap with a positive area.
    public func intersects(_ rect: Rect) -> Bool { !intersection(rect).isEmpty }

    /// The overlap of two rectangles, or `Rect.null` when they do not meet.
    public func intersection(_ rect: Rect) -> Rect {
        if isNull || rect.isNull { return .null }
        let x0 = max(minX, rect.minX), x1 = min(maxX, rect.maxX)
        let y0 = max(minY, rect.minY), y1 = min(maxY, rect.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    public func union(_ rect: Rect) -> Rect {
        if isNull { return rect }
        if rect.isNull { return self }
        let x0 = min(minX, rect.minX), x1 = max(maxX, rect.maxX)
        let y0 = min(minY, rect.minY), y1 = max(maxY, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, maxX - minX - 2 * dx), height: max(0, maxY - minY - 2 * dy))
    }

    /// The rectangle shrunk by the given insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, maxX - minX - insets.horizontal), height: max(0, maxY - minY - insets.vertical))
    }

    /// The rectangle moved by the given deltas.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// The rectangle with its edges moved out to whole numbers.
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
