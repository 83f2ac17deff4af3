// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The built-in screen reader for kiosks with no desktop one (docs/behaviour/accessibility.md), as
/// VoiceOver: touching the screen speaks the element under the finger (label, value, traits,
/// hint) and makes it the cursor; touching it again repeats it; a flick right or left moves to the
/// next or previous element, a flick up or down adjusts an adjustable one (a picker's wheel); a
/// double tap anywhere activates the cursor; on the on-screen
/// keyboard, lifting the finger types the key under it. Typed and deleted characters, focus and
/// screen changes, announcements, refusals and the keyboard's language and shift are spoken, each
/// in its language. A secure field's keys and characters are never named on a loudspeaker. Set
/// `window.spokenMode` to turn it on; a guest can turn it on by the window's accessibility
/// shortcut (`Window.accessibilityShortcut`).
@preconcurrency @MainActor
public final class SpokenMode: AccessibilityObserver {
    /// A change to the voice a key asks for.
    public enum VoiceCommand: Sendable {
        /// Louder by a tenth.
        case louder
        /// Quieter by a tenth.
        case quieter
        /// Faster by a tenth of the normal rate.
        case faster
        /// Slower by a tenth of the normal rate.
        case slower
        /// Up by a tenth in the setting the keys adjust (`adjustedVoiceSetting`).
        case increase
        /// Down by a tenth in the setting the keys adjust.
        case decrease
        /// The keys adjust the other setting: volume, then speed.
        case nextSetting
    }

    /// What `.increase` and `.decrease` change.
    public enum VoiceSetting: Sendable {
        /// How loud.
        case volume
        /// How fast.
        case speed
    }

    /// What speaks.
    public let synthesizer: SpeechSynthesizer
    /// Seconds between two taps that make a double tap.
    public var doubleTapInterval = 0.35
    /// Whether hints are spoken after the rest.
    public var speaksHints = true
    /// Where the speech is heard: the loudspeaker, or a headset the guest plugged in.
    public var route: SpeechRoute = .loudspeaker
    /// Whether a secure field's keys and typed characters are named while speech goes to a
    /// headset (as ATMs do); off by default. On a loudspeaker they never are.
    public var speaksSecureKeysOnHeadset = false
    /// How fast it speaks: 1 is the voice's normal rate (0.5…3).
    public var speechRate = 1.0 { didSet { speechRate = min(3, max(0.5, speechRate)) } }
    /// How loud it speaks (0.1…1).
    public var speechVolume = 1.0 { didSet { speechVolume = min(1, max(0.1, speechVolume)) } }
    /// What a change the field refused is answered with (nil: silence): Caret's own "not allowed",
    /// in the language spoken mode speaks, unless set.
    public var refusalAnnouncement: String? {
        get { customRefusal ?? SpeechWord.notAllowed.text(wordsLanguage) }
        set { customRefusal = .some(newValue) }
    }
    var customRefusal: String??
    /// Keys that change the voice while spoken mode runs, one function each (a tactile keypad's
    /// + and − up and down, / the setting they change; * stays free for the speech key). A key
    /// that is also the window's spoken-mode key is that key's.
    public var voiceKeys = defaultVoiceKeys
    /// The voice keys spoken mode starts with.
    static let defaultVoiceKeys: [KeyboardHIDUsage: VoiceCommand] = [
        .keypadPlus: .increase, .keypadHyphen: .decrease, .keypadSlash: .nextSetting,
    ]
    /// What the voice keys' `.increase` and `.decrease` change (volume at first).
    public var adjustedVoiceSetting = VoiceSetting.volume
    /// The element last spoken: what a double tap activates (VoiceOver's cursor).
    public internal(set) weak var cursor: AccessibilityNode?

    weak var window: Window?
    private var gesture: Gesture?
    private var lastTap: (time: Double, location: Point, cursorBefore: AccessibilityNode?)?
    /// The key a lift typed: a second tap on it at once is the rest of a double tap, not a second key.
    private var lastTypedKey: (time: Double, location: Point)?
    private var passingThrough = false
    private var voiceKeyText = TakenKeyText()
    private var languageObserver: NSObjectProtocol?
    /// Set while a goodbye ("Spoken mode off") is still to be heard as the mode is taken away.
    var keepsSpeakingWhenDetached = false
    /// What was last said for the cursor, so a change of its label or value is spoken once.
    var cursorDescription: String?
    /// The text a change was last echoed with, and the utterance that said it: typed text
    /// announced with nothing said since (a swiped word, a character read from writing, each
    /// announced right after its change) is not said again over it.
    var lastEcho: (text: String, language: String?, utterance: Int)?
    /// How many utterances were said.
    private(set) var utterancesSaid = 0

    private struct Gesture {
        var finger: Int?  // nil: the mouse's primary button
        var start: Point
        var startTime: Double
        var moved = false
        var isDoubleTap = false
        var isAbsorbed = false
        /// The touch goes to the views as if spoken mode were off: it began on an element that
        /// allows direct interaction (a writing pad), or a double tap's second touch slid (a swipe).
        var passesThrough = false
        /// It writes on a pad: the keys under it are not named.
        var writes = false
        weak var cursorBefore: AccessibilityNode?
    }

    /// Creates the spoken mode with what speaks.
    public init(synthesizer: SpeechSynthesizer) { self.synthesizer = synthesizer }

    func attach(to window: Window) {
        self.window = window
        window.addAccessibilityObserver(self)
        Accessibility.setScreenReader(self, running: true)
        languageObserver = NotificationCenter.default.addObserver(
            forName: TextInputMode.currentInputModeDidChangeNotification, object: nil, queue: nil
        ) { [weak self] note in
            let mode = note.object as? TextInputMode
            let name = mode?.displayName, language = mode?.primaryLanguage, identifier = mode?.identifier
            MainActor.assumeIsolated {
                guard let self, let name, self.window?.keyboard.currentInputMode?.identifier == identifier else { return }
                self.say(name, language: language)
            }
        }
    }

    func detach() {
        window?.removeAccessibilityObserver(self)
        if let languageObserver { NotificationCenter.default.removeObserver(languageObserver) }
        languageObserver = nil
        Accessibility.setScreenReader(self, running: false)
        if !keepsSpeakingWhenDetached { synthesizer.stopSpeaking() }
        window = nil
    }

    /// Takes another spoken mode's settings and cursor (the same guest, another route).
    func adopt(_ other: SpokenMode) {
        doubleTapInterval = other.doubleTapInterval
        speaksHints = other.speaksHints
        speaksSecureKeysOnHeadset = other.speaksSecureKeysOnHeadset
        speechRate = other.speechRate
        speechVolume = other.speechVolume
        customRefusal = other.customRefusal
        voiceKeys = other.voiceKeys
        adjustedVoiceSetting = other.adjustedVoiceSetting
        cursor = other.cursor
    }

    // MARK: Touch exploration

    /// Takes touches, the mouse's primary button (kiosk panels often send mouse events) and the
    /// voice keys.
    func handle(_ event: InputEvent) -> Bool {
        guard !passingThrough, let window else { return false }
        let now = window.backend.clock.now
        if voiceKeyText.takes(event) { return true }  // the keypad's "+" is the voice key's, not the field's
        if let current = gesture, current.passesThrough, let viewsHaveIt = passThrough(event, of: current) { return !viewsHaveIt }
        switch event {
        case let .touch(id, phase, location):
            switch phase {
            case .began: return begin(finger: id, at: location, time: now)
            case .moved: move(to: location, time: now)
            case .ended: end(at: location, time: now)
            case .cancelled: gesture = nil
            }
            return true
        case let .mouseDown(.primary, location, _, _):
            return begin(finger: nil, at: location, time: now)
        case let .mouseMoved(location, buttons, _) where buttons.contains(.primary):
            move(to: location, time: now)
            return true
        case let .mouseUp(.primary, location, _):
            end(at: location, time: now)
            return true
        case let .key(key, isDown, isRepeat):
            guard let command = voiceKeys[key.keyCode] else { return false }
            if isDown {
                voiceKeyText.keyWasTaken(key)
                if !isRepeat { change(command) }
            }
            return true
        default:
            return false
        }
    }

    /// Starts a gesture; false when the touch goes to the views (an element that allows direct interaction).
    private func begin(finger: Int?, at location: Point, time: Double) -> Bool {
        if let element = window?.accessibilityElement(at: location), element.accessibilityTraits.contains(.allowsDirectInteraction) {
            // A writing pad: the finger writes; the pad is named when it is new to the guest.
            lastTypedKey = nil
            lastTap = nil
            gesture = Gesture(finger: finger, start: location, startTime: time, passesThrough: true, writes: true, cursorBefore: cursor)
            if element !== cursor {
                cursor = element
                speak(element)
            }
            return false
        }
        if let typed = lastTypedKey, time - typed.time < doubleTapInterval, typed.location.distance(to: location) < 60 {
            // The second tap of a double tap on a key the first tap's lift already typed.
            gesture = Gesture(finger: finger, start: location, startTime: time, isAbsorbed: true, cursorBefore: cursor)
            lastTypedKey = nil
            return true
        }
        lastTypedKey = nil
        if let last = lastTap, time - last.time < doubleTapInterval, last.location.distance(to: location) < 60 {
            gesture = Gesture(finger: finger, start: location, startTime: time, isDoubleTap: true, cursorBefore: last.cursorBefore)
            lastTap = nil
            return true
        }
        gesture = Gesture(finger: finger, start: location, startTime: time, cursorBefore: cursor)
        explore(at: location, repeating: true)
        return true
    }

    private func move(to location: Point, time: Double) {
        guard var current = gesture else { return }
        if current.isDoubleTap || current.isAbsorbed {
            if passesThrough(current, at: location, time: time) { startPassingThrough(&current, at: location) }
            return
        }
        if location.distance(to: current.start) > 12 { current.moved = true }
        gesture = current
        explore(at: location, repeating: false)
    }

    private func end(at location: Point, time: Double) {
        guard let current = gesture else { return }
        gesture = nil
        if current.isAbsorbed { return }
        if current.isDoubleTap {
            // The first tap of the pair may have moved the cursor: the element chosen before it is activated.
            if let target = current.cursorBefore ?? cursor { activate(target) }
            return
        }
        let dx = location.x - current.start.x, dy = location.y - current.start.y
        if time - current.startTime < 0.25, abs(dx) > 40, abs(dx) > 2 * abs(dy) {
            // A flick: the cursor steps from where it was before the finger landed.
            cursor = current.cursorBefore
            moveCursor(forward: dx > 0)
            return
        }
        if time - current.startTime < 0.25, abs(dy) > 40, abs(dy) > 2 * abs(dx), let adjustable = current.cursorBefore,
            adjustable.accessibilityTraits.contains(.adjustable)
        {
            // A flick up or down adjusts a cursor that is adjustable (a picker's wheel), as
            // VoiceOver's swipe does; its new value is spoken as its state changes. (Otherwise a
            // quick vertical slide is exploring.)
            cursor = adjustable
            if dy < 0 { adjustable.accessibilityIncrement() } else { adjustable.accessibilityDecrement() }
            return
        }
        if let key = cursor, key.accessibilityTraits.contains(.keyboardKey), key.accessibilityFrame.contains(location) {
            if key.accessibilityActivate() { lastTypedKey = (time, location) }  // lift-to-type; echoed by its text change
            return
        }
        if !current.moved, time - current.startTime < 0.3 { lastTap = (time, location, current.cursorBefore) }
    }

    /// Whether a double tap's second touch now passes through (VoiceOver's double-tap-and-hold):
    /// on a key the first tap typed, once it slides off that key (a swipe from it; never while a
    /// secure field's keys are private: a personal field swipes, its trail's keys called "key");
    /// elsewhere once held a moment and slid. A double tap that drifts a little stays a double tap.
    private func passesThrough(_ current: Gesture, at location: Point, time: Double) -> Bool {
        guard location.distance(to: current.start) > 12 else { return false }
        if current.isAbsorbed {
            guard !keepsSecureKeysPrivate, let key = window?.accessibilityElement(at: current.start) else { return false }
            return !key.accessibilityFrame.contains(location)
        }
        return time - current.startTime >= Self.passThroughHold
    }

    /// How long a double tap's second touch is held before a slide passes through (seconds).
    static let passThroughHold = 0.15

    /// The second touch of a double tap slid: from here on the views have it, from where it landed.
    private func startPassingThrough(_ current: inout Gesture, at location: Point) {
        guard window != nil else { return }
        current.passesThrough = true
        gesture = current
        if let finger = current.finger {
            sendToViews(.touch(id: finger, phase: .began, location: current.start), .touch(id: finger, phase: .moved, location: location))
        } else {
            sendToViews(
                .mouseDown(button: .primary, location: current.start, clickCount: 1, modifiers: []),
                .mouseMoved(location: location, buttons: [.primary], modifiers: []))
        }
        explore(at: location, repeating: false)
    }

    /// An event while a touch passes through: true for the finger's own (the views have it; the
    /// keys it crosses are named as it goes, so a swipe's trail is heard), false for another
    /// finger's or button's (no one's meanwhile), nil for anything else (keys).
    private func passThrough(_ event: InputEvent, of current: Gesture) -> Bool? {
        switch event {
        case let .touch(id, phase, location):
            guard id == current.finger else { return false }
            if phase == .began {
                // The finger's lift never came: the views hear it cancelled, and this touch is new.
                endPassingThrough(current, at: location)
                return nil
            }
            if phase == .moved, !current.writes { explore(at: location, repeating: false) }
            if phase == .ended || phase == .cancelled { gesture = nil }
            return true
        case let .mouseMoved(location, buttons, _) where buttons.contains(.primary):
            guard current.finger == nil else { return false }
            if !current.writes { explore(at: location, repeating: false) }
            return true
        case let .mouseUp(button, _, _):
            guard current.finger == nil, button == .primary else { return false }
            gesture = nil
            return true
        case let .mouseDown(button, location, _, _):
            guard current.finger == nil, button == .primary else { return false }
            endPassingThrough(current, at: location)  // its button-up never came
            return nil
        default:
            return nil
        }
    }

    /// Ends a pass-through whose end was lost: the views hear the finger cancelled (the button let go).
    private func endPassingThrough(_ current: Gesture, at location: Point) {
        gesture = nil
        if let finger = current.finger {
            sendToViews(.touch(id: finger, phase: .cancelled, location: location))
        } else {
            sendToViews(.mouseUp(button: .primary, location: location, modifiers: []))
        }
    }

    /// Sends events to the window's views past spoken mode.
    private func sendToViews(_ events: InputEvent...) {
        guard let window else { return }
        passingThrough = true
        defer { passingThrough = false }
        for event in events { window.send(event) }
    }

    /// Speaks the element under a finger when it is a new one, or again when the finger has just
    /// landed on it (touching an element again repeats it).
    private func explore(at location: Point, repeating: Bool) {
        guard let window, let element = window.accessibilityElement(at: location) else { return }
        guard element !== cursor || repeating else { return }
        cursor = element
        speak(element)
    }

    /// Activates an element; one that does not act on activation gets a tap at its centre.
    private func activate(_ element: AccessibilityNode) {
        if element.accessibilityActivate() { return }
        let frame = element.accessibilityFrame
        let point = Point(x: frame.midX, y: frame.midY)
        sendToViews(.touch(id: Int.max, phase: .began, location: point), .touch(id: Int.max, phase: .ended, location: point))
    }

    // MARK: The voice

    /// Applies a voice command and says the new level.
    public func change(_ command: VoiceCommand) {
        switch command {
        case .louder: speechVolume = ((speechVolume + 0.1) * 10).rounded() / 10
        case .quieter: speechVolume = ((speechVolume - 0.1) * 10).rounded() / 10
        case .faster: speechRate = ((speechRate + 0.1) * 10).rounded() / 10
        case .slower: speechRate = ((speechRate - 0.1) * 10).rounded() / 10
        case .increase: return change(adjustedVoiceSetting == .volume ? .louder : .faster)
        case .decrease: return change(adjustedVoiceSetting == .volume ? .quieter : .slower)
        case .nextSetting: adjustedVoiceSetting = adjustedVoiceSetting == .volume ? .speed : .volume
        }
        let language = wordsLanguage
        let volume = SpeechWord.volume.text(language, ["percent": Localization.number(Int((speechVolume * 100).rounded()), language: language)])
        let speed = SpeechWord.speed.text(language, ["percent": Localization.number(Int((speechRate * 100).rounded()), language: language)])
        switch command {
        case .louder, .quieter: say(volume, language: language)
        case .faster, .slower: say(speed, language: language)
        case .nextSetting: say(SpeechWord.adjusting.text(language, ["setting": adjustedVoiceSetting == .volume ? volume : speed]), language: language)
        case .increase, .decrease: break
        }
    }

    /// Says text at the mode's rate and volume, in a language's voice (nil: the window's language's).
    func say(_ text: String, language: String?) {
        utterancesSaid += 1
        synthesizer.speak(text, language: language ?? Localization.language(of: window), rate: speechRate, volume: speechVolume)
    }

    /// The language spoken mode's own sentences are in: the guest's latest choice (docs/behaviour/localisation.md).
    var wordsLanguage: String { Localization.spokenLanguage(of: window) }
}
