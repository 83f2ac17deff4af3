// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Edges of a rectangle, leading and trailing following the layout direction (UIKit's `NSDirectionalRectEdge`).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates edges from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// UIKit's `UITrackingLayoutGuide`: constraints active while the keyboard is near an edge of the
/// guide's view, or away from one. Caret's keyboard is always docked at the bottom, full width: the
/// guide is near the bottom, leading and trailing edges and away from the top, shown or hidden (as
/// UIKit's guide with a docked keyboard). Which constraints hold is worked out again whenever the
/// keyboard's frame changes, inside its animation (docs/behaviour/porting.md).
extension KeyboardLayoutGuide {
    /// Constraints active while the keyboard is near every one of `edge` (others set for the same
    /// edge before are replaced).
    public func setConstraints(_ constraints: [NSLayoutConstraint], activeWhenNearEdge edge: NSDirectionalRectEdge) {
        track(constraints, edge: edge, near: true)
    }

    /// Constraints active while the keyboard is away from every one of `edge`.
    public func setConstraints(_ constraints: [NSLayoutConstraint], activeWhenAwayFrom edge: NSDirectionalRectEdge) {
        track(constraints, edge: edge, near: false)
    }

    private func track(_ constraints: [NSLayoutConstraint], edge: NSDirectionalRectEdge, near: Bool) {
        let replaced = tracked.filter { $0.edge == edge && $0.near == near }.flatMap(\.constraints)
        tracked.removeAll { $0.edge == edge && $0.near == near }
        NSLayoutConstraint.deactivate(replaced)
        tracked.append(TrackedConstraints(constraints: constraints, edge: edge, near: near))
        if let window = owningView?.window { window.keyboard.presence.register(self) }
        updateTrackedConstraints()
    }

    /// The edges of the owning view the guide (the keyboard, or with it hidden the bottom safe
    /// area's strip) touches: a docked keyboard touches the bottom, leading and trailing edges.
    var nearEdges: NSDirectionalRectEdge {
        guard let view = owningView, view.window != nil, let frame = heldFrame else { return [.bottom, .leading, .trailing] }
        let bounds = view.bounds
        var edges: NSDirectionalRectEdge = []
        if frame.minY <= bounds.minY + 0.5 { edges.insert(.top) }
        if frame.maxY >= bounds.maxY - 0.5 { edges.insert(.bottom) }
        let left = frame.minX <= bounds.minX + 0.5, right = frame.maxX >= bounds.maxX - 0.5
        let rtl = view.isRightToLeftLayout
        if rtl ? right : left { edges.insert(.leading) }
        if rtl ? left : right { edges.insert(.trailing) }
        return edges
    }

    /// Activates the tracked constraints whose condition holds now and deactivates the others
    /// (the ones to go first, so that a constraint in both lists ends active).
    func updateTrackedConstraints() {
        guard !tracked.isEmpty else { return }
        let near = nearEdges
        let holds = { (entry: TrackedConstraints) in
            entry.near ? near.isSuperset(of: entry.edge) : near.intersection(entry.edge).isEmpty
        }
        NSLayoutConstraint.deactivate(tracked.filter { !holds($0) }.flatMap(\.constraints))
        NSLayoutConstraint.activate(tracked.filter(holds).flatMap(\.constraints))
    }
}

/// Constraints a keyboard layout guide activates by the keyboard's place.
struct TrackedConstraints {
    let constraints: [NSLayoutConstraint]
    let edge: NSDirectionalRectEdge
    let near: Bool
}
