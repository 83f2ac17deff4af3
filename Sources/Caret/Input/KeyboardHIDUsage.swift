// SPDX-License-Identifier: Apache-2.0

/// A USB HID keyboard usage: the physical key, whatever the layout (UIKit's `UIKeyboardHIDUsage`).
/// SDL scancodes are these values, so backends pass them through unchanged.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    /// Creates a usage from its HID value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Whether the key is on the numeric keypad (Num Lock, its digits, operators, Enter, point).
    var isOnKeypad: Bool { (0x53...0x63).contains(rawValue) || rawValue == 0x67 || (0xB0...0xDD).contains(rawValue) }

    /// The A key; B to Z follow it in order.
    public static let keyboardA = KeyboardHIDUsage(rawValue: 0x04)
    /// The letter key for a character from "a" to "z".
    public static func letter(_ character: Character) -> KeyboardHIDUsage? {
        guard let ascii = character.lowercased().unicodeScalars.first?.value, (97...122).contains(ascii) else { return nil }
        return KeyboardHIDUsage(rawValue: 0x04 + Int(ascii) - 97)
    }
    /// The 1 key; 2 to 9 follow, then 0 (0x27).
    public static let keyboard1 = KeyboardHIDUsage(rawValue: 0x1E)
    /// Return or Enter.
    public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 0x28)
    /// Escape.
    public static let keyboardEscape = KeyboardHIDUsage(rawValue: 0x29)
    /// Backspace.
    public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 0x2A)
    /// Tab.
    public static let keyboardTab = KeyboardHIDUsage(rawValue: 0x2B)
    /// The space bar.
    public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 0x2C)
    /// Insert.
    public static let keyboardInsert = KeyboardHIDUsage(rawValue: 0x49)
    /// Home.
    public static let keyboardHome = KeyboardHIDUsage(rawValue: 0x4A)
    /// Page Up.
    public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 0x4B)
    /// Delete (forward delete).
    public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 0x4C)
    /// End.
    public static let keyboardEnd = KeyboardHIDUsage(rawValue: 0x4D)
    /// Page Down.
    public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 0x4E)
    /// Right arrow.
    public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 0x4F)
    /// Left arrow.
    public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 0x50)
    /// Down arrow.
    public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 0x51)
    /// Up arrow.
    public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 0x52)
    /// F12.
    public static let keyboardF12 = KeyboardHIDUsage(rawValue: 0x45)
    /// / on the keypad.
    public static let keypadSlash = KeyboardHIDUsage(rawValue: 0x54)
    /// * on the keypad.
    public static let keypadAsterisk = KeyboardHIDUsage(rawValue: 0x55)
    /// - on the keypad.
    public static let keypadHyphen = KeyboardHIDUsage(rawValue: 0x56)
    /// + on the keypad.
    public static let keypadPlus = KeyboardHIDUsage(rawValue: 0x57)
    /// Enter on the keypad.
    public static let keypadEnter = KeyboardHIDUsage(rawValue: 0x58)
    /// Left Control.
    public static let keyboardLeftControl = KeyboardHIDUsage(rawValue: 0xE0)
    /// Left Shift.
    public static let keyboardLeftShift = KeyboardHIDUsage(rawValue: 0xE1)
}
