// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Spelling dictionaries by language (Hunspell's, in `CaretSpell`): what `TextChecker` checks
/// words against. Languages are named as UIKit names them ("en_US", "de_DE").
@preconcurrency @MainActor
public protocol SpellingDictionaries: AnyObject {
    /// The languages with a dictionary.
    var availableLanguages: [String] { get }
    /// Whether a word is spelt right in a language ("de" finds "de_DE"); nil when the language
    /// has no dictionary.
    func isCorrect(_ word: String, language: String) -> Bool?
    /// Guesses for a misspelt word, best first.
    func guesses(for word: String, language: String) -> [String]
}
