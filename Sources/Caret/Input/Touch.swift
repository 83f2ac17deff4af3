// SPDX-License-Identifier: Apache-2.0
/// One finger or one mouse press being tracked through its phases (UIKit's `UITouch`).
@preconcurrency @MainActor
public final class Touch: Hashable {
    /// Hashes this touch in every run alike (never its address).
    private let serial = IdentitySerial.next()
    /// What produced the touch.
    public enum TouchType: Hashable, Sendable {
        /// A finger on a touchscreen.
        case direct
        /// A mouse or trackpad pointer.
        case indirectPointer
    }

    /// The phase of the touch.
    public internal(set) var phase: TouchPhase
    /// Where it produced the touch.
    public let type: TouchType
    /// The number of quick taps at this place (a double click is 2).
    public internal(set) var tapCount: Int
    /// When the last change happened, in clock seconds.
    public internal(set) var timestamp: Double
    /// The view that receives the touch's events.
    public internal(set) var view: View?
    /// The window the touch is in.
    public internal(set) weak var window: Window?
    /// The mouse button, for pointer touches.
    public let button: PointerButton?
    /// Modifier keys held when the touch changed.
    public internal(set) var modifierFlags: KeyModifierFlags

    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// Where the touch began, in window coordinates.
    public let startLocationInWindow: Point
    /// When the touch began, in clock seconds.
    public let startTimestamp: Double
    /// The recognizers that see the touch: its view's and its ancestors'.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// A recognizer took the touch: its view saw it cancelled and sees nothing more of it.
    var isCancelledForView = false

    init(
        type: TouchType, location: Point, timestamp: Double, tapCount: Int, button: PointerButton?,
        modifiers: KeyModifierFlags, window: Window?
    ) {
        self.type = type
        self.phase = .began
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.startLocationInWindow = location
        self.startTimestamp = timestamp
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.button = button
        self.modifierFlags = modifiers
        self.window = window
    }

    /// The touch's location in a view's coordinates (window coordinates for `nil`).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The location before the last move, in a view's coordinates.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}
