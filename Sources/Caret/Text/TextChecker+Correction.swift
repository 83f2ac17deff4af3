import Foundation

/// Autocorrection's search for the word being typed: what the suggestion bar highlights and what
/// space or punctuation puts in its place (SPEC §13). Hunspell's own guesses take tens of
/// milliseconds, so the correction is the most frequent word of the language's list one edit
/// away (a letter left out, added, swapped or mistyped), else a word one edit away that the
/// dictionary takes. That last search asks the dictionary about every edit (about 3,400 for a
/// word of 64 letters, some 100 ms), so it is made in steps of a few dictionary checks: a tap
/// makes the first step, and the rest run after frames (`Animator.scheduleIdle`), the bar showing
/// the correction when it is found. Everything before it is bounded: one check of the word and
/// its capitalised forms, and the list's edits only for words no longer than the list's longest
/// word plus one.
@MainActor
struct CorrectionSearch {
    /// The word searched for, as typed.
    let typed: String
    /// The correction, once the search is over (nil inside: none).
    private(set) var result: String??
    private let language: String
    private var edits: EditSequence?

    /// Starts the search for a typed word: the lexicon, whether the word is right, and the list's
    /// candidates are settled now; the dictionary's candidates are left to `advance`.
    init(typed: String, language: String, lexicon: Lexicon?, checker: TextChecker) {
        self.typed = typed
        self.language = language
        result = Self.settled(typed, language: language, lexicon: lexicon, checker: checker, edits: &edits)
    }

    /// Makes up to `budget` dictionary checks; true when the search is over.
    mutating func advance(checker: TextChecker, budget: Int) -> Bool {
        guard result == nil, var sequence = edits else { return true }
        var checks = 0
        while checks < budget {
            guard let candidate = sequence.next() else {
                result = .some(nil)
                edits = nil
                return true
            }
            checks += 1
            if checker.isSpeltRight(candidate, language: language) {
                result = .some(SuggestionProvider.cased(candidate, like: typed))
                edits = nil
                return true
            }
        }
        edits = sequence
        return false
    }

    /// What can be decided without the dictionary's long search: `.some(word or nil)`, or nil with
    /// `edits` set to the candidates the dictionary is to be asked about.
    private static func settled(
        _ typed: String, language: String, lexicon: Lexicon?, checker: TextChecker, edits: inout EditSequence?
    ) -> String?? {
        guard !typed.isEmpty else { return .some(nil) }
        if let entry = lexicon?.entry(typed: typed) { return .some(entry.documentText == typed ? nil : entry.documentText) }
        if lexicon?.contains(typed) == true || !checker.isMisspelt(typed, language: language) { return .some(nil) }
        // A word with a digit in it (a number, a code, "3.14a") is meant as typed, as on iOS.
        if typed.contains(where: \.isNumber) { return .some(nil) }
        // A capital the word needs ("i" → "I", "paris" → "Paris").
        for cased in [typed.prefix(1).uppercased() + typed.dropFirst(), typed.uppercased()] where cased != typed {
            if !checker.isMisspelt(cased, language: language) { return .some(cased) }
        }
        guard typed.count >= 2, typed.count <= SuggestionProvider.maximumWordLength else { return .some(nil) }
        let lower = Array(typed.lowercased())
        let base = String(language.prefix { $0 != "_" && $0 != "-" })
        var list: SuggestionProvider?
        if case let .loaded(provider) = BundledWordLists.shared.list(named: base) { list = provider }
        let letters = list?.letters ?? Array(Set(lower.filter(\.isLetter)))
        if let list, lower.count <= list.longestWord + 1 {
            var best: (word: String, rank: Int)?
            var sequence = EditSequence(word: lower, letters: letters)
            while let candidate = sequence.next() {
                guard let rank = list.rank(of: candidate), rank < (best?.rank ?? .max) else { continue }
                if !checker.isMisspelt(candidate, language: language) { best = (candidate, rank) }
            }
            if let best { return .some(SuggestionProvider.cased(best.word, like: typed)) }
        }
        edits = EditSequence(word: lower, letters: letters)
        return nil
    }
}

/// The words one edit away from a word, made one at a time, likeliest kinds first: two letters
/// swapped, one mistyped, one added, one left out.
struct EditSequence: IteratorProtocol {
    private let word: [Character]
    private let letters: [Character]
    private var kind = 0
    private var position = 0
    private var letter = 0

    init(word: [Character], letters: [Character]) {
        self.word = word
        self.letters = letters
    }

    mutating func next() -> String? {
        let n = word.count
        while kind < 4 {
            switch kind {
            case 0:  // swaps
                while position < n - 1 {
                    let i = position
                    position += 1
                    if word[i] != word[i + 1] {
                        var swapped = word
                        swapped.swapAt(i, i + 1)
                        return String(swapped)
                    }
                }
            case 1:  // replacements
                while position < n {
                    if letter < letters.count {
                        let replacement = letters[letter]
                        letter += 1
                        if replacement == word[position] { continue }
                        var replaced = word
                        replaced[position] = replacement
                        return String(replaced)
                    }
                    position += 1
                    letter = 0
                }
            case 2:  // insertions
                while position <= n {
                    if letter < letters.count {
                        var inserted = word
                        inserted.insert(letters[letter], at: position)
                        letter += 1
                        return String(inserted)
                    }
                    position += 1
                    letter = 0
                }
            default:  // deletions
                while position < n {
                    var removed = word
                    removed.remove(at: position)
                    position += 1
                    if !removed.isEmpty { return String(removed) }
                }
            }
            kind += 1
            position = 0
            letter = 0
        }
        return nil
    }
}
