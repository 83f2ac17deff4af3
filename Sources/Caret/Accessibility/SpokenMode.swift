import Foundation

/// The built-in screen reader for kiosks with no desktop one (SPEC §14), as VoiceOver: touching
/// the screen speaks the element under the finger (label, value, traits, hint) and makes it the
/// cursor; a double tap anywhere activates the cursor; on the on-screen keyboard, lifting the
/// finger types the key under it. Typed and deleted characters are echoed ("dot" in a secure
/// field), focus changes, announcements and the keyboard's language changes are spoken, each in
/// its language. Set `window.spokenMode` to turn it on.
@MainActor
public final class SpokenMode: AccessibilityObserver {
    /// What speaks.
    public let synthesizer: SpeechSynthesizer
    /// Seconds between two taps that make a double tap.
    public var doubleTapInterval = 0.35
    /// Whether hints are spoken after the rest.
    public var speaksHints = true
    /// The element last spoken: what a double tap activates (VoiceOver's cursor).
    public private(set) weak var cursor: AccessibilityNode?

    private weak var window: Window?
    private var gesture: Gesture?
    private var lastTap: (time: Double, location: Point, cursorBefore: AccessibilityNode?)?
    private var passingThrough = false
    private var languageObserver: NSObjectProtocol?

    private struct Gesture {
        var finger: Int?  // nil: the mouse's primary button
        var start: Point
        var startTime: Double
        var moved = false
        var isDoubleTap = false
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
                self.synthesizer.speak(name, language: language)
            }
        }
    }

    func detach() {
        window?.removeAccessibilityObserver(self)
        if let languageObserver { NotificationCenter.default.removeObserver(languageObserver) }
        languageObserver = nil
        Accessibility.setScreenReader(self, running: false)
        synthesizer.stopSpeaking()
        window = nil
    }

    // MARK: Touch exploration

    /// Takes touches and the mouse's primary button (kiosk panels often send mouse events).
    func handle(_ event: InputEvent) -> Bool {
        guard !passingThrough, let window else { return false }
        let now = window.backend.clock.now
        switch event {
        case let .touch(id, phase, location):
            switch phase {
            case .began: begin(finger: id, at: location, time: now)
            case .moved: move(to: location)
            case .ended: end(at: location, time: now)
            case .cancelled: gesture = nil
            }
            return true
        case let .mouseDown(.primary, location, _, _):
            begin(finger: nil, at: location, time: now)
            return true
        case let .mouseMoved(location, buttons, _) where buttons.contains(.primary):
            move(to: location)
            return true
        case let .mouseUp(.primary, location, _):
            end(at: location, time: now)
            return true
        default:
            return false
        }
    }

    private func begin(finger: Int?, at location: Point, time: Double) {
        if let last = lastTap, time - last.time < doubleTapInterval, last.location.distance(to: location) < 60 {
            gesture = Gesture(finger: finger, start: location, startTime: time, isDoubleTap: true, cursorBefore: last.cursorBefore)
            lastTap = nil
            return
        }
        gesture = Gesture(finger: finger, start: location, startTime: time, cursorBefore: cursor)
        explore(at: location)
    }

    private func move(to location: Point) {
        guard var current = gesture, !current.isDoubleTap else { return }
        if location.distance(to: current.start) > 12 { current.moved = true }
        gesture = current
        explore(at: location)
    }

    private func end(at location: Point, time: Double) {
        guard let current = gesture else { return }
        gesture = nil
        if current.isDoubleTap {
            // The first tap of the pair may have moved the cursor: the element chosen before it is activated.
            if let target = current.cursorBefore ?? cursor { activate(target) }
            return
        }
        if let key = cursor, key.accessibilityTraits.contains(.keyboardKey), key.accessibilityFrame.contains(location) {
            _ = key.accessibilityActivate()  // lift-to-type; the typed character is echoed by its text change
            return
        }
        if !current.moved, time - current.startTime < 0.3 { lastTap = (time, location, current.cursorBefore) }
    }

    private func explore(at location: Point) {
        guard let window, let element = window.accessibilityElement(at: location), element !== cursor else { return }
        cursor = element
        speak(element)
    }

    /// Activates an element; one that does not act on activation gets a tap at its centre.
    private func activate(_ element: AccessibilityNode) {
        if element.accessibilityActivate() { return }
        guard let window else { return }
        let frame = element.accessibilityFrame
        let point = Point(x: frame.midX, y: frame.midY)
        passingThrough = true
        defer { passingThrough = false }
        window.send(.touch(id: Int.max, phase: .began, location: point))
        window.send(.touch(id: Int.max, phase: .ended, location: point))
    }

    // MARK: Speaking

    /// Speaks an element as VoiceOver does, in its language.
    public func speak(_ element: AccessibilityNode) {
        var description = element.accessibilitySpokenDescription
        if !speaksHints, let hint = element.accessibilityHint, description.hasSuffix(", " + hint) {
            description.removeLast(hint.count + 2)
        }
        synthesizer.speak(description, language: element.accessibilityLanguage)
    }

    /// How a typed or deleted piece of text is said.
    static func spoken(_ text: String) -> String {
        switch text {
        case " ": return "space"
        case "\n": return "new line"
        case "\t": return "tab"
        default: return text
        }
    }

    public func window(_ window: Window, accessibilityEvent event: AccessibilityEvent) {
        switch event {
        case let .focusChanged(node):
            guard let node else { return }
            cursor = node
            speak(node)
        case let .textChanged(node, _, replacement, removed):
            let secure = (node as? TextField)?.isSecureTextEntry == true
            let language = window.keyboard.currentInputMode?.primaryLanguage ?? node.accessibilityLanguage
            if !replacement.isEmpty {
                synthesizer.speak(secure ? "dot" : Self.spoken(replacement), language: language)
            } else if !removed.isEmpty {
                synthesizer.speak(secure ? "dot" : Self.spoken(removed), language: language)
            }
        case let .notification(notification, argument):
            switch notification {
            case .announcement, .pageScrolled:
                if let text = argument as? String { synthesizer.speak(text, language: nil) }
            case .screenChanged, .layoutChanged:
                let target = (argument as? AccessibilityNode) ?? (notification == .screenChanged ? window.accessibilityElementsInOrder.first : nil)
                if let target {
                    cursor = target
                    speak(target)
                }
            default:
                break
            }
        case .selectionChanged, .stateChanged, .childrenChanged:
            break
        }
    }
}
