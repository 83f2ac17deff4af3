// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Autocorrection's search for the word being typed: what the suggestion bar highlights and what
/// space or punctuation puts in its place (docs/behaviour/changing-text.md, spelling). Hunspell's own guesses take tens of
/// milliseconds, so the correction is the most frequent word of the language's list one edit
/// away (a letter left out, added, swapped or mistyped), else a word one edit away that the
/// dictionary takes; before either, the word with marks its letters lack ("madchen" → Mädchen,
/// "strasse" → Straße), which keeps every letter typed. The correction keeps the typed word's
/// case (a capital first letter, or all capitals) unless the word needs a capital. Every part of it is made in steps, each within a budget of work
/// (`SearchBudget`): a tap makes the first step, so a tap costs the same whatever the word's
/// length, and the rest run after frames (`Animator.scheduleIdle`), the bar showing the
/// correction when it is found (about 3,400 dictionary checks for a word of 64 letters).
@MainActor
struct CorrectionSearch {
    /// The word searched for, as typed.
    let typed: String
    /// The correction, once the search is over (nil inside: none).
    private(set) var result: String??
    private let language: String
    private let lexicon: Lexicon?
    private var phase = Phase.word

    private enum Phase {
        /// The lexicon and the word itself.
        case word
        /// The capital the word may need ("i" → "I", "paris" → "Paris").
        case cased
        /// The listed word with the marks the typed letters lack, then one letter given a mark.
        case marks(MarkedVariants?, SuggestionProvider?)
        /// The list's words one edit away, the most frequent found so far.
        case list(EditSequence, SuggestionProvider, best: (word: String, rank: Int)?)
        /// The dictionary asked about every edit.
        case dictionary(EditSequence)
    }

    /// A search for a typed word; nothing is checked until `advance`.
    init(typed: String, language: String, lexicon: Lexicon?) {
        self.typed = typed
        self.language = language
        self.lexicon = lexicon
    }

    /// Goes on with the search until it is over or `budget` is spent; true when it is over.
    mutating func advance(checker: TextChecker, budget: inout SearchBudget) -> Bool {
        while result == nil && !budget.isSpent {
            switch phase {
            case .word: checkWord(checker: checker, budget: &budget)
            case .cased: checkCased(checker: checker, budget: &budget)
            case .marks(var variants, let list):
                guard let variant = variants?.next() else {
                    startEdits(list)
                    continue
                }
                if let accepted = acceptedForm(of: variant, checker: checker, budget: &budget) {
                    result = .some(SuggestionProvider.cased(accepted, like: typed))
                }
                phase = .marks(variants, list)
            case .list(var edits, let list, var best):
                guard let candidate = edits.next() else {
                    if let best {
                        result = .some(SuggestionProvider.cased(best.word, like: typed))
                    } else {
                        phase = .dictionary(EditSequence(word: Array(typed.lowercased()), letters: list.letters))
                    }
                    continue
                }
                budget.spendLookup()
                if let rank = list.rank(ofLowercased: candidate), rank < (best?.rank ?? .max),
                    let accepted = acceptedForm(of: candidate, checker: checker, budget: &budget)
                {
                    best = (accepted, rank)
                }
                phase = .list(edits, list, best: best)
            case var .dictionary(edits):
                guard let candidate = edits.next() else {
                    result = .some(nil)
                    continue
                }
                budget.spendCheck(of: candidate)
                if checker.isSpeltRight(candidate, language: language) { result = .some(SuggestionProvider.cased(candidate, like: typed)) }
                phase = .dictionary(edits)
            }
        }
        return result != nil
    }

    /// The lexicon decides, or the dictionary takes the word, or a word with a digit in it (a
    /// number, a code, "3.14a") is meant as typed, as on iOS.
    private mutating func checkWord(checker: TextChecker, budget: inout SearchBudget) {
        guard !typed.isEmpty else { return result = .some(nil) }
        if let entry = lexicon?.entry(typed: typed) { return result = .some(entry.documentText == typed ? nil : entry.documentText) }
        budget.spendCheck(of: typed)
        if lexicon?.contains(typed) == true || !checker.isMisspelt(typed, language: language) { return result = .some(nil) }
        if typed.contains(where: \.isNumber) { return result = .some(nil) }
        phase = .cased
    }

    /// The word as the dictionary takes it: as given, else with a capital (a German noun).
    private func acceptedForm(of word: String, checker: TextChecker, budget: inout SearchBudget) -> String? {
        budget.spendCheck(of: word)
        if !checker.isMisspelt(word, language: language) { return word }
        let capitalised = SuggestionProvider.capitalised(word)
        guard capitalised != word else { return nil }
        budget.spendCheck(of: capitalised)
        return checker.isMisspelt(capitalised, language: language) ? nil : capitalised
    }

    /// A capital the word needs (never all capitals: a typed "mad" is not "MAD"); then the
    /// marks its letters may lack: first the list's word with those letters, checked at once.
    private mutating func checkCased(checker: TextChecker, budget: inout SearchBudget) {
        let capitalised = SuggestionProvider.capitalised(typed)
        if capitalised != typed {
            budget.spendCheck(of: capitalised)
            if !checker.isMisspelt(capitalised, language: language) { return result = .some(capitalised) }
        }
        guard typed.count >= 2, typed.count <= SuggestionProvider.maximumWordLength else { return result = .some(nil) }
        let lower = typed.lowercased()
        let base = String(language.prefix { $0 != "_" && $0 != "-" })
        var list: SuggestionProvider?
        if case let .loaded(provider) = BundledWords.lists.entry(named: base) { list = provider }
        budget.spendLookup()
        if LetterFolding.folded(lower) == nil, let word = list?.folding.word(folding: lower),
            let accepted = acceptedForm(of: word, checker: checker, budget: &budget)
        {
            return result = .some(SuggestionProvider.cased(accepted, like: typed))
        }
        phase = .marks(list.map { MarkedVariants(word: Array(lower), letters: $0.letters) }, list)
    }

    /// The edits, the list's first when the word is no longer than its longest word plus one (no
    /// listed word is one edit from a longer one).
    private mutating func startEdits(_ list: SuggestionProvider?) {
        let lower = Array(typed.lowercased())
        let letters = list?.letters ?? Array(Set(lower.filter(\.isLetter)))
        if let list, lower.count <= list.longestWord + 1 {
            phase = .list(EditSequence(word: lower, letters: letters), list, best: nil)
        } else {
            phase = .dictionary(EditSequence(word: lower, letters: letters))
        }
    }
}

/// How much of a correction search may run now, in work units: a lookup in the word list costs
/// one, and a dictionary check of a word `checkCost` (Hunspell's time grows with the word's
/// length). Counted, not timed, so that a search makes the same steps on every run (the soak
/// replays a seed exactly); the units are sized from the tap benchmark on this machine.
struct SearchBudget {
    private(set) var units: Int

    /// What a tap may spend: the search's share of a tap's time (about 0.3 ms here).
    static let tap = SearchBudget(units: 400)
    /// What one idle step after a frame may spend (about 3 ms here).
    static let idleStep = SearchBudget(units: 4_000)

    /// The units a dictionary check of `word` costs.
    static func checkCost(of word: String) -> Int { 24 + 2 * word.utf8.count }

    /// Whether nothing is left.
    var isSpent: Bool { units <= 0 }

    mutating func spendLookup() { units -= 1 }

    mutating func spendCheck(of word: String) { units -= Self.checkCost(of: word) }
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
