// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import CaretSDL

/// The accessibility options the demo and the kiosk share (`@OptionGroup`).
public struct AccessibilityArguments: ParsableArguments, Sendable {
    @Flag(help: "Spoken mode: touching speaks (espeak-ng), a double tap activates, lifting off a key types it.")
    public var spoken = false
    @Option(
        help:
            "Switch access: one switch (automatic scanning) or two (next,select): space, return, tab, f1…f12, left-button, right-button, middle-button."
    )
    public var switches: String?
    @Option(help: "Seconds each item stays highlighted when one switch scans.")
    public var scanInterval = 1.2
    @Option(help: "Larger or smaller text: xs, s, m, l (default), xl, xxl, xxxl, ax1…ax5.")
    public var textSize: String?
    @Flag(help: "Reduced motion: the keyboard and keyboard avoidance move without animating.")
    public var reduceMotion = false
    @Flag(help: "Key sounds: each key pressed on the screen clicks (delete and return their own).")
    public var keySounds = false
    @Option(help: "The appearance: light (default) or dark.")
    public var appearance: String?
    @Flag(inversion: .prefixedNo, help: "A headset plugged in starts spoken mode in it (default: on in the kiosk, off in the demo).")
    public var headsetSpeech: Bool?
    @Option(help: "A key that turns spoken mode on and off: f1…f12, keypad-asterisk, keypad-slash, keypad-plus, keypad-minus, keypad-enter.")
    public var speechKey: String?
    @Option(help: "Touch accommodations: seconds a touch must be held before it counts (0: at once).")
    public var holdDuration = 0.0
    @Option(help: "Touch accommodations: seconds after a touch in which another is ignored (0: none).")
    public var ignoreRepeat = 0.0

    public init() {}

    /// The options as the application takes them.
    public var options: AccessibilityOptions {
        var options = AccessibilityOptions()
        options.spoken = spoken
        options.switches = switches.map { $0.split(separator: ",").map(String.init) } ?? []
        options.scanInterval = scanInterval
        options.textSize = textSize
        options.reduceMotion = reduceMotion
        options.keySounds = keySounds
        options.appearance = appearance
        options.headsetStartsSpeech = headsetSpeech ?? false
        options.speechKey = speechKey
        options.holdDuration = holdDuration
        options.ignoreRepeat = ignoreRepeat
        return options
    }

    public func validate() throws {
        do { try options.validate() } catch { throw ValidationError(error.description) }
    }
}
