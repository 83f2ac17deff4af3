// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSpell
import CaretTesting
import Foundation
import Testing

/// `TextChecker` (UIKit's `UITextChecker`) with the real Hunspell and Debian's dictionaries.
@Suite(.serialized) @MainActor
struct TextCheckerTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// Hunspell's dictionaries, given to each checker (no window's).
    static let hunspell = HunspellDictionaries()

    private func useHunspell() {
        TextChecker.learnedWordsPath = scratch.item("spell/learned-words.txt")
    }

    private func misspelt(_ text: String, _ language: String, checker: TextChecker = TextChecker(dictionaries: TextCheckerTests.hunspell)) -> [String]
    {
        var found: [String] = []
        var start = 0
        let ns = text as NSString
        while true {
            let range = checker.rangeOfMisspelledWord(
                in: text, range: NSRange(location: 0, length: ns.length), startingAt: start, wrap: false, language: language)
            if range.location == NSNotFound { break }
            found.append(ns.substring(with: range))
            start = range.location + range.length
        }
        return found
    }

    @Test func englishGermanFrenchSpanishRussianAndHebrewWords() {
        useHunspell()
        #expect(misspelt("The quick brown fox jumpd over the lazzy dog.", "en_US") == ["jumpd", "lazzy"])
        #expect(misspelt("Der schnelle braune Fuchs springt über den faulen Hund.", "de_DE") == [])
        #expect(misspelt("Die Straße ist läng und schön, nicht Strasse.", "de") == ["läng", "Strasse"])  // Swiss spelling is not de_DE's
        #expect(misspelt("Le renard brun saute par-dessus le chein paresseux.", "fr") == ["chein"])
        #expect(misspelt("El zorro marrón salta sobre el perro perezozo.", "es") == ["perezozo"])
        #expect(misspelt("Быстрая коричневая лиса прыгает через ленивую сабаку.", "ru") == ["сабаку"])
        #expect(misspelt("שלום עולם", "he").isEmpty)
        // No dictionary: nothing is misspelt, and there are no guesses.
        #expect(misspelt("qwzx", "xx").isEmpty)
        #expect(TextChecker(dictionaries: Self.hunspell).guesses(forWordRange: NSRange(location: 0, length: 4), in: "qwzx", language: "xx") == nil)
        #expect(misspelt("jumpd", "en_US", checker: TextChecker(dictionaries: nil)).isEmpty)
    }

    /// `TextChecker()` and `availableLanguages` are the newest window's dictionaries; each
    /// window has its own, and a checker asks its window's whenever it checks.
    @Test func aPlainCheckerUsesTheWindowsDictionaries() throws {
        useHunspell()
        let plain = try HeadlessWindow(fonts: .fixedAdvance(ratio: 0.5))
        #expect(plain.window.spellingDictionaries == nil)
        #expect(TextChecker.availableLanguages.isEmpty)
        let checker = TextChecker()
        #expect(misspelt("jumpd", "en_US", checker: checker).isEmpty)  // no dictionaries: nothing is misspelt
        let spelling = try HeadlessWindow(fonts: .fixedAdvance(ratio: 0.5), spelling: Self.hunspell)
        #expect(spelling.window.spellingDictionaries === Self.hunspell)
        #expect(plain.window.spellingDictionaries == nil)  // the other window keeps its own
        #expect(TextChecker.availableLanguages.contains("en_US") && TextChecker.availableLanguages.contains("he_IL"))
        #expect(!TextChecker.availableLanguages.contains("xx_XX"))
        #expect(misspelt("jumpd", "en_US", checker: checker) == ["jumpd"])  // the newest window's, asked now
        #expect(checker.spellingDictionaries === Self.hunspell)
        spelling.window.spellingDictionaries = nil
        #expect(misspelt("jumpd", "en_US", checker: checker).isEmpty)
        withExtendedLifetime((plain, spelling)) {}
    }

    /// A field's text is checked against the dictionaries of the window it is in: one set up
    /// before it joined a window is checked once it does, and dictionaries given to a window later
    /// (or taken away) turn its fields' checking on (or off).
    @Test func aFieldIsCheckedWithTheDictionariesOfItsWindowWheneverItGetsThem() throws {
        useHunspell()
        func field(in host: HeadlessWindow) -> TextField {
            let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
            field.spellCheckingType = .yes  // traits set while in no window
            field.text = "jumpd over"
            let root = View(frame: host.window.bounds)
            host.rootView = root
            root.addSubview(field)
            host.settle()
            host.drawFrame()
            host.advance(by: 0.1)
            return field
        }
        let checked = try HeadlessWindow(fonts: .fixedAdvance(ratio: 0.5), spelling: Self.hunspell)
        #expect(field(in: checked).editor.spelling.misspelledRanges == [0..<5])
        let later = try HeadlessWindow(fonts: .fixedAdvance(ratio: 0.5))
        let other = field(in: later)
        #expect(other.editor.spelling.misspelledRanges.isEmpty)
        later.window.spellingDictionaries = Self.hunspell
        later.drawFrame()
        later.advance(by: 0.1)
        #expect(other.editor.spelling.misspelledRanges == [0..<5])
        later.window.spellingDictionaries = nil
        #expect(other.editor.spelling.misspelledRanges.isEmpty)
    }

    @Test func guessesComeFromTheDictionary() {
        useHunspell()
        let checker = TextChecker(dictionaries: Self.hunspell)
        let text = "I recieve mail"
        let range = checker.rangeOfMisspelledWord(in: text, range: NSRange(location: 0, length: 14), startingAt: 0, wrap: false, language: "en_US")
        #expect(range == NSRange(location: 2, length: 7))
        #expect(checker.guesses(forWordRange: range, in: text, language: "en_US")?.first == "receive")
        #expect(checker.guesses(forWordRange: NSRange(location: 0, length: 5), in: "Hauss", language: "de_DE")?.contains("Haus") == true)
    }

    @Test func wrappingFindsAWordBeforeTheStart() {
        useHunspell()
        let checker = TextChecker(dictionaries: Self.hunspell)
        let text = "helo world"
        let whole = NSRange(location: 0, length: 10)
        #expect(checker.rangeOfMisspelledWord(in: text, range: whole, startingAt: 5, wrap: false, language: "en_US").location == NSNotFound)
        #expect(
            checker.rangeOfMisspelledWord(in: text, range: whole, startingAt: 5, wrap: true, language: "en_US") == NSRange(location: 0, length: 4))
        // Words with digits are not checked; apostrophes inside words are part of them.
        #expect(misspelt("abc123 don't", "en_US").isEmpty)
    }

    @Test func ignoredWordsAreThisCheckersLearnedWordsEveryonesAndKept() throws {
        useHunspell()
        let checker = TextChecker(dictionaries: Self.hunspell)
        #expect(misspelt("Caretkit rocks", "en_US", checker: checker) == ["Caretkit"])
        checker.ignoreWord("Caretkit")
        #expect(checker.ignoredWords == ["Caretkit"])
        #expect(misspelt("Caretkit rocks", "en_US", checker: checker).isEmpty)
        #expect(misspelt("Caretkit rocks", "en_US") == ["Caretkit"])  // another checker does not ignore it
        TextChecker.learnWord("Swiftly")
        #expect(TextChecker.hasLearnedWord("Swiftly"))
        #expect(misspelt("Swiftly gebaut", "de_DE").isEmpty)  // learned for every language
        // Kept in the user's file, written whole (atomically): a new path reads it back.
        let path = TextChecker.learnedWordsPath
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "Swiftly\n")
        TextChecker.learnedWordsPath = path  // forget the in-memory set, read the file again
        #expect(TextChecker.hasLearnedWord("Swiftly"))
        TextChecker.unlearnWord("Swiftly")
        #expect(!TextChecker.hasLearnedWord("Swiftly"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\n")
        #expect(TextChecker.saveError == nil)
    }

    @Test func completionsComeFromTheLanguagesWordListAndLearnedWords() {
        useHunspell()
        let checker = TextChecker(dictionaries: Self.hunspell)
        #expect(checker.completions(forPartialWordRange: NSRange(location: 0, length: 4), in: "zusa", language: "de_DE")?.first == "zusammen")
        #expect(checker.completions(forPartialWordRange: NSRange(location: 0, length: 3), in: "hel", language: "en_US")?.contains("hello") == true)
        TextChecker.learnWord("Caretastic")
        #expect(
            checker.completions(forPartialWordRange: NSRange(location: 0, length: 5), in: "Caret", language: "en_US")?.contains("Caretastic") == true)
        TextChecker.unlearnWord("Caretastic")
    }

    @Test func aLearnedWordsFileThatCannotBeWrittenIsReported() {
        useHunspell()
        TextChecker.learnedWordsPath = "/proc/caret-cannot-write/learned-words.txt"
        TextChecker.learnWord("Unkeepable")
        #expect(TextChecker.hasLearnedWord("Unkeepable"))  // learned for this run
        #expect(TextChecker.saveError != nil)
    }
}
