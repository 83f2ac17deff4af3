// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the spoken mode's shortcut needs of its window: the spoken mode to set, the focused
/// element to start on, the clock, and a way to cancel fingers it takes from the views.
@MainActor
protocol SpokenModeHost: AnyObject {
    /// The window's spoken mode (nil: off).
    var spokenMode: SpokenMode? { get set }
    /// Where the spoken mode starts reading.
    var firstResponder: Responder? { get }
    /// The platform services (the clock).
    var backend: Backend { get }
    /// Delivers an event to the views (the cancellations of the fingers taken).
    func send(_ event: InputEvent)
}

/// How a guest turns the spoken mode on and off without help or sight (docs/behaviour/accessibility.md):
/// the three-finger triple tap (`AccessibilityShortcutRecognizer`), a tactile keypad's key, and a
/// headset plugged in or out; the spoken mode comes from the app's provider, with its route.
@preconcurrency @MainActor
public final class SpokenModeShortcut {
    private weak var host: SpokenModeHost?
    private var recognizer = AccessibilityShortcutRecognizer()
    private var keyText = TakenKeyText()
    /// True while the shortcut hands the views the cancellation of fingers it took.
    private(set) var isPassingCancels = false

    init(host: SpokenModeHost) { self.host = host }

    /// Makes the spoken mode a guest turns on (by the shortcut, a headset or the app's
    /// accessibility choice), speaking through a route; nil: the guest cannot turn it on.
    /// CaretSDL's `Application` gives one that speaks with espeak-ng.
    public var spokenModeProvider: ((SpeechRoute) -> SpokenMode?)?

    /// A key that turns the spoken mode on and off (a tactile keypad's); nil: none.
    public var spokenModeKey: KeyboardHIDUsage? {
        didSet {
            guard let key = spokenModeKey, let command = SpokenMode.defaultVoiceKeys[key] else { return }
            ConsoleLog.write("Caret: the spoken-mode key is also the voice key for \(command); it now only turns spoken mode on and off")
        }
    }

    /// Turns the spoken mode on (from `spokenModeProvider`) or off, saying which, as the guest's
    /// shortcut does.
    public func toggleSpokenMode() {
        guard let host else { return }
        if host.spokenMode != nil {
            endSpokenMode()
        } else {
            start(route: .loudspeaker)
        }
    }

    /// Turns the spoken mode off, saying `message` first and then "Spoken mode off" in one
    /// utterance, heard to its end (a kiosk starting over says why: said apart, the goodbye cut it off).
    public func endSpokenMode(saying message: String? = nil) {
        guard let host, let spoken = host.spokenMode else { return }
        let language = spoken.wordsLanguage
        spoken.say((message.map { $0 + " " } ?? "") + SpeechWord.off.text(language), language: language)
        spoken.keepsSpeakingWhenDetached = true
        host.spokenMode = nil
        spoken.keepsSpeakingWhenDetached = false
    }

    /// Starts the spoken mode through a route and tells the guest how to use it.
    @discardableResult
    private func start(route: SpeechRoute) -> Bool {
        guard let host, let provider = spokenModeProvider, let spoken = provider(route) else { return false }
        spoken.route = route
        host.spokenMode = spoken
        let language = spoken.wordsLanguage
        var greeting = SpeechWord.on.text(language)
        if let focused = (host.firstResponder as? View)?.accessibilityElementAncestor {
            spoken.cursor = focused
            greeting += ". " + spoken.description(of: focused)
        }
        spoken.say(greeting, language: language)
        return true
    }

    /// A headset was plugged in: the spoken mode starts in it, or moves to it, with its voice.
    @_spi(Backend) public func headsetDidConnect(named name: String) {
        guard let host else { return }
        let route = SpeechRoute.headset(name)
        if let current = host.spokenMode {
            guard current.route != route, let provider = spokenModeProvider, let moved = provider(route) else { return }
            moved.route = route
            moved.adopt(current)
            host.spokenMode = moved
            moved.say(SpeechWord.headsetConnected.text(moved.wordsLanguage), language: moved.wordsLanguage)
        } else {
            start(route: route)
        }
    }

    /// A headset was unplugged: the spoken mode in it goes on through the loudspeaker and says
    /// so, whoever started it (a touch still explores; the guest ends it with the shortcut). A
    /// silent change of what a touch does had a blind guest's next touch submit a form.
    @_spi(Backend) public func headsetDidDisconnect(named name: String) {
        guard let host, let current = host.spokenMode, current.route == .headset(name) else { return }
        let language = current.wordsLanguage
        let notice = SpeechWord.headsetDisconnected.text(language)
        guard let provider = spokenModeProvider, let moved = provider(.loudspeaker) else {
            current.route = .loudspeaker
            current.say(notice, language: language)
            return
        }
        moved.route = .loudspeaker
        moved.adopt(current)
        host.spokenMode = moved
        moved.say(notice, language: language)
    }

    /// The shortcut sees every touch and the spoken-mode key first; true when it took the event.
    func takes(_ event: InputEvent) -> Bool {
        guard let host else { return false }
        if keyText.takes(event) { return true }
        switch event {
        case let .touch(id, phase, location):
            guard spokenModeProvider != nil || host.spokenMode != nil else { return false }
            switch recognizer.touch(id: id, phase: phase, at: location, time: host.backend.clock.now) {
            case .pass:
                return false
            case let .take(cancelling):
                isPassingCancels = true
                for (finger, point) in cancelling.sorted(by: { $0.key < $1.key }) {
                    host.send(.touch(id: finger, phase: .cancelled, location: point))
                }
                isPassingCancels = false
                return true
            case .recognized:
                toggleSpokenMode()
                return true
            }
        case let .key(key, isDown, isRepeat):
            guard let toggle = spokenModeKey else { return false }
            if key.keyCode == toggle {
                if isDown {
                    keyText.keyWasTaken(key)
                    if !isRepeat { toggleSpokenMode() }
                }
                return true
            }
            // A speech key on the keypad makes it the speech keypad (an ATM's): its voice keys
            // never type, also with spoken mode off (they then do nothing).
            guard host.spokenMode == nil, toggle.isOnKeypad, SpokenMode.defaultVoiceKeys[key.keyCode] != nil else { return false }
            if isDown { keyText.keyWasTaken(key) }
            return true
        default:
            return false
        }
    }
}
