// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

/// The system clipboard through SDL (X11 selections, Wayland data devices).
@preconcurrency @MainActor
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
            let given = newValue ?? ""
            guard given.utf8.contains(0) else {
                SDL_SetClipboardText(given)  // the common case: no copy, no pass by scalar
                return
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: given.unicodeScalars.lazy.filter { $0 != "\u{0}" })
            SDL_SetClipboardText(String(scalars))
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
