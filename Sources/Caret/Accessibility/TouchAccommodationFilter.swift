// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the touch accommodations need of their window: its timers, its clock, and a way to
/// deliver a held-back touch when it counts.
@MainActor
protocol TouchAccommodationHost: AnyObject {
    /// Runs the hold timers.
    var animator: Animator { get }
    /// The platform services (the clock).
    var backend: Backend { get }
    /// Delivers an event to the views.
    func send(_ event: InputEvent)
}

/// Applies a window's touch accommodations (docs/behaviour/accessibility.md) to fingers before
/// the views see them: a touch counts only once held for the hold duration, and touches soon
/// after a lift are ignored as repeats.
@MainActor
final class TouchAccommodationFilter {
    private weak var host: TouchAccommodationHost?
    /// The accommodations in force.
    var settings = TouchAccommodations()
    /// Fingers down but not yet delivered (held for `holdDuration`): where they are now, and when they landed.
    private var waiting: [Int: (location: Point, landed: Double)] = [:]
    /// Fingers whose whole touch is dropped (lifted too soon, or a repeat).
    private var dropped: Set<Int> = []
    private var lastLift = -Double.infinity
    /// True while a held-back touch is handed on.
    private var passing = false

    init(host: TouchAccommodationHost) { self.host = host }

    /// Holds touches back until they count and drops repeats; true when it took the event.
    func takes(_ event: InputEvent) -> Bool {
        guard case let .touch(id, phase, location) = event, !passing, let host else { return false }
        let now = host.backend.clock.now
        switch phase {
        case .began:
            if settings.ignoreRepeatDuration > 0, now - lastLift < settings.ignoreRepeatDuration {
                dropped.insert(id)
                return true
            }
            guard settings.holdDuration > 0 else { return false }
            waiting[id] = (location, now)
            _ = host.animator.schedule(after: settings.holdDuration) { [weak self] in self?.deliverHeldTouch(id, landed: now) }
            return true
        case .moved:
            if dropped.contains(id) { return true }
            if let held = waiting[id] {
                waiting[id] = (location, held.landed)
                return true
            }
            return false
        case .ended, .cancelled:
            if dropped.remove(id) != nil { return true }
            if waiting.removeValue(forKey: id) != nil { return true }  // lifted before it counted
            lastLift = now
            return false
        }
    }

    /// A finger held for the hold duration: it lands now, where it is (unless it lifted, and a
    /// later touch took the same finger id, whose own timer will come).
    private func deliverHeldTouch(_ id: Int, landed: Double) {
        guard let held = waiting[id], held.landed == landed else { return }
        waiting[id] = nil
        passing = true
        defer { passing = false }
        host?.send(.touch(id: id, phase: .began, location: held.location))
    }
}
