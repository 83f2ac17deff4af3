// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How many keystrokes the bar's words save on a text (docs/keyboard.md, next words): each word is
/// typed letter by letter until the bar's three offer it (then one tap puts it in with its space)
/// or it is all typed (then a space). The text's words in lower case, punctuation left out (it is
/// typed either way); the bar is the predictor's, with nothing learned.
@_spi(Testing) public enum KeystrokeSavings {
    /// Keys pressed with the bar and without it (letters and spaces).
    public struct Count: Sendable {
        /// Keystrokes with the bar.
        public var pressed = 0
        /// Keystrokes without it: every letter and a space per word.
        public var typed = 0
        /// The share of keystrokes saved.
        public var savings: Double { typed == 0 ? 0 : 1 - Double(pressed) / Double(typed) }
    }

    /// Measures a text (sentences on lines, or runs ended by full stops) against a language's
    /// bundled list and bigram table; nil when the language has no list.
    @MainActor public static func measure(_ text: String, list: String, usingPairs: Bool = true) -> Count? {
        guard case let .loaded(provider) = BundledWords.lists.entry(named: list) else { return nil }
        var pairs: WordPairs?
        if usingPairs, case let .loaded(table) = BundledWords.pairs.entry(named: list) { pairs = table }
        let predictor = WordPredictor(provider: provider, pairs: pairs, learned: nil)
        var count = Count()
        for line in text.split(whereSeparator: \.isNewline) {
            var context: String? = ""
            for raw in line.split(separator: " ") {
                let ends = raw.last.map { ".!?。！？؟।".contains($0) } ?? false
                let word = raw.trimmingCharacters(in: .punctuationCharacters.union(.symbols)).lowercased()
                guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else {
                    context = ends ? "" : nil
                    continue
                }
                count.typed += word.count + 1
                count.pressed += presses(for: word, after: context, predictor)
                context = ends ? "" : word
            }
        }
        return count
    }

    /// Keys pressed for one word and its space.
    static func presses(for word: String, after context: String?, _ predictor: WordPredictor) -> Int {
        let letters = Array(word)
        for typed in 0...letters.count {
            let prefix = String(letters[..<typed])
            let bar = typed == 0 ? predictor.predictions(after: context) : predictor.completions(of: prefix, after: context)
            if bar.contains(word) { return typed + 1 }
        }
        return letters.count + 1
    }
}
