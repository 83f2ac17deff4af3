// SPDX-License-Identifier: Apache-2.0
/// Modifier keys held during an event (UIKit's `UIKeyModifierFlags`).
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// Creates flags from a raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option) is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The Super/Windows key (Command on a Mac keyboard) is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
