// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Words told apart only by their letters' marks ("mädchen" and "madchen", "việt" and "viet",
/// "straße" and "strasse"): a typist who leaves the marks out still gets the word, as a
/// completion and as autocorrection's first choice (before any word with other letters).
enum LetterFolding {
    /// Letters that are not a base letter and a mark, with the plain letters typed for them.
    private static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i",
    ]

    /// A word in lower case without the marks on its Latin letters ("việt" → "viet", "straße" →
    /// "strasse"); nil when it has none (marks on other scripts' letters are letters of their own:
    /// a Hindi vowel sign, an Arabic vowel).
    static func folded(_ lower: String) -> String? {
        guard !lower.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out = String.UnicodeScalarView()
        var changed = false
        var afterLatin = false
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark, afterLatin {
                changed = true
                continue
            }
            if let plain = special[scalar] {
                out.append(contentsOf: plain.unicodeScalars)
                changed = true
                afterLatin = true
                continue
            }
            if scalar.properties.generalCategory != .nonspacingMark { afterLatin = isLatin(scalar) }
            out.append(scalar)
        }
        return changed ? String(out).precomposedStringWithCanonicalMapping : nil
    }

    /// Whether each letter of `prefix` starts `word` at its place with its base and at least its
    /// marks ("viê" is in "việt": ê's circumflex is on ệ, with a dot below besides).
    static func marks(of prefix: String, areIn word: String) -> Bool {
        var letters = word.makeIterator()
        for typed in prefix {
            guard let letter = letters.next() else { return false }
            let have = Array(String(letter).decomposedStringWithCanonicalMapping.unicodeScalars)
            var rest = have[...]
            for scalar in String(typed).decomposedStringWithCanonicalMapping.unicodeScalars {
                guard let at = rest.firstIndex(of: scalar) else { return false }
                rest = rest[(at + 1)...]
            }
            if have.first != String(typed).decomposedStringWithCanonicalMapping.unicodeScalars.first { return false }
        }
        return true
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value)
    }
}

/// The listed words that have marks, by their letters without them: the most frequent word for a
/// word typed without its marks, and the completions of a prefix typed without them ("vie" →
/// việt, việc, viên).
struct FoldedWords: Sendable {
    /// The folded forms, sorted by their UTF-8 bytes, each with its word and the word's rank.
    private let sorted: [(folded: String, word: String, rank: Int)]
    /// The most frequent word of each folded form.
    private let best: [String: String]
    private let frequent: RankTree

    /// Folds the words of a list (in lower case, with their ranks) that have marks.
    init(words: [(word: String, rank: Int)]) {
        var entries: [(folded: String, word: String, rank: Int)] = []
        var best: [String: (word: String, rank: Int)] = [:]
        for entry in words {
            guard let folded = LetterFolding.folded(entry.word) else { continue }
            entries.append((folded, entry.word, entry.rank))
            if entry.rank < best[folded]?.rank ?? .max { best[folded] = (entry.word, entry.rank) }
        }
        entries.sort { a, b in
            a.folded.utf8.elementsEqual(b.folded.utf8) ? a.rank < b.rank : a.folded.utf8.lexicographicallyPrecedes(b.folded.utf8)
        }
        sorted = entries
        self.best = best.mapValues(\.word)
        frequent = RankTree(ranks: entries.map(\.rank))
    }

    /// The most frequent listed word that reads `plain` once its marks are dropped.
    func word(folding plain: String) -> String? { best[plain] }

    /// Up to `limit` words with marks whose letters without them start with `plain`, most
    /// frequent first.
    func completions(of plain: String, limit: Int) -> [(word: String, rank: Int)] {
        let run = SuggestionProvider.prefixRun(of: plain, count: sorted.count) { sorted[$0].folded }
        return frequent.mostFrequent(in: run, limit: limit).map { (sorted[$0].word, sorted[$0].rank) }
    }
}

/// A typed word with one of its letters given a mark the list's letters have (a → ä, e → ệ) or
/// "ss" made "ß": the corrections that keep every letter typed, tried before any other.
struct MarkedVariants: IteratorProtocol {
    private let word: [Character]
    /// The marked letters of the list, by the plain letter typed for them.
    private let marked: [Character: [Character]]
    private let sharpS: Bool
    private var position = 0
    private var index = 0

    init(word: [Character], letters: [Character]) {
        self.word = word
        var marked: [Character: [Character]] = [:]
        for letter in letters {
            guard let plain = LetterFolding.folded(String(letter)), plain.count == 1, let base = plain.first, base != letter else { continue }
            marked[base, default: []].append(letter)
        }
        self.marked = marked
        sharpS = letters.contains("ß")
    }

    mutating func next() -> String? {
        while position < word.count {
            let letter = word[position]
            let choices = marked[letter] ?? []
            if index < choices.count {
                var variant = word
                variant[position] = choices[index]
                index += 1
                return String(variant)
            }
            if index == choices.count {
                index += 1
                if sharpS, letter == "s", position + 1 < word.count, word[position + 1] == "s" {
                    var variant = word
                    variant.replaceSubrange(position...(position + 1), with: ["ß"])
                    return String(variant)
                }
            }
            position += 1
            index = 0
        }
        return nil
    }
}
