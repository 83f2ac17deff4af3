// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A drag (UIKit's `UIPanGestureRecognizer`). Continuous: it begins once the fingers have moved
/// 10 points, changes as they move, ends as they lift; its translation and velocity are read
/// in any view's coordinates.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers (1 by default).
    public var minimumNumberOfTouches = 1
    /// The most fingers.
    public var maximumNumberOfTouches = Int.max
    /// How far the fingers move before it begins.
    static let hysteresis = 10.0

    private var start: Point?
    private var offset = Point.zero
    private var samples: [(time: Double, point: Point)] = []

    /// How far the fingers moved since it began (less what `setTranslation` took away), in a view's
    /// coordinates (its scale; window points when nil).
    public func translation(in view: View?) -> Point {
        guard let start else { return .zero }
        let now = location(in: nil)
        let moved = Point(x: now.x - start.x + offset.x, y: now.y - start.y + offset.y)
        guard let view else { return moved }
        let origin = view.convert(Point.zero, from: nil), end = view.convert(moved, from: nil)
        return Point(x: end.x - origin.x, y: end.y - origin.y)
    }

    /// Makes the translation read `translation` from here on.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard let start else { return }
        let now = location(in: nil)
        offset = Point(x: translation.x - (now.x - start.x), y: translation.y - (now.y - start.y))
    }

    /// Points per second over the last tenth of a second of movement.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }), last.time > first.time else {
            return .zero
        }
        let dt = last.time - first.time
        return Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        if self.touches.count > maximumNumberOfTouches, state == .possible { state = .failed }
        record(touches.first?.timestamp ?? 0)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        record(touches.first?.timestamp ?? 0)
        switch state {
        case .possible:
            guard self.touches.count >= minimumNumberOfTouches,
                touches.contains(where: { $0.location(in: nil).distance(to: $0.startLocationInWindow) > Self.hysteresis })
            else { return }
            start = self.touches.first.map { $0.startLocationInWindow }.map { _ in
                let points = self.touches.map(\.startLocationInWindow)
                return Point(x: points.map(\.x).reduce(0, +) / Double(points.count), y: points.map(\.y).reduce(0, +) / Double(points.count))
            }
            state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        switch state {
        case .began, .changed: if self.touches.count <= touches.count { state = .ended }
        case .possible: if self.touches.count <= touches.count { state = .failed }
        default: break
        }
    }

    open override func reset() {
        start = nil
        offset = .zero
        samples = []
    }

    private func record(_ time: Double) {
        samples.append((time, location(in: nil)))
        if samples.count > 16 { samples.removeFirst(samples.count - 16) }
    }
}

/// A quick stroke in a direction (UIKit's `UISwipeGestureRecognizer`). Discrete: recognized as
/// soon as a finger has moved 50 points mostly along a permitted direction within half a second.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may take (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// Creates a direction set from a raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Rightwards.
        public static let right = Direction(rawValue: 1 << 0)
        /// Leftwards.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upwards.
        public static let up = Direction(rawValue: 1 << 2)
        /// Downwards.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions (right by default).
    public var direction: Direction = .right
    /// Fingers (1 by default).
    public var numberOfTouchesRequired = 1
    static let distance = 50.0
    static let duration = 0.5

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        if self.touches.count > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard state == .possible, let touch = touches.first, self.touches.count == numberOfTouchesRequired else { return }
        let point = touch.location(in: nil), start = touch.startLocationInWindow
        let dx = point.x - start.x, dy = point.y - start.y
        guard max(abs(dx), abs(dy)) >= Self.distance else { return }
        let along: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        // Mostly along one axis, in time, and a permitted way.
        let straight = abs(dx) >= abs(dy) ? abs(dy) <= abs(dx) * 0.5 : abs(dx) <= abs(dy) * 0.5
        state = straight && direction.contains(along) && swipeStart.map({ touch.timestamp - $0 <= Self.duration }) ?? true ? .recognized : .failed
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        if state == .possible { state = .failed }
    }

    /// When the first finger landed.
    private var swipeStart: Double? { touches.first.map { $0.startTimestamp } }
}

/// Two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`). Continuous: its
/// scale is the fingers' distance over their distance when it began.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
    /// The fingers' distance now over their distance when it began.
    public var scale = 1.0
    /// The scale's change per second.
    public private(set) var velocity = 0.0
    private var startDistance: Double?
    private var lastSample: (time: Double, scale: Double)?

    private var distance: Double? {
        guard touches.count == 2 else { return nil }
        return touches[0].location(in: nil).distance(to: touches[1].location(in: nil))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        if self.touches.count > 2 { state = state == .possible ? .failed : .cancelled }
        if self.touches.count == 2 { startDistance = distance }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let startDistance, startDistance > 0, let now = distance else { return }
        let time = touches.first?.timestamp ?? 0
        switch state {
        case .possible:
            guard abs(now - startDistance) > 8 else { return }
            scale = now / startDistance
            state = .began
        case .began, .changed:
            scale = now / startDistance
            state = .changed
        default: return
        }
        if let last = lastSample, time > last.time { velocity = (scale - last.scale) / (time - last.time) }
        lastSample = (time, scale)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { endContinuousGesture() }

    open override func reset() {
        scale = 1
        velocity = 0
        startDistance = nil
        lastSample = nil
    }
}
