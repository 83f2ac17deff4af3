import Foundation

/// Autocorrection's choice of word: what the suggestion bar highlights while a word is typed and
/// what space or punctuation puts in its place (SPEC §13). Fast enough for every keystroke:
/// Hunspell's own guesses take tens of milliseconds, so the correction is the most frequent word
/// of the language's list one edit away (a letter left out, added, swapped or mistyped), else
/// a word one edit away that the dictionary takes.
extension TextChecker {
    /// The correction for a typed word: the lexicon's text for its typed form; otherwise nil when
    /// the word is right (in the dictionary, learned, ignored here, in the lexicon), has a digit,
    /// or nothing likely is near.
    func correction(for typed: String, language: String, lexicon: Lexicon?) -> String? {
        guard !typed.isEmpty else { return nil }
        if let entry = lexicon?.entry(typed: typed) { return entry.documentText == typed ? nil : entry.documentText }
        if lexicon?.contains(typed) == true || !isMisspelt(typed, language: language) { return nil }
        // A word with a digit in it (a number, a code, "3.14a") is meant as typed, as on iOS.
        if typed.contains(where: \.isNumber) { return nil }
        // A capital the word needs ("i" → "I", "paris" → "Paris").
        for cased in [typed.prefix(1).uppercased() + typed.dropFirst(), typed.uppercased()] where cased != typed {
            if !isMisspelt(cased, language: language) { return cased }
        }
        guard typed.count >= 2, typed.count <= SuggestionProvider.maximumWordLength else { return nil }
        let lower = typed.lowercased()
        let base = String(language.prefix { $0 != "_" && $0 != "-" })
        var list: SuggestionProvider?
        if case let .loaded(provider) = BundledWordLists.shared.list(named: base) { list = provider }
        let letters = list?.letters ?? Array(Set(lower.filter(\.isLetter)))
        let candidates = Self.edits(of: Array(lower), letters: letters)
        var best: (word: String, rank: Int)?
        if let list {
            for candidate in candidates {
                guard let rank = list.rank(of: candidate), rank < (best?.rank ?? .max) else { continue }
                if !isMisspelt(candidate, language: language) { best = (candidate, rank) }
            }
        }
        if best == nil, let word = candidates.first(where: { isSpeltRight($0, language: language) }) { best = (word, .max) }
        guard let word = best?.word else { return nil }
        return SuggestionProvider.cased(word, like: typed)
    }

    /// The words one edit away from a word, likeliest kinds first: two letters swapped, one
    /// mistyped, one left out, one added.
    static func edits(of word: [Character], letters: [Character]) -> [String] {
        var edits: [String] = []
        let n = word.count
        for i in 0..<max(0, n - 1) where word[i] != word[i + 1] {
            var swapped = word
            swapped.swapAt(i, i + 1)
            edits.append(String(swapped))
        }
        for i in 0..<n {
            for letter in letters where letter != word[i] {
                var replaced = word
                replaced[i] = letter
                edits.append(String(replaced))
            }
        }
        for i in 0...n {
            for letter in letters {
                var inserted = word
                inserted.insert(letter, at: i)
                edits.append(String(inserted))
            }
        }
        for i in 0..<n {
            var removed = word
            removed.remove(at: i)
            if !removed.isEmpty { edits.append(String(removed)) }
        }
        return edits
    }

}
