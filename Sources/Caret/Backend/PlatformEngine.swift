// SPDX-License-Identifier: Apache-2.0
/// An engine an app adds to its window's platform layer, each from its own product and in one line:
/// `.composition` (CaretCompose), `.spelling` (CaretSpell), `.inputMethod` (CaretIBus),
/// `.accessibilityBus` (CaretAccessibility), `.speech` (CaretSpeech). An app that adds none links
/// none of their libraries (docs/behaviour/engines.md).
public struct PlatformEngine: Sendable {
    /// The engine's name, as diagnostics say it ("composition", "spelling"...).
    public let name: String
    package var makeTextComposers: (@MainActor @Sendable () -> TextComposerProvider)?
    package var makeHandwritingRecognizers: (@MainActor @Sendable () -> HandwritingRecognizerProvider)?
    package var finishLibraryCalls: (@MainActor @Sendable () -> Void)?
    package var makeSpellingDictionaries: (@MainActor @Sendable () -> SpellingDictionaries)?
    package var connectInputMethod: (@MainActor @Sendable (_ environment: [String: String]) -> PlatformInputMethod?)?
    package var linkAccessibilityBus: (@MainActor @Sendable (AccessibilityBusRequest) -> AccessibilityBusLink)?
    package var makeSynthesizer: (@MainActor @Sendable (SpeechOutput) throws(CaretError) -> SpeechSynthesizer)?

    package init(name: String) { self.name = name }
}

/// Where synthesized speech goes: the audio device (CaretSDL's `SDLAudioOutput`), a WAV file.
/// Called from the synthesis thread.
public protocol SpeechOutput: AnyObject, Sendable {
    /// Plays 16-bit mono samples at a rate, after what is queued.
    func play(_ samples: [Int16], sampleRate: Int)
    /// Drops what is queued and not yet heard.
    func stop()
}

/// An input method the platform layer talks to itself (Caret's IBus client).
@MainActor
package protocol PlatformInputMethod: InputMethodService {
    /// Maps a rectangle in window points to screen pixels (the window's place and scale).
    var toScreen: (Rect) -> Rect { get set }
    /// The keysym the current layout gives an X keycode, 0 if none (nil: not on X11).
    var layoutKeysym: ((UInt32) -> UInt32)? { get set }
    /// Calls `wake` (from a thread of its own) when the input method sends something while the app sleeps.
    func startWatching(wake: @escaping @Sendable () -> Void)
    /// Disconnects.
    func close()
    /// Whether the daemon, once gone, is back on the bus (its name owned again): a gone client
    /// that can tell is kept watching until a new one is made.
    var daemonReturned: Bool { get }
}

extension PlatformInputMethod {
    /// A client that cannot tell its daemon is back: the wrapper retries on its schedule.
    package var daemonReturned: Bool { false }
}

/// What the platform layer gives the accessibility bus for a window.
@MainActor
package struct AccessibilityBusRequest {
    package var window: Window
    package var applicationName: String
    package var environment: [String: String]
    /// Wakes the app's loop from another thread.
    package var wake: @Sendable () -> Void
    /// The window's place on the screen and its pixels per point.
    package var screenGeometry: () -> (origin: Point, scale: Double)
    /// Whether the window has the keyboard focus.
    package var windowHasFocus: () -> Bool

    package init(
        window: Window, applicationName: String, environment: [String: String], wake: @escaping @Sendable () -> Void,
        screenGeometry: @escaping () -> (origin: Point, scale: Double), windowHasFocus: @escaping () -> Bool
    ) {
        self.window = window
        self.applicationName = applicationName
        self.environment = environment
        self.wake = wake
        self.screenGeometry = screenGeometry
        self.windowHasFocus = windowHasFocus
    }
}

/// A window's link to the accessibility bus, driven by the app's loop.
@MainActor
package protocol AccessibilityBusLink: AnyObject {
    /// Whether keys must go through `filter(_:timestamps:)` this turn.
    var filtersKeys: Bool { get }
    /// The events the window is to get: keys a screen reader consumed are taken out.
    func filter(_ events: [InputEvent], timestamps: [UInt32]) -> [InputEvent]
    /// After the window got a turn's events.
    func delivered(_ events: [InputEvent])
    /// Once per turn of the loop.
    func turn()
    /// Whether the loop must wake at least every 50 ms to answer the bus (it cannot be woken).
    var needsPolling: Bool { get }
    /// Stops watching and publishing.
    func close()
}
