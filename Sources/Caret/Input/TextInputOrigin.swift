// SPDX-License-Identifier: Apache-2.0
/// Where committed text comes from: it decides how text meets an open composition and whether
/// it can be an input method's echo.
public enum TextInputOrigin: Hashable, Sendable {
    /// The text of a hardware key, delivered right after the key went down.
    case key
    /// An input method's commit (or text a platform delivers on its own, as SDL does for IBus).
    case inputMethod
    /// A key of the on-screen keyboard.
    case onScreenKeyboard
}
