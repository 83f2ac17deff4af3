// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What touch tracking needs of its window, the root of the views it hit-tests: to hear that a
/// press begins (popups elsewhere close, the keyboard notes a finger) and that a finger tapped.
@MainActor
protocol TouchHost: View {
    /// A press is about to begin at a point in window coordinates.
    func touchWillBegin(at location: Point, type: Touch.TouchType)
    /// A finger tapped a view (not a drag): a hidden keyboard comes back for its focused input.
    func fingerTapped(on view: View?)
}

/// The window's touches and clicks in progress (UIKit's order): each is hit-tested when it
/// begins, seen by gesture recognizers (`GestureArbiter`) before its view, may be claimed by an
/// ancestor that intercepts it (a scroll view), and is cancelled when its view leaves the window.
/// Fingers close together in time and place count as one multi-tap.
@MainActor
final class TouchTracking {
    private enum TouchKey: Hashable {
        case mouse(PointerButton)
        case finger(Int)
    }

    private weak var host: TouchHost?
    private var tracked: [TouchKey: Touch] = [:]
    private var lastTap: (time: Double, location: Point, count: Int)?
    /// Decides between the recognizers the touches reach.
    let gestures: GestureArbiter

    init(host: TouchHost) {
        self.host = host
        gestures = GestureArbiter(root: host)
    }

    /// Routes a touch or click event to its view at a time; false for any other event.
    func handle(_ event: InputEvent, at now: Double) -> Bool {
        switch event {
        case let .mouseDown(button, location, clickCount, modifiers):
            begin(
                .mouse(button), type: .indirectPointer, at: location, tapCount: clickCount, button: button, modifiers: modifiers, time: now,
                event: event)
        case let .mouseMoved(location, buttons, modifiers):
            for button in buttons { move(.mouse(button), to: location, modifiers: modifiers, time: now, event: event) }
        case let .mouseUp(button, location, modifiers):
            end(.mouse(button), at: location, modifiers: modifiers, time: now, event: event)
        case let .touch(id, phase, location):
            switch phase {
            case .began:
                begin(
                    .finger(id), type: .direct, at: location, tapCount: fingerTapCount(at: location, time: now), button: nil, modifiers: [],
                    time: now, event: event)
            case .moved: move(.finger(id), to: location, modifiers: [], time: now, event: event)
            case .ended: end(.finger(id), at: location, modifiers: [], time: now, event: event)
            case .cancelled:
                if let touch = tracked[.finger(id)] { finish(touch, key: .finger(id), phase: .cancelled, event: event) }
            }
        default:
            return false
        }
        return true
    }

    /// A view leaves the window: the touches it tracks are cancelled and dropped.
    func viewWillLeave(_ view: View) {
        for (key, touch) in tracked where touch.view === view {
            touch.phase = .cancelled
            tracked[key] = nil
            gestures.deliver(touch, event: nil)
            gestures.end(touch)
        }
    }

    private func fingerTapCount(at location: Point, time: Double) -> Int {
        if let last = lastTap, time - last.time < 0.35, last.location.distance(to: location) < 24 {
            return last.count + 1
        }
        return 1
    }

    private func begin(
        _ key: TouchKey, type: Touch.TouchType, at location: Point, tapCount: Int,
        button: PointerButton?, modifiers: KeyModifierFlags, time: Double, event: InputEvent
    ) {
        guard let host else { return }
        if let stale = tracked[key] { finish(stale, key: key, phase: .cancelled, event: event) }
        host.touchWillBegin(at: location, type: type)
        let touch = Touch(
            type: type, location: location, timestamp: time, tapCount: max(1, tapCount), button: button,
            modifiers: modifiers, window: host as? Window)
        guard let target = host.hitTest(location, with: event) else { return }
        touch.view = target
        tracked[key] = touch
        // Recognizers see the touch first; one that took it leaves the view nothing.
        gestures.begin(with: touch, on: target, event: event)
        if !touch.isCancelledForView { target.touchesBegan([touch], with: event) }
    }

    private func move(_ key: TouchKey, to location: Point, modifiers: KeyModifierFlags, time: Double, event: InputEvent) {
        guard let touch = tracked[key], let view = touch.view else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = time
        touch.modifierFlags = modifiers
        touch.phase = .moved
        gestures.deliver(touch, event: event)
        guard !touch.isCancelledForView else { return }
        // An ancestor (a scroll view) may claim the gesture, unless the view keeps it: the view
        // that had it sees a cancel.
        var ancestor = view.keepsTouch(touch) ? nil : view.superview
        while let candidate = ancestor {
            if candidate.shouldInterceptTouch(touch) {
                touch.phase = .cancelled
                view.touchesCancelled([touch], with: event)
                touch.view = candidate
                touch.phase = .began
                candidate.touchesBegan([touch], with: event)
                touch.phase = .moved
                candidate.touchesMoved([touch], with: event)
                return
            }
            ancestor = candidate.superview
        }
        view.touchesMoved([touch], with: event)
    }

    private func end(_ key: TouchKey, at location: Point, modifiers: KeyModifierFlags, time: Double, event: InputEvent) {
        guard let touch = tracked[key] else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = time
        touch.modifierFlags = modifiers
        if touch.type == .direct { lastTap = (time, location, touch.tapCount) }
        let target = touch.view
        finish(touch, key: key, phase: .ended, event: event)
        // A finger tap (not a drag) on the focused input brings a hidden keyboard back.
        if touch.type == .direct, location.distance(to: touch.startLocationInWindow) < 10 { host?.fingerTapped(on: target) }
    }

    private func finish(_ touch: Touch, key: TouchKey, phase: TouchPhase, event: InputEvent) {
        tracked[key] = nil
        touch.phase = phase
        gestures.deliver(touch, event: event)
        defer { gestures.end(touch) }
        guard let view = touch.view, !touch.isCancelledForView else { return }
        if phase == .ended { view.touchesEnded([touch], with: event) } else { view.touchesCancelled([touch], with: event) }
    }
}
