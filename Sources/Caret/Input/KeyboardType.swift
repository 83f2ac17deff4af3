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

extension KeyboardType {
    /// The case's name as the keyboard's layout files spell it ("numberPad"): named here, not
    /// read by reflection, which cost every launch 1.6 million instructions for twelve files.
    @_spi(Testing) public var name: String {
        switch self {
        case .default: "default"
        case .asciiCapable: "asciiCapable"
        case .numbersAndPunctuation: "numbersAndPunctuation"
        case .URL: "URL"
        case .numberPad: "numberPad"
        case .phonePad: "phonePad"
        case .namePhonePad: "namePhonePad"
        case .emailAddress: "emailAddress"
        case .decimalPad: "decimalPad"
        case .twitter: "twitter"
        case .webSearch: "webSearch"
        case .asciiCapableNumberPad: "asciiCapableNumberPad"
        }
    }
}
