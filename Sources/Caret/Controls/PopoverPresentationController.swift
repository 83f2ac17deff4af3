// SPDX-License-Identifier: Apache-2.0
/// Where an action sheet points when it shows as a popover (UIKit's
/// `UIPopoverPresentationController`): in a window of regular width an action sheet with a
/// source shows beside it, not at the bottom, without its cancel button (a tap outside cancels);
/// in a compact window it is a sheet at the bottom as before (docs/behaviour/porting.md).
@preconcurrency @MainActor
public final class PopoverPresentationController {
    /// The view the popover points at.
    public weak var sourceView: View?
    /// The rectangle in `sourceView` it points at (the view's bounds when empty).
    public var sourceRect = Rect.zero
    /// The bar button item it points at, instead of a view.
    public weak var barButtonItem: BarButtonItem?
    /// The sides the popover's arrow may point from (any unless set).
    public var permittedArrowDirections = PopoverArrowDirection.any
    /// The side the popover's arrow points from where it shows now (unknown when not a popover).
    public internal(set) var arrowDirection = PopoverArrowDirection.unknown

    init() {}

    /// The rectangle pointed at, in `view`'s coordinates; nil without a source in a window.
    func anchor(in view: View) -> Rect? {
        if let item = barButtonItem, let button = item.button, button.window != nil, button.window === view.window {
            return button.convert(button.bounds, to: view)
        }
        guard let source = sourceView, source.window != nil, source.window === view.window else { return nil }
        let rect = sourceRect.width > 0 || sourceRect.height > 0 ? sourceRect : source.bounds
        return source.convert(rect, to: view)
    }

    /// Where a popover of a size goes beside an anchor inside an area: below it where it fits
    /// (its arrow pointing up), else above, else after or before it, as the permitted directions
    /// allow; kept inside the area.
    func frame(of size: Size, beside anchor: Rect, in area: Rect, gap: Double = 8) -> (frame: Rect, arrow: PopoverArrowDirection) {
        let allowed = permittedArrowDirections.isEmpty || permittedArrowDirections == .unknown ? .any : permittedArrowDirections
        func clampedX(_ x: Double) -> Double { min(max(x, area.minX), max(area.minX, area.maxX - size.width)) }
        func clampedY(_ y: Double) -> Double { min(max(y, area.minY), max(area.minY, area.maxY - size.height)) }
        let centredX = clampedX(anchor.midX - size.width / 2), centredY = clampedY(anchor.midY - size.height / 2)
        let options: [(PopoverArrowDirection, Bool, Rect)] = [
            (.up, anchor.maxY + gap + size.height <= area.maxY, Rect(x: centredX, y: anchor.maxY + gap, width: size.width, height: size.height)),
            (
                .down, anchor.minY - gap - size.height >= area.minY,
                Rect(x: centredX, y: anchor.minY - gap - size.height, width: size.width, height: size.height)
            ),
            (.left, anchor.maxX + gap + size.width <= area.maxX, Rect(x: anchor.maxX + gap, y: centredY, width: size.width, height: size.height)),
            (
                .right, anchor.minX - gap - size.width >= area.minX,
                Rect(x: anchor.minX - gap - size.width, y: centredY, width: size.width, height: size.height)
            ),
        ]
        if let fit = options.first(where: { allowed.contains($0.0) && $0.1 }) { return (fit.2, fit.0) }
        // Nowhere whole: below or above, whichever has more room, kept inside the area.
        let below = area.maxY - anchor.maxY >= anchor.minY - area.minY
        let y = clampedY(below ? anchor.maxY + gap : anchor.minY - gap - size.height)
        return (Rect(x: centredX, y: y, width: size.width, height: size.height), below ? .up : .down)
    }
}

/// The sides a popover's arrow points from (UIKit's `UIPopoverArrowDirection`).
public struct PopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates a set of directions from a raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Pointing up: the popover is below its source.
    public static let up = PopoverArrowDirection(rawValue: 1 << 0)
    /// Pointing down: the popover is above its source.
    public static let down = PopoverArrowDirection(rawValue: 1 << 1)
    /// Pointing left: the popover is after its source.
    public static let left = PopoverArrowDirection(rawValue: 1 << 2)
    /// Pointing right: the popover is before its source.
    public static let right = PopoverArrowDirection(rawValue: 1 << 3)
    /// Any side.
    public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
    /// Not known: the popover is not shown as one.
    public static let unknown = PopoverArrowDirection(rawValue: UInt.max)
}
