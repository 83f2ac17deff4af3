// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How a panel is mounted relative to the picture (docs/behaviour/kiosk.md): the content is drawn turned
/// clockwise by this angle, so a portrait app fills a landscape panel turned on its side.
public enum DisplayRotation: Int, Hashable, Sendable, CaseIterable {
    /// As the panel reports it.
    case none = 0
    /// A quarter turn clockwise.
    case rotate90 = 90
    /// Upside down.
    case rotate180 = 180
    /// Three quarters clockwise (a quarter anticlockwise).
    case rotate270 = 270

    /// The rotation named by `CARET_ROTATION` (0, 90, 180 or 270), or nil.
    public static func fromEnvironment() -> DisplayRotation? {
        ProcessEnvironment.value("CARET_ROTATION").flatMap(Int.init).flatMap(DisplayRotation.init(rawValue:))
    }

    /// Whether width and height swap.
    public var swapsAxes: Bool { self == .rotate90 || self == .rotate270 }

    /// The size the app lays out for on a panel of `physical` size.
    public func logicalSize(forPhysical physical: Size) -> Size {
        swapsAxes ? Size(width: physical.height, height: physical.width) : physical
    }

    /// Where a point on the panel (its own coordinates, `physical` its size) is in the app's.
    public func logicalPoint(fromPhysical p: Point, physicalSize physical: Size) -> Point {
        switch self {
        case .none: return p
        case .rotate90: return Point(x: p.y, y: physical.width - p.x)
        case .rotate180: return Point(x: physical.width - p.x, y: physical.height - p.y)
        case .rotate270: return Point(x: physical.height - p.y, y: p.x)
        }
    }

    /// Where a point of the app's is on the panel (the inverse of `logicalPoint`).
    public func physicalPoint(fromLogical p: Point, physicalSize physical: Size) -> Point {
        switch self {
        case .none: return p
        case .rotate90: return Point(x: physical.width - p.y, y: p.x)
        case .rotate180: return Point(x: physical.width - p.x, y: physical.height - p.y)
        case .rotate270: return Point(x: p.y, y: physical.height - p.x)
        }
    }

    /// A rectangle of the app's on the panel (for the input method's candidate window).
    public func physicalRect(fromLogical r: Rect, physicalSize physical: Size) -> Rect {
        let a = physicalPoint(fromLogical: Point(x: r.minX, y: r.minY), physicalSize: physical)
        let b = physicalPoint(fromLogical: Point(x: r.maxX, y: r.maxY), physicalSize: physical)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
