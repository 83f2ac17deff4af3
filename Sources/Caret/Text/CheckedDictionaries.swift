// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A window's spelling dictionaries with the verdicts they gave: a text repeats its words, and a
/// verdict costs the dictionary a lookup with affix stripping. The verdicts are in one language at
/// a time (a text is checked in one language word after word): a change of language starts anew.
/// Made again when the window's dictionaries change, so no verdict outlives them.
@MainActor
final class CheckedDictionaries {
    let dictionaries: SpellingDictionaries
    private var verdicts: [String: Bool] = [:]
    private var verdictsLanguage: String?
    /// How many words the dictionaries were asked about (not answered from memory): what a tap costs.
    private(set) var lookups = 0

    init(_ dictionaries: SpellingDictionaries) { self.dictionaries = dictionaries }

    /// Whether a word is spelt right in a language; nil when the language has no dictionary.
    func isCorrect(_ word: String, language: String) -> Bool? {
        if verdictsLanguage != language || verdicts.count > 100_000 {
            verdicts = [:]
            verdictsLanguage = language
        }
        if let known = verdicts[word] { return known }
        lookups += 1
        guard let verdict = dictionaries.isCorrect(word, language: language) else { return nil }
        verdicts[word] = verdict
        return verdict
    }

    /// Forgets the verdicts, so that the next checks ask the dictionaries again.
    func forgetVerdicts() { verdicts = [:] }
}
