// SPDX-License-Identifier: Apache-2.0
import Caret

/// A backend for windows that are not on a screen: drawn into memory, measured with any font
/// provider, with an in-memory clipboard and a text-input connection that only records. The
/// headless test kit, the demo's frame measurement and the benchmarks all use it.
@preconcurrency @MainActor
public final class OffscreenBackend: Backend {
    /// Font metrics and shaping.
    public let fontProvider: FontProvider
    /// An in-memory clipboard.
    public let clipboard: Clipboard = MemoryClipboard()
    /// Records start/stop and the caret rectangle.
    public let textInput: TextInputConnection = RecordingTextInput()
    /// The clock animations and timers run on.
    public let clock: Clock
    /// A system input method of the backend's own (a scripted one in tests), or nil.
    public let inputMethod: InputMethodService?
    /// The on-screen keyboard's composition engines (a scripted provider or the real engines in tests).
    public var textComposers: TextComposerProvider?
    /// The writing pad's handwriting recognisers (a scripted provider or the real engines in tests).
    public var handwritingRecognizers: HandwritingRecognizerProvider?
    /// The spelling dictionaries a window made with this backend starts with (none by default).
    public var spellingDictionaries: SpellingDictionaries?
    /// How often the window asked to be woken for drawing.
    public private(set) var redrawRequests = 0

    /// Creates a backend with a font provider and a clock (the system clock by default).
    public init(fontProvider: FontProvider, clock: Clock = SystemClock(), inputMethod: InputMethodService? = nil) {
        self.fontProvider = fontProvider
        self.clock = clock
        self.inputMethod = inputMethod
    }

    /// Counts the request; there is no loop to wake.
    public func setNeedsRedraw() { redrawRequests += 1 }
}
