import CSDL2
import Caret

/// The system clipboard through SDL (X11 selections, Wayland data devices).
@MainActor
public final class SDLClipboard: Clipboard {
    /// Creates the clipboard; video must be running.
    public init() {}

    /// The clipboard's text, with invalid UTF-8 repaired to U+FFFD.
    public var string: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return repairedUTF8(raw)
        }
        set {
            // SDL's clipboard takes a C string: NUL would cut it short, so it is dropped (by
            // scalar: a NUL before a combining mark is one grapheme cluster to Foundation).
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: (newValue ?? "").unicodeScalars.lazy.filter { $0 != "\u{0}" })
            let text = String(scalars)
            SDL_SetClipboardText(text)
        }
    }

    /// Whether the clipboard holds text.
    public var hasStrings: Bool { SDL_HasClipboardText() == SDL_TRUE }

    /// Puts raw bytes on the clipboard, as another program might (they need not be valid UTF-8).
    public func setBytes(_ bytes: [UInt8]) {
        let terminated = bytes.filter { $0 != 0 } + [0]
        terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = SDL_SetClipboardText($0) }
        }
    }
}

/// A C string as text; bytes that are not UTF-8 become U+FFFD instead of failing.
func repairedUTF8(_ pointer: UnsafePointer<CChar>) -> String {
    let length = strlen(pointer)
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
}

/// SDL's text input (keyboard text and IME composition) for a window.
@MainActor
public final class SDLTextInput: TextInputConnection {
    private let pointsToWindowUnits: () -> Double

    /// Maps a rectangle of the app's to the panel's points (set by a rotated application).
    var toPanel: (Rect) -> Rect = { $0 }

    init(pointsToWindowUnits: @escaping () -> Double) { self.pointsToWindowUnits = pointsToWindowUnits }

    /// Whether SDL delivers text input now.
    public var isActive: Bool { SDL_IsTextInputActive() == SDL_TRUE }

    /// Starts text input (and the IME).
    public func startTextInput() { SDL_StartTextInput() }

    /// Stops text input.
    public func stopTextInput() { SDL_StopTextInput() }

    /// Makes the input method drop its composition (IBus and Fcitx reset their context).
    public func resetComposition() { SDL_ClearComposition() }

    /// Puts the IME candidate window next to the caret.
    public func setCaretRect(_ logical: Rect) {
        let rect = toPanel(logical)  // a rotated picture: where the caret is on the panel
        let k = pointsToWindowUnits()
        var r = SDL_Rect(
            x: Int32((rect.minX * k).rounded()), y: Int32((rect.minY * k).rounded()),
            w: Int32((rect.width * k).rounded()), h: Int32((rect.height * k).rounded()))
        SDL_SetTextInputRect(&r)
    }
}
