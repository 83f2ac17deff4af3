// SPDX-License-Identifier: Apache-2.0
/// Everything a window needs from its platform.
@preconcurrency @MainActor
public protocol Backend: AnyObject {
    /// Font metrics and shaping.
    var fontProvider: FontProvider { get }
    /// The clipboard.
    var clipboard: Clipboard { get }
    /// The text-input (IME) connection.
    var textInput: TextInputConnection { get }
    /// An input-method client of the backend's own, which sees keys before the views (nil: the
    /// platform's text input delivers compositions itself).
    var inputMethod: InputMethodService? { get }
    /// The clock animations and timers run on.
    var clock: Clock { get }
    /// The composition engines of the on-screen keyboard's Korean, Japanese and Chinese (nil:
    /// those languages are left out).
    var textComposers: TextComposerProvider? { get }
    /// The handwriting recognisers of the writing pad (nil: the core's Latin, Greek and Cyrillic
    /// ones, `BundledHandwritingRecognizers`).
    var handwritingRecognizers: HandwritingRecognizerProvider? { get }
    /// The spelling dictionaries a window made with this backend starts with
    /// (`Window.spellingDictionaries`; nil: no word is checked).
    var spellingDictionaries: SpellingDictionaries? { get }
    /// Asks for a frame to be drawn soon; an idle backend sleeps until this or an event.
    func setNeedsRedraw()
    /// Shows or hides the mouse pointer (a kiosk hides it).
    func setPointerVisible(_ visible: Bool)
}

extension Backend {
    /// Backends with no pointer have nothing to hide.
    public func setPointerVisible(_ visible: Bool) {}
    /// Backends without a client of their own leave compositions to the platform.
    public var inputMethod: InputMethodService? { nil }
    /// Backends without composition engines offer only the languages whose keys type.
    public var textComposers: TextComposerProvider? { nil }
    /// Backends without handwriting engines leave the writing pad to the core's recognisers.
    public var handwritingRecognizers: HandwritingRecognizerProvider? { nil }
    /// Backends without dictionaries check no spelling.
    public var spellingDictionaries: SpellingDictionaries? { nil }
}
