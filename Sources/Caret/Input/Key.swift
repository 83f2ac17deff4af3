// SPDX-License-Identifier: Apache-2.0

/// A key press as the hardware reported it (UIKit's `UIKey`).
public struct Key: Hashable, Sendable {
    /// The physical key.
    public var keyCode: KeyboardHIDUsage
    /// The text the key produces with the current modifiers ("" for keys that produce none).
    public var characters: String
    /// The text the key produces in the current layout ignoring modifiers: use it for shortcuts
    /// (Ctrl+Z is "z" on a QWERTZ keyboard too).
    public var charactersIgnoringModifiers: String
    /// Modifier keys held.
    public var modifierFlags: KeyModifierFlags

    /// Creates a key.
    public init(
        keyCode: KeyboardHIDUsage, characters: String = "", charactersIgnoringModifiers: String = "",
        modifierFlags: KeyModifierFlags = []
    ) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}
