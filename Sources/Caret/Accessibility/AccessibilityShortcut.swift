// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How a guest turns the spoken mode on and off without help or sight (docs/behaviour/accessibility.md):
/// three fingers tapped three times anywhere (as VoiceOver's shortcut), or a key of a tactile
/// keypad. Watches every touch before the views see it; the fingers of a three-finger tap are
/// taken from the views (cancelled for them) so the tap types or presses nothing.
struct AccessibilityShortcutRecognizer {
    /// Fingers that make the tap, and taps that make the shortcut.
    static let fingers = 3, taps = 3
    /// Seconds the fingers of one tap may land apart, a tap may last, and may pass between taps.
    static let landingWindow = 0.2, tapDuration = 0.5, tapInterval = 0.6

    private var down: [Int: (start: Point, time: Double)] = [:]
    /// The fingers taken from the views: the rest of their touches is the shortcut's.
    private var taken: Set<Int> = []
    private var tapStart: Double?
    private var moved = false
    private var count = 0
    private var lastTapEnd = -Double.infinity

    /// What the recognizer makes of a touch.
    enum Outcome: Equatable {
        /// The views get the touch.
        case pass
        /// The shortcut takes it; these fingers' touches so far are cancelled for the views.
        case take(cancelling: [Int: Point])
        /// The shortcut takes it, and it completed the shortcut.
        case recognized
    }

    mutating func touch(id: Int, phase: TouchPhase, at location: Point, time: Double) -> Outcome {
        switch phase {
        case .began:
            if down.isEmpty { moved = false }
            down[id] = (location, time)
            if taken.isEmpty, down.count == Self.fingers,
                let first = down.values.map(\.time).min(), time - first <= Self.landingWindow
            {
                // The third finger: the other two are the shortcut's from now on.
                taken = Set(down.keys)
                tapStart = first
                if time - lastTapEnd > Self.tapInterval { count = 0 }
                return .take(cancelling: down.filter { $0.key != id }.mapValues(\.start))
            }
            if !taken.isEmpty {
                taken.insert(id)  // a fourth finger: not a three-finger tap
                tapStart = nil
                return .take(cancelling: [:])
            }
            return .pass
        case .moved:
            if let start = down[id]?.start, start.distance(to: location) > 20 { moved = true }
            return taken.contains(id) ? .take(cancelling: [:]) : .pass
        case .ended, .cancelled:
            down[id] = nil
            guard taken.contains(id) else { return .pass }
            taken.remove(id)
            guard taken.isEmpty else { return .take(cancelling: [:]) }
            defer { tapStart = nil }
            guard phase == .ended, let start = tapStart, !moved, time - start <= Self.tapDuration else {
                count = 0
                return .take(cancelling: [:])
            }
            count += 1
            lastTapEnd = time
            if count >= Self.taps {
                count = 0
                return .recognized
            }
            return .take(cancelling: [:])
        }
    }
}

extension Window {
    /// Makes the spoken mode a guest turns on (by the shortcut, a headset or the app's
    /// accessibility choice), speaking through a route; nil: the guest cannot turn it on.
    /// CaretSDL's `Application` gives one that speaks with espeak-ng.
    public var spokenModeProvider: ((SpeechRoute) -> SpokenMode?)? {
        get { assistive.spokenModeProvider }
        set { assistive.spokenModeProvider = newValue }
    }

    /// A key that turns the spoken mode on and off (a tactile keypad's); nil: none.
    public var spokenModeKey: KeyboardHIDUsage? {
        get { assistive.spokenModeKey }
        set { assistive.spokenModeKey = newValue }
    }

    /// Turns the spoken mode on (from `spokenModeProvider`) or off, saying which, as the guest's
    /// shortcut does.
    public func toggleSpokenMode() {
        if let spoken = spokenMode {
            spoken.say("Spoken mode off", language: "en")
            spoken.keepsSpeakingWhenDetached = true
            spokenMode = nil
            spoken.keepsSpeakingWhenDetached = false
        } else {
            startSpokenMode(route: .loudspeaker)
        }
    }

    /// Starts the spoken mode through a route and tells the guest how to use it.
    @discardableResult
    func startSpokenMode(route: SpeechRoute) -> Bool {
        guard let provider = assistive.spokenModeProvider, let spoken = provider(route) else { return false }
        spoken.route = route
        spokenMode = spoken
        var greeting = "Spoken mode on. Touch the screen to hear what is under your finger; double-tap to activate it"
        if let focused = (firstResponder as? View)?.accessibilityElementAncestor {
            spoken.cursor = focused
            greeting += ". " + spoken.description(of: focused)
        }
        spoken.say(greeting, language: "en")
        return true
    }

    /// A headset was plugged in: the spoken mode starts in it, or moves to it, with its voice.
    public func headsetDidConnect(named name: String) {
        let route = SpeechRoute.headset(name)
        if let current = spokenMode {
            guard current.route != route, let provider = assistive.spokenModeProvider, let moved = provider(route) else { return }
            moved.route = route
            moved.adopt(current)
            spokenMode = moved
            moved.say("Headset connected", language: "en")
        } else if startSpokenMode(route: route) {
            assistive.spokenModeStartedByHeadset = true
        }
    }

    /// A headset was unplugged: a spoken mode it started ends; one the guest had on before goes
    /// back to the loudspeaker, where a secure field's keys are private again.
    public func headsetDidDisconnect(named name: String) {
        guard let current = spokenMode, current.route == .headset(name) else { return }
        if assistive.spokenModeStartedByHeadset {
            spokenMode = nil
            return
        }
        guard let provider = assistive.spokenModeProvider, let moved = provider(.loudspeaker) else {
            current.route = .loudspeaker
            return
        }
        moved.route = .loudspeaker
        moved.adopt(current)
        spokenMode = moved
        moved.say("Headset disconnected", language: "en")
    }

    /// The shortcut sees every touch and the spoken-mode key first; true when it took the event.
    func accessibilityShortcutTakes(_ event: InputEvent) -> Bool {
        if assistive.shortcutKeyText.takes(event) { return true }
        switch event {
        case let .touch(id, phase, location):
            guard assistive.spokenModeProvider != nil || spokenMode != nil else { return false }
            switch assistive.shortcut.touch(id: id, phase: phase, at: location, time: backend.clock.now) {
            case .pass:
                return false
            case let .take(cancelling):
                assistive.passingShortcutCancels = true
                for (finger, point) in cancelling.sorted(by: { $0.key < $1.key }) { send(.touch(id: finger, phase: .cancelled, location: point)) }
                assistive.passingShortcutCancels = false
                return true
            case .recognized:
                toggleSpokenMode()
                return true
            }
        case let .key(key, isDown, isRepeat):
            guard let toggle = assistive.spokenModeKey, key.keyCode == toggle else { return false }
            if isDown {
                assistive.shortcutKeyText.keyWasTaken()
                if !isRepeat { toggleSpokenMode() }
            }
            return true
        default:
            return false
        }
    }
}

/// The text of a key that assistive input took (the speech key, a voice key, a switch): it comes
/// right after the key's press, or not at all (F12 has none), and goes with the key. Anything
/// else in between clears the mark, so a key without text never takes the next one's.
struct TakenKeyText {
    private var pending = false

    /// True when the event is the text of the key taken just before it; clears the mark.
    mutating func takes(_ event: InputEvent) -> Bool {
        let wasPending = pending
        pending = false
        if wasPending, case .textInput(_, .key) = event { return true }
        return false
    }

    /// A key was taken: its text, if it comes next, is taken too.
    mutating func keyWasTaken() { pending = true }
}
