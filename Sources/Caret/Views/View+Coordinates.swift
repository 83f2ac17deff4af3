// SPDX-License-Identifier: Apache-2.0

/// Converting points and rectangles between views' coordinates (through the window's root, with
/// bounds origins and transforms).
extension View {
    /// Converts a point from this view's coordinates to another view's (the window's for `nil`).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = convertToWindowRoot(point)
        guard let view else { return inWindow }
        return view.convertFromWindowRoot(inWindow)
    }

    /// Converts a point from another view's coordinates (the window's for `nil`) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.convertToWindowRoot(point) ?? point
        return convertFromWindowRoot(inWindow)
    }

    /// Converts a rectangle from this view's coordinates to another view's.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from another view's coordinates to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// Root-of-hierarchy coordinates: the window's when in a window, else the topmost superview's.
    func convertToWindowRoot(_ point: Point) -> Point {
        var p = point
        var current: View = self
        while let parent = current.superview {
            p = Point(x: p.x - current.bounds.minX + current.frame.minX, y: p.y - current.bounds.minY + current.frame.minY)
            current = parent
        }
        return Point(x: p.x - current.bounds.minX, y: p.y - current.bounds.minY)
    }

    func convertFromWindowRoot(_ point: Point) -> Point {
        var chain: [View] = []
        var current: View? = self
        while let v = current {
            chain.append(v)
            current = v.superview
        }
        var p = point
        guard let root = chain.last else { return p }
        p = Point(x: p.x + root.bounds.minX, y: p.y + root.bounds.minY)
        for v in chain.dropLast().reversed() {
            p = Point(x: p.x - v.frame.minX + v.bounds.minX, y: p.y - v.frame.minY + v.bounds.minY)
        }
        return p
    }
}
