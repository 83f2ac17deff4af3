// SPDX-License-Identifier: Apache-2.0
import Foundation

/// UIKit's `UITextChecker`: finds misspelt words in a string and guesses their spelling, with the
/// window's dictionaries (`Window.spellingDictionaries`: Hunspell's in an SDL app with the
/// `.spelling` engine), words learned for the user (kept in a file, written atomically) and words
/// this checker ignores.
@preconcurrency @MainActor
public final class TextChecker {
    /// Where a checker's dictionaries come from, asked at each check.
    private let source: () -> CheckedDictionaries?

    /// The dictionaries checked against: the window's (for `init()`, the newest window's), or
    /// those given to `init(dictionaries:)`; nil: none, and no word is misspelt.
    public var spellingDictionaries: SpellingDictionaries? { source()?.dictionaries }

    /// The languages with a dictionary ("en_US", "de_DE"): the newest window's dictionaries'.
    public static var availableLanguages: [String] { Screen.newestWindow?.spellingDictionaries?.availableLanguages ?? [] }

    /// The newest window's dictionaries: each window has its own now (`Window.spellingDictionaries`,
    /// its backend's unless the app sets others). Set with no window open, nothing takes them.
    @available(*, deprecated, message: "use Window.spellingDictionaries (each window's own), or TextChecker(dictionaries:)")
    public static var dictionaries: SpellingDictionaries? {
        get { Screen.newestWindow?.spellingDictionaries }
        set {
            guard let window = Screen.newestWindow else {
                FileHandle.standardError.write(
                    Data("caret: TextChecker.dictionaries set with no window open: set Window.spellingDictionaries instead\n".utf8))
                return
            }
            window.spellingDictionaries = newValue
        }
    }

    /// Where learned words are kept: `$XDG_STATE_HOME/caret/learned-words.txt` by default.
    public static var learnedWordsPath: String = {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/state")
        return base + "/caret/learned-words.txt"
    }()
    {
        didSet { learned = nil }
    }

    /// Words this checker treats as spelt right (UIKit's per-document ignore list).
    public var ignoredWords: [String]?

    /// Creates a checker with the newest window's dictionaries (as UIKit's checks with the system's).
    public init() { source = { Screen.newestWindow?.checkedDictionaries } }

    /// Creates a checker with dictionaries of the app's own (nil: none).
    public init(dictionaries: SpellingDictionaries?) {
        let checked = dictionaries.map(CheckedDictionaries.init)
        source = { checked }
    }

    /// A checker with a window's dictionaries, whichever they are when it checks.
    init(window: @escaping () -> Window?) { source = { window()?.checkedDictionaries } }

    /// The first misspelt word in `range` at or after `startingAt` (then from the range's start
    /// if `wrap`), or `NSRange(location: NSNotFound, length: 0)`.
    public func rangeOfMisspelledWord(
        in string: String, range: NSRange, startingAt startingOffset: Int, wrap wrapFlag: Bool, language: String
    ) -> NSRange {
        let notFound = NSRange(location: NSNotFound, length: 0)
        guard let dictionaries = source(), dictionaries.dictionaries.isCorrect("a", language: language) != nil else { return notFound }
        let words = Self.words(in: string, range: range)
        let after = words.filter { $0.range.location >= startingOffset }
        let before = wrapFlag ? words.filter { $0.range.location < startingOffset } : []
        for word in after + before where isMisspelt(word.text, language: language, dictionaries) { return word.range }
        return notFound
    }

    /// Guesses for the word in a range, best first; nil when the language has no dictionary.
    public func guesses(forWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let dictionaries = source(), dictionaries.dictionaries.isCorrect("a", language: language) != nil,
            let bounds = Range(range, in: string)
        else { return nil }
        let word = String(string[bounds])
        let found = dictionaries.dictionaries.guesses(for: word, language: language)
        // A word capitalised at a sentence's start ("Teh"): the guesses of the word in lower case,
        // capitalised, come first. Hunspell ranks names first for it ("Te", "Th", … "The" twelfth,
        // out of the menu's three).
        guard let first = word.first, first.isUppercase, word.count > 1, !word.dropFirst().contains(where: \.isUppercase) else { return found }
        let lower = dictionaries.dictionaries.guesses(for: word.lowercased(), language: language)
        var merged: [String] = []
        for guess in lower.map({ $0.prefix(1).uppercased() + $0.dropFirst() }) + found where !merged.contains(guess) && guess != word {
            merged.append(guess)
        }
        return merged
    }

    /// Words that complete the partial word in a range, most frequent first (the language's word
    /// list, then learned words); nil when there is neither.
    public func completions(forPartialWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let bounds = Range(range, in: string), !bounds.isEmpty else { return nil }
        let partial = String(string[bounds])
        let base = String(language.prefix { $0 != "_" && $0 != "-" })
        var found: [String] = []
        if case let .loaded(list) = BundledWords.lists.entry(named: base) {
            found = list.completions(of: partial, limit: 10)
        }
        let lower = partial.lowercased()
        for word in Self.learnedWords.sorted() where word.lowercased().hasPrefix(lower) && word.count > partial.count && !found.contains(word) {
            found.append(word)
        }
        return found.isEmpty ? nil : found
    }

    /// Treats a word as spelt right in this checker from now on.
    public func ignoreWord(_ wordToIgnore: String) {
        var words = ignoredWords ?? []
        if !words.contains(wordToIgnore) { words.append(wordToIgnore) }
        ignoredWords = words
    }

    /// Learns a word for the user: spelt right in every checker and language, kept across launches.
    public static func learnWord(_ word: String) {
        guard !word.isEmpty, !learnedWords.contains(word) else { return }
        learnedWords.insert(word)
        saveLearnedWords()
        SpellingState.learnedWordsDidChange()
    }

    /// Forgets a learned word.
    public static func unlearnWord(_ word: String) {
        guard learnedWords.remove(word) != nil else { return }
        saveLearnedWords()
        SpellingState.learnedWordsDidChange()
    }

    /// Whether a word was learned.
    public static func hasLearnedWord(_ word: String) -> Bool { learnedWords.contains(word) }

    /// Why the learned words could not be kept, if the last write failed (the words stay learned
    /// for this run).
    public private(set) static var saveError: CaretError?

    // MARK: Words

    private func isMisspelt(_ word: String, language: String, _ dictionaries: CheckedDictionaries) -> Bool {
        if ignoredWords?.contains(word) == true || Self.isLearned(word) { return false }
        return dictionaries.isCorrect(word, language: language) == false
    }

    /// Whether a word is misspelt in a language (not learned, not ignored here, rejected by the
    /// language's dictionary); false without a dictionary for the language.
    func isMisspelt(_ word: String, language: String) -> Bool {
        guard let dictionaries = source() else { return false }
        return isMisspelt(word, language: language, dictionaries)
    }

    /// Whether a language's dictionary takes a word (a learned or ignored word does not count).
    func isSpeltRight(_ word: String, language: String) -> Bool {
        source()?.isCorrect(word, language: language) == true
    }

    /// Whether a word was learned, as written or in lower case.
    static func isLearned(_ word: String) -> Bool {
        let learnedWords = learnedWords
        if learnedWords.isEmpty { return false }
        return learnedWords.contains(word) || (word.lowercased() != word && learnedWords.contains(word.lowercased()))
    }

    /// How many words the newest window's dictionaries were asked about (not answered from
    /// memory): what a tap costs.
    @_spi(Testing) public static var dictionaryLookups: Int { Screen.newestWindow?.checkedDictionaries?.lookups ?? 0 }

    /// Forgets the newest window's dictionaries' verdicts, so that the next checks ask them again
    /// (what a benchmark times).
    @_spi(Testing) public static func forgetVerdicts() { Screen.newestWindow?.checkedDictionaries?.forgetVerdicts() }

    /// The words of a range: runs of letters and marks, with apostrophes and hyphens inside them;
    /// a run holding a digit is no word to check (as UIKit skips "abc123").
    static func words(in string: String, range: NSRange) -> [(text: String, range: NSRange)] {
        guard let bounds = Range(range, in: string) else { return [] }
        let scalars = string.unicodeScalars
        var words: [(String, NSRange)] = []
        var start: String.Index?
        var startOffset = range.location
        var lastWordEnd = bounds.lowerBound, lastWordOffset = range.location  // after the last letter, digit or mark
        var offset = range.location
        var hasDigit = false
        func finish() {
            if let start, !hasDigit, lastWordEnd > start {
                words.append((String(scalars[start..<lastWordEnd]), NSRange(location: startOffset, length: lastWordOffset - startOffset)))
            }
            start = nil
            hasDigit = false
        }
        var index = bounds.lowerBound
        while index < bounds.upperBound {
            let scalar = scalars[index]
            let value = scalar.value
            var isWord: Bool, isDigit = false
            if value < 0x80 {
                isDigit = value >= 0x30 && value <= 0x39
                isWord = isDigit || (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A)
            } else {
                let properties = scalar.properties
                switch properties.generalCategory {
                case .decimalNumber, .letterNumber, .otherNumber: isDigit = true; isWord = true
                case .nonspacingMark, .spacingMark, .enclosingMark: isWord = start != nil
                default: isWord = properties.isAlphabetic
                }
            }
            let next = scalars.index(after: index)
            let width = value > 0xFFFF ? 2 : 1
            if isWord {
                if start == nil {
                    start = index
                    startOffset = offset
                }
                if isDigit { hasDigit = true }
                lastWordEnd = next
                lastWordOffset = offset + width
            } else if start != nil, value == 0x27 || value == 0x2019 || value == 0x2D {
                // An apostrophe or hyphen inside a word ("don't", "l’homme", "well-known").
            } else {
                finish()
            }
            offset += width
            index = next
        }
        finish()
        return words
    }

    // MARK: Learned words

    private static var learned: Set<String>?

    private static var learnedWords: Set<String> {
        get {
            if let learned { return learned }
            let text = (FileManager.default.contents(atPath: learnedWordsPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let words = Set(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty })
            learned = words
            return words
        }
        set { learned = newValue }
    }

    /// Writes the learned words (sorted, one a line) to a temporary file and renames it over the old.
    private static func saveLearnedWords() {
        let url = URL(fileURLWithPath: learnedWordsPath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = learnedWords.sorted().joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: url, options: .atomic)
            saveError = nil
        } catch {
            saveError = .assetUnreadable(path: learnedWordsPath, reason: "learned words not kept: \(error.localizedDescription)")
        }
    }
}
