// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a finger finds under it for a screen reader: only what a sighted person sees there. The
/// tree is walked front to back, as it is drawn: an element is found only where it is on screen,
/// inside every clipping ancestor, and not under a view in front of it that paints a background
/// or holds elements of its own (the keyboard over a field, a dialog over the content).
extension Window {
    /// The element under a point in window coordinates: the frontmost one shown there, or nil
    /// where nothing is or something without elements covers it.
    public func accessibilityElement(at point: Point) -> AccessibilityNode? {
        guard bounds.contains(point) else { return nil }
        if case let .found(node) = AccessibilityHit.find(in: self, at: point, clip: bounds) { return node }
        return nil
    }

    /// Whether a sighted person sees an element: shown, inside the window and every clipping
    /// ancestor, and not wholly covered at its centre by something in front of it.
    public func accessibilityElementIsOnScreen(_ node: AccessibilityNode) -> Bool {
        guard node.isAccessibilityVisible else { return false }
        let frame = node.accessibilityFrame.intersection(AccessibilityHit.visibleRect(of: node, in: bounds))
        guard frame.width > 0, frame.height > 0 else { return false }
        return accessibilityElement(at: Point(x: frame.midX, y: frame.midY)) === node
    }

}

/// The walk behind the window's accessibility hit test, front to back as the tree is drawn.
@MainActor
enum AccessibilityHit {
    case found(AccessibilityNode)
    case covered
    case nothing

    /// The part of the window (its bounds) an element can show in: the window clipped by every
    /// ancestor view that clips its subviews.
    static func visibleRect(of node: AccessibilityNode, in bounds: Rect) -> Rect {
        var rect = bounds
        var current = node.accessibilityParent
        while let parent = current {
            if let view = parent as? View, view.clipsToBounds, !(view is Window) { rect = rect.intersection(view.convert(view.bounds, to: nil)) }
            current = parent.accessibilityParent
        }
        return rect
    }

    /// The frontmost element at a point inside `node`, or whether `node` covers the point.
    static func find(in node: AccessibilityNode, at point: Point, clip: Rect) -> AccessibilityHit {
        var clip = clip
        let view = node as? View
        if let view, !(view is Window) {
            let frame = view.convert(view.bounds, to: nil)
            if view.clipsToBounds {
                clip = clip.intersection(frame)
                guard clip.contains(point) else { return .nothing }
            }
        }
        guard clip.contains(point) else { return .nothing }
        if node.isAccessibilityElement {
            return node.accessibilityFrame.contains(point) ? .found(node) : .nothing
        }
        // Children are kept back to front (the order they are drawn and read in).
        for child in node.accessibilityVisibleChildren.reversed() {
            switch find(in: child, at: point, clip: clip) {
            case .nothing: continue
            case let result: return result
            }
        }
        // A view that paints, or holds elements of its own (the keyboard between its keys),
        // hides what is behind it.
        if let view, !(view is Window), view.convert(view.bounds, to: nil).contains(point),
            view.coversAccessibilityContent
        {
            return .covered
        }
        return .nothing
    }
}

extension View {
    /// Whether the view hides what is behind it from touch exploration: it paints a background,
    /// or its elements are not views (a keyboard's keys).
    var coversAccessibilityContent: Bool {
        if let color = backgroundColor, color.alpha > 0.5 { return true }
        return accessibilityElements.map { $0.contains { !($0 is View) } } ?? false
    }
}
