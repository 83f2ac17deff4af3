// SPDX-License-Identifier: Apache-2.0

/// Which keys the keyboard offers (UIKit's `UIKeyboardType`).
public enum KeyboardType: Int, Hashable, Sendable, CaseIterable {
    /// Letters, with number and symbol planes.
    case `default`
    /// ASCII letters only.
    case asciiCapable
    /// Numbers and punctuation first.
    case numbersAndPunctuation
    /// Letters with / . and .com for web addresses.
    case URL
    /// Digits only.
    case numberPad
    /// Digits with * and #.
    case phonePad
    /// A phone pad that can switch to letters for names.
    case namePhonePad
    /// Letters with @ and . for e-mail addresses.
    case emailAddress
    /// Digits and the locale's decimal separator.
    case decimalPad
    /// Letters with @ and #.
    case twitter
    /// Letters with a Go-style return for searching.
    case webSearch
    /// ASCII digits only.
    case asciiCapableNumberPad
}
