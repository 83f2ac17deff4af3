// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Turns touches on a view into a gesture (UIKit's `UIGestureRecognizer`): it sees a view's
/// touches before the view does, moves through its states, and calls its actions when it
/// recognizes. Linux has no `#selector`: actions are closures or a target's method
/// (`addTarget(self, action: Screen.dismiss)`).
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in recognizing its gesture (UIKit's `UIGestureRecognizer.State`).
    public enum State: Int, Hashable, Sendable {
        /// Not recognized yet (every recognizer starts here).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture ended, or a discrete one was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized (the same state as `ended`).
        public static let recognized = State.ended
    }

    /// The state; subclasses set it as they recognize.
    open var state: State = .possible {
        didSet { if state != oldValue && !isSilent { stateDidChange(from: oldValue) } }
    }
    private var isSilent = false

    /// Changes made in `body` tell no one (the window's reset).
    func silently(_ body: () -> Void) {
        isSilent = true
        body()
        isSilent = false
    }
    /// Answers questions about when it may recognize.
    public weak var delegate: GestureRecognizerDelegate?
    /// Whether it takes part at all.
    open var isEnabled = true {
        didSet { if !isEnabled, state != .possible { state = [.began, .changed].contains(state) ? .cancelled : .failed } }
    }
    /// The view it is attached to.
    public internal(set) weak var view: View?
    /// Whether the view's touches are cancelled once the gesture is recognized (true by default).
    public var cancelsTouchesInView = true
    /// A name for debugging.
    public var name: String?

    /// The touches it follows now.
    var touches: [Touch] = []
    private var actions: [(GestureRecognizer) -> Void] = []
    /// Recognizers that must fail before this one may recognize.
    var failureRequirements: [WeakRecognizer] = []
    /// Recognized while a requirement was still possible: waits for it to fail.
    var isAwaitingFailures = false

    /// A recognizer with no action yet.
    public init() {}

    /// A recognizer calling `action` each time its state changes to a recognized one.
    public init(action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions = [action]
    }

    /// A recognizer calling a target's method (held weakly): `TapGestureRecognizer(target: self, action: Screen.dismiss)`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling a target's method that takes the recognizer as its own class (held weakly).
    public convenience init<Target: AnyObject, Sender: GestureRecognizer>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling a target's method that takes its sender as `Any` (held weakly).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (Any) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling a target's method that takes its sender as `AnyObject` (held weakly).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (AnyObject) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds a closure called on each recognized state.
    public func addTarget(_ action: @escaping @MainActor (GestureRecognizer) -> Void) { actions.append(action) }

    /// Adds a target's method, without arguments (the target is held weakly).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        actions.append { [weak target] _ in if let target { action(target)() } }
    }

    /// Adds a target's method that takes the recognizer as its own class, as a UIKit action
    /// written `tapped(_ sender: UITapGestureRecognizer)` does (the target is held weakly).
    public func addTarget<Target: AnyObject, Sender: GestureRecognizer>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        if !(self is Sender) {  // it would never run: said now, not left silent
            ConsoleLog.write("Caret: an action taking a \(Sender.self) was added to a \(type(of: self)); it will never run")
        }
        actions.append { [weak target] recognizer in
            if let target, let sender = recognizer as? Sender { action(target)(sender) }
        }
    }

    /// Adds a target's method that takes its sender as `Any` (the target is held weakly).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Any) -> Void) {
        actions.append { [weak target] recognizer in if let target { action(target)(recognizer) } }
    }

    /// Adds a target's method that takes its sender as `AnyObject` (the target is held weakly).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (AnyObject) -> Void) {
        actions.append { [weak target] recognizer in if let target { action(target)(recognizer) } }
    }

    /// Removes every action.
    public func removeAllTargets() { actions.removeAll() }

    /// This recognizer recognizes only once `other` has failed (a single tap waiting for a double).
    public func require(toFail other: GestureRecognizer) { failureRequirements.append(WeakRecognizer(other)) }

    /// Where its touches are (their centroid) in a view's coordinates.
    public func location(in view: View?) -> Point {
        let points = touches.isEmpty ? [lastLocation] : touches.map { $0.location(in: nil) }
        let sum = points.reduce(Point.zero) { Point(x: $0.x + $1.x, y: $0.y + $1.y) }
        let centroid = Point(x: sum.x / Double(points.count), y: sum.y / Double(points.count))
        return view.map { $0.convert(centroid, from: nil) } ?? centroid
    }

    /// A touch's location in a view's coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point { touches[index].location(in: view) }

    /// The number of touches it follows.
    public var numberOfTouches: Int { touches.count }

    /// The last place its touches were, in window coordinates (for `location(in:)` once they lifted).
    var lastLocation = Point.zero

    // MARK: Subclasses

    /// A touch began on its view (or a subview).
    open func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {}
    /// A touch moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {}
    /// A touch lifted.
    open func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {}
    /// A touch was cancelled.
    open func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        state = [.began, .changed].contains(state) ? .cancelled : .failed
    }
    /// Back to `.possible` once the gesture is over, ready for the next.
    open func reset() {}

    /// The fingers lifted: a continuous gesture under way ends; one that never began fails.
    func endContinuousGesture() {
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    /// Whether this recognizer may recognize at the same time as another (by default only if a
    /// delegate says so).
    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Tells the window that the state changed (it calls the actions and settles the others).
    private func stateDidChange(from old: State) {
        guard let window = view?.window else { return }
        window.touches.gestures.recognizer(self, changedFrom: old)
    }

    /// Calls the actions.
    func performActions() {
        for action in actions { action(self) }
    }

    /// Schedules work on the window's clock (long presses, tap timeouts).
    func schedule(after delay: Double, _ work: @escaping @MainActor () -> Void) -> Animator.Token? {
        view?.window?.animator.schedule(after: delay, work)
    }
}

/// A recognizer held weakly.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

/// Decides when a recognizer may begin and what it may recognize with (UIKit's
/// `UIGestureRecognizerDelegate`); every method is optional.
@preconcurrency @MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the recognizer sees a touch at all.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether two recognizers may recognize together.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Yes.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Yes.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// No.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        false
    }
}
