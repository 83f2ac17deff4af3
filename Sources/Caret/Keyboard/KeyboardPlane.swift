// SPDX-License-Identifier: Apache-2.0

/// A plane of keys the keyboard shows (docs/behaviour/world-input.md): the language's letters,
/// numbers and symbols, or a pad's digits. Layout files name planes; they are read into this
/// once, as a type file loads (`KeyboardTypeLayout`), and an unknown name is an error there.
@_spi(Testing) public enum KeyboardPlane: String, CaseIterable, Hashable, Sendable {
    /// The language's letters.
    case letters
    /// The language's numbers.
    case numbers
    /// The language's symbols.
    case symbols
    /// A pad's own keys.
    case digits
}
