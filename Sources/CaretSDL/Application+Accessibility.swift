// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import Foundation

extension Application {
    /// Links the window to the accessibility bus when the app added the engine (`.accessibilityBus`):
    /// published when the session asks for accessibility (a screen reader runs, or
    /// `CARET_ACCESSIBILITY=1`), now or later; a bus that cannot be reached is reported and skipped.
    func linkAccessibility(_ engine: PlatformEngine, name: String, environment: [String: String]) {
        guard let makeLink = engine.linkAccessibilityBus else { return }
        // A client's call, or a change of the session's status, wakes the loop at once (Orca
        // makes hundreds of calls per focus change).
        let wake: @Sendable () -> Void = { [weak self] in self?.wake() }
        accessibilityLink = makeLink(
            AccessibilityBusRequest(
                window: window, applicationName: name, environment: environment, wake: wake,
                screenGeometry: { [weak self] in
                    guard let self, let sdlWindow = self.sdlWindow else { return (.zero, 1) }
                    var x: Int32 = 0, y: Int32 = 0
                    SDL_GetWindowPosition(sdlWindow, &x, &y)
                    return (Point(x: Double(x), y: Double(y)), self.unitsPerPoint)
                },
                windowHasFocus: { [weak self] in
                    guard let sdlWindow = self?.sdlWindow else { return false }
                    return SDL_GetWindowFlags(sdlWindow) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0
                }))
    }

    /// Delivers a turn's events to the window, keys a screen reader consumed taken out.
    func deliver(_ events: [InputEvent], timestamps: [UInt32]) {
        guard let link = accessibilityLink else { return window.send(events) }
        window.send(link.filtersKeys ? link.filter(events, timestamps: timestamps) : events)
        link.delivered(events)
    }
}

/// The accessibility settings a demo or kiosk turns on from its command line (`--spoken`,
/// `--switches space,return`, `--scan-interval 1.2`, `--text-size xxl`, `--reduce-motion`).
public struct AccessibilityOptions: Sendable {
    /// Speak with espeak-ng: touch exploration, double tap, lift-to-type.
    public var spoken = false
    /// Switch names: one for automatic scanning, two for next and select ("space", "return",
    /// "tab", "f1"…"f12", "left-button", "right-button", "middle-button").
    public var switches: [String] = []
    /// Seconds per item when one switch scans.
    public var scanInterval = 1.2
    /// A content size category: xs, s, m, l, xl, xxl, xxxl, ax1…ax5.
    public var textSize: String?
    /// Keyboard and avoidance without animation.
    public var reduceMotion = false
    /// Key sounds on (`KeySounds`).
    public var keySounds = false
    /// The appearance: "light" or "dark" (nil: light, the window's default).
    public var appearance: String?
    /// A headset plugged in after launch starts spoken mode in it (unplugging it ends it).
    public var headsetStartsSpeech = false
    /// A key that turns spoken mode on and off ("f1"…"f12", "keypad-asterisk", "keypad-enter"…; nil: none).
    public var speechKey: String?
    /// Seconds a touch must be held before it counts (0: at once).
    public var holdDuration = 0.0
    /// Seconds after a touch in which another is ignored (0: none).
    public var ignoreRepeat = 0.0

    public init() {}

    static let sizes: [String: ContentSizeCategory] = [
        "xs": .extraSmall, "s": .small, "m": .medium, "l": .large, "xl": .extraLarge, "xxl": .extraExtraLarge,
        "xxxl": .extraExtraExtraLarge, "ax1": .accessibilityMedium, "ax2": .accessibilityLarge,
        "ax3": .accessibilityExtraLarge, "ax4": .accessibilityExtraExtraLarge, "ax5": .accessibilityExtraExtraExtraLarge,
    ]

    static let styles: [String: UserInterfaceStyle] = ["light": .light, "dark": .dark]

    /// A switch by name, or nil.
    static func parseSwitch(_ name: String) -> SwitchControl.Switch? {
        let name = name.lowercased().trimmingCharacters(in: .whitespaces)
        switch name {
        case "space": return .key(.keyboardSpacebar)
        case "return", "enter": return .key(.keyboardReturnOrEnter)
        case "tab": return .key(.keyboardTab)
        case "left-button": return .button(.primary)
        case "right-button": return .button(.secondary)
        case "middle-button": return .button(.middle)
        default:
            if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n) {
                return .key(KeyboardHIDUsage(rawValue: 0x3A + n - 1))
            }
            return nil
        }
    }

    /// A key by name for the spoken-mode key, or nil.
    static func parseKey(_ name: String) -> KeyboardHIDUsage? {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "keypad-asterisk": return .keypadAsterisk
        case "keypad-slash": return .keypadSlash
        case "keypad-plus": return .keypadPlus
        case "keypad-minus": return .keypadHyphen
        case "keypad-enter": return .keypadEnter
        default:
            if case let .key(usage)? = parseSwitch(name) { return usage }
            return nil
        }
    }

    /// Checks the options; the message names what is wrong.
    public func validate() throws(CaretError) {
        if let textSize, Self.sizes[textSize.lowercased()] == nil {
            throw CaretError.invalidOption("--text-size \(textSize): use one of \(Self.sizes.keys.sorted().joined(separator: ", "))")
        }
        if let appearance, Self.styles[appearance.lowercased()] == nil {
            throw CaretError.invalidOption("--appearance \(appearance): use light or dark")
        }
        if switches.count > 2 { throw CaretError.invalidOption("--switches takes one or two switches") }
        if let speechKey, Self.parseKey(speechKey) == nil {
            throw CaretError.invalidOption(
                "--speech-key: no key named \(speechKey) (f1…f12, keypad-asterisk, keypad-slash, keypad-plus, keypad-minus, keypad-enter)")
        }
        for name in switches where Self.parseSwitch(name) == nil {
            throw CaretError.invalidOption(
                "--switches: no switch named \(name) (space, return, tab, f1…f12, left-button, right-button, middle-button)")
        }
        if !(0...5).contains(holdDuration) { throw CaretError.invalidOption("--hold-duration must be between 0 and 5 seconds") }
        if !(0...5).contains(ignoreRepeat) { throw CaretError.invalidOption("--ignore-repeat must be between 0 and 5 seconds") }
        if scanInterval < 0.2 || scanInterval > 10 { throw CaretError.invalidOption("--scan-interval must be between 0.2 and 10 seconds") }
    }
}

extension Application {
    /// Turns on what the options ask for in the window; speech that cannot start is reported
    /// and the rest still applies.
    public func apply(_ options: AccessibilityOptions) throws(CaretError) {
        try options.validate()
        if let size = options.textSize.flatMap({ AccessibilityOptions.sizes[$0.lowercased()] }) { window.preferredContentSizeCategory = size }
        window.prefersReducedMotion = options.reduceMotion
        window.keyboard.keySounds.isEnabled = options.keySounds
        if let style = options.appearance.flatMap({ AccessibilityOptions.styles[$0.lowercased()] }) { window.overrideUserInterfaceStyle = style }
        provideSpokenMode()
        if options.spoken, window.spokenMode == nil { window.spokenMode = window.accessibilityShortcut.spokenModeProvider?(.loudspeaker) }
        window.accessibilityShortcut.spokenModeKey = options.speechKey.flatMap(AccessibilityOptions.parseKey)
        window.touchAccommodations.holdDuration = options.holdDuration
        window.touchAccommodations.ignoreRepeatDuration = options.ignoreRepeat
        // Once the first frame is shown: starting SDL's audio (PulseAudio, ALSA) to watch for a
        // headset is no part of what the first screen waits for.
        if options.headsetStartsSpeech, headsetWatch == nil {
            window.animator.scheduleIdle { [weak self] in
                if let self, self.headsetWatch == nil { self.watchHeadsets() }
            }
        }
        let switches = options.switches.compactMap(AccessibilityOptions.parseSwitch)
        if let select = switches.last {
            window.switchControl = SwitchControl(select: select, next: switches.count == 2 ? switches[0] : nil, scanInterval: options.scanInterval)
        }
    }
}
