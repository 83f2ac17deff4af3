// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How touches and the on-screen keyboard respond, for people who cannot tap lightly, briefly or
/// once (iOS's Touch Accommodations and keyboard settings): one value the app and a guest's
/// accessibility choice set together (`Window.touchAccommodations`).
public struct TouchAccommodations: Sendable, Equatable {
    /// A touch counts only once held this long, in seconds (0: at once); one that lifts sooner
    /// does nothing (a brush of the hand, a tremor).
    public var holdDuration: Double = 0
    /// A touch that lands within this long after the last one lifted is ignored, in seconds
    /// (0: none): repeated taps from a tremor press once.
    public var ignoreRepeatDuration: Double = 0
    /// Held Delete on the on-screen keyboard repeats after this long (nil: it never repeats).
    public var keyRepeatDelay: Double? = 0.5
    /// Then it repeats this often.
    public var keyRepeatInterval: Double = 0.1
    /// After repeating this long, held Delete deletes whole words (nil: characters only).
    public var wordDeletionDelay: Double? = 1.5
    /// Whether holding the space bar, or two fingers, turns the keyboard into a trackpad.
    public var allowsSpaceBarTrackpad = true

    /// The defaults: touches count at once, Delete repeats after 0.5 s and deletes words after
    /// 1.5 s, the space bar can be a trackpad.
    public init() {}
}

/// The touch accommodations' state: fingers held back until they count, and when the last lifted.
struct TouchAccommodationState {
    /// Fingers down but not yet delivered (held for `holdDuration`): where they are now, and when they landed.
    var waiting: [Int: (location: Point, landed: Double)] = [:]
    /// Fingers whose whole touch is dropped (lifted too soon, or a repeat).
    var dropped: Set<Int> = []
    var lastLift = -Double.infinity
    /// True while a held-back touch is handed on.
    var passing = false
}

extension Window {
    /// How touches and the on-screen keyboard's Delete and space bar respond (docs/behaviour/accessibility.md).
    public var touchAccommodations: TouchAccommodations {
        get { assistive.touchAccommodations }
        set { assistive.touchAccommodations = newValue }
    }

    /// Holds touches back until they count and drops repeats; true when it took the event.
    func touchAccommodationsTake(_ event: InputEvent) -> Bool {
        // Spoken mode's gestures are double taps and slides: held-back or ignored touches would
        // make them impossible, so the accommodations stand aside while it runs.
        guard case let .touch(id, phase, location) = event, !assistive.touchState.passing, assistive.spokenMode == nil else { return false }
        let settings = assistive.touchAccommodations
        let now = backend.clock.now
        var state = assistive.touchState
        defer { assistive.touchState = state }
        switch phase {
        case .began:
            if settings.ignoreRepeatDuration > 0, now - state.lastLift < settings.ignoreRepeatDuration {
                state.dropped.insert(id)
                return true
            }
            guard settings.holdDuration > 0 else { return false }
            state.waiting[id] = (location, now)
            _ = animator.schedule(after: settings.holdDuration) { [weak self] in self?.deliverHeldTouch(id, landed: now) }
            return true
        case .moved:
            if state.dropped.contains(id) { return true }
            if let waiting = state.waiting[id] {
                state.waiting[id] = (location, waiting.landed)
                return true
            }
            return false
        case .ended, .cancelled:
            if state.dropped.remove(id) != nil { return true }
            if state.waiting.removeValue(forKey: id) != nil { return true }  // lifted before it counted
            state.lastLift = now
            return false
        }
    }

    /// A finger held for the hold duration: it lands now, where it is (unless it lifted, and a
    /// later touch took the same finger id, whose own timer will come).
    private func deliverHeldTouch(_ id: Int, landed: Double) {
        guard let waiting = assistive.touchState.waiting[id], waiting.landed == landed else { return }
        assistive.touchState.waiting[id] = nil
        assistive.touchState.passing = true
        defer { assistive.touchState.passing = false }
        send(.touch(id: id, phase: .began, location: waiting.location))
    }
}
