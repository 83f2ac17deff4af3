// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText
import Foundation

/// The platform services of an SDL window: fonts, clipboard, text input and the clock. The
/// window holds it (as its `Backend`); it holds nothing of the window's, so no cycle keeps either alive.
@preconcurrency @MainActor
public final class SDLBackend: Backend {
    /// The fonts, shaped by HarfBuzz and drawn through FreeType, with fallback through fontconfig.
    public let fonts: ShapingFontProvider
    /// Font metrics and shaping.
    public var fontProvider: FontProvider { fonts }
    /// The system clipboard.
    public let clipboard: Clipboard
    /// SDL's text input.
    public let textInput: TextInputConnection
    /// The monotonic clock.
    public let clock: Clock = SystemClock()
    /// Caret's own IBus client (nil: SDL handles the input method).
    public let inputMethod: InputMethodService?
    /// The on-screen keyboard's composition engines, with `.composition`: libhangul, librime and anthy.
    public let textComposers: TextComposerProvider?
    /// The writing pad's handwriting recognisers, with `.handwriting`: zinnia and the core's.
    public let handwritingRecognizers: HandwritingRecognizerProvider?
    /// The spelling dictionaries the window starts with, with `.spelling`: Hunspell's.
    public let spellingDictionaries: SpellingDictionaries?

    init(
        fonts: ShapingFontProvider, clipboard: Clipboard, textInput: TextInputConnection, inputMethod: InputMethodService?,
        textComposers: TextComposerProvider?, handwritingRecognizers: HandwritingRecognizerProvider? = nil,
        spellingDictionaries: SpellingDictionaries? = nil
    ) {
        self.spellingDictionaries = spellingDictionaries
        self.textComposers = textComposers
        self.handwritingRecognizers = handwritingRecognizers
        self.fonts = fonts
        self.clipboard = clipboard
        self.textInput = textInput
        self.inputMethod = inputMethod
    }

    /// Nothing to do: the loop checks the window after every wake-up.
    public func setNeedsRedraw() {}

    /// Shows or hides SDL's mouse cursor.
    public func setPointerVisible(_ visible: Bool) {
        _ = SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }
}
