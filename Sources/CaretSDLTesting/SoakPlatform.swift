// SPDX-License-Identifier: Apache-2.0
import Caret
@_spi(Testing) import CaretSDL

/// The platform's side of a soak: raw text bytes go through SDL's event translation, exactly as
/// an input method's text does in an app.
@preconcurrency @MainActor
public enum SoakPlatform {
    /// The window events SDL's text-input path makes of raw bytes (invalid UTF-8 repaired).
    public static func textInputEvents(_ bytes: [UInt8]) -> [InputEvent] { SDLEventPath.textInputEvents(bytes: bytes) }
}

extension SoakPlatform {
    /// The window events SDL's preedit path makes of a preedit whose cursor counts code points.
    public static func textEditingEvents(_ text: String, start: Int, length: Int) -> [InputEvent] {
        SDLEventPath.textEditingEvents(text, start: start, length: length)
    }
}
