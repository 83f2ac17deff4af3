// SPDX-License-Identifier: Apache-2.0

/// Automatic capitals (UIKit's `UITextAutocapitalizationType`).
public enum TextAutocapitalizationType: Int, Hashable, Sendable, CaseIterable {
    /// None.
    case none
    /// The first letter of each word.
    case words
    /// The first letter of each sentence.
    case sentences
    /// Every letter.
    case allCharacters
}
