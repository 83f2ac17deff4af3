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

/// The text of a key that assistive input took (the speech key, a voice key, a switch): it
/// follows the key's press, or never comes (F12 has none), and goes with the key. Without an
/// input method it comes right after the press; through IBus or Fcitx it may come after the
/// key's release. The key's own character (a keypad's "*") is taken whenever it comes before
/// another key goes down or anything else arrives; a key with no known character takes only
/// text that comes right after its press. So a key without text never takes the next one's.
struct TakenKeyText {
    private var pending: (key: KeyboardHIDUsage, text: String)?
    private var rightAfterPress = false

    /// True when the event is the text of the key taken before it (or that key's release, which
    /// keeps the mark); anything else clears the mark.
    mutating func takes(_ event: InputEvent) -> Bool {
        let wasRightAfterPress = rightAfterPress
        rightAfterPress = false
        guard let taken = pending else { return false }
        switch event {
        case let .key(key, false, _) where key.keyCode == taken.key:
            return false  // the key's release: its text may still come
        case let .textInput(text, origin):
            pending = nil
            if !taken.text.isEmpty { return text == taken.text }
            return wasRightAfterPress && origin == .key
        default:
            pending = nil
            return false
        }
    }

    /// A key was taken: its text, when it comes, is taken too.
    mutating func keyWasTaken(_ key: Key) {
        let base = key.charactersIgnoringModifiers.isEmpty ? key.characters : key.charactersIgnoringModifiers
        pending = (key.keyCode, base)
        rightAfterPress = true
    }
}
