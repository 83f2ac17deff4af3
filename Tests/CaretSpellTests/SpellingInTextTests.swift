// SPDX-License-Identifier: Apache-2.0

import CaretSpell
import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Logs what a field's delegate is asked, and can rewrite the edit menu.
@MainActor
final class SpellingDelegate: TextFieldDelegate {
    var log: [String] = []
    var menuTitles: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("shouldChange \(range.location)+\(range.length) \"\(string)\"")
        return true
    }
    func textFieldDidChangeSelection(_ textField: TextField) {}
    func textField(_ textField: TextField, editMenuForCharactersInRanges ranges: [NSRange], suggestedActions: [EditMenuAction]) -> [EditMenuAction]? {
        menuTitles = suggestedActions.map(\.title)
        return nil
    }
}

/// Spell checking and autocorrection in fields and text views (SPEC §13) with Hunspell's
/// dictionaries: underlines, the edit menu's guesses, the suggestion bar's correction.
@Suite(.serialized) @MainActor
struct SpellingInTextTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    static let hunspell = HunspellDictionaries()

    /// A window (fixed-advance font: 10 points a character) with a field, the keyboard up.
    func make(
        width: Double = 800, configure: (TextField) -> Void = { _ in }
    ) throws -> (HeadlessWindow, TextField, SpellingDelegate, KeyboardDriver) {
        TextChecker.learnedWordsPath = scratch.item("spelling/learned.txt")
        let host = try HeadlessWindow(size: Size(width: width, height: 480), fonts: .fixedAdvance(ratio: 0.5), spelling: Self.hunspell)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 600, height: 40))
        field.autocapitalizationType = .none
        let delegate = SpellingDelegate()
        field.delegate = delegate
        configure(field)
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.layout()
        field.becomeFirstResponder()
        settle(host)
        return (host, field, delegate, KeyboardDriver(host))
    }

    /// Lets animations end, a frame be drawn (its layout phase checks what shows) and idle steps run.
    func settle(_ host: HeadlessWindow) {
        host.settle()
        host.drawFrame()
        host.advance(by: 0.1)
    }

    func type(_ text: String, _ keys: KeyboardDriver, _ host: HeadlessWindow) {
        for character in text {
            if character == " " { _ = keys.tap(.space) } else { _ = keys.tap(label: String(character)) }
            host.advance(by: 0.3)
        }
        settle(host)
    }

    @Test func anUnderlineComesOnlyOnceAWordEndsAndGoesWhenItIsFixed() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        for character in "the wrold" { field.insertText(String(character)) }
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)  // the caret still ends "wrold"
        field.insertText(" ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [4..<9])
        let stored = try #require(field.attributedText)
        #expect((0..<stored.utf16Count).allSatisfy { stored.attributes(at: $0).underlineStyle == nil })  // drawn, never stored
        // Fixed: "wrold" becomes "world", and the underline goes.
        field.selectedRange = NSRange(location: 5, length: 2)
        field.insertText("or")
        field.selectedRange = NSRange(location: 10, length: 0)
        settle(host)
        #expect(field.text == "the world " && field.editor.spelling.misspelledRanges.isEmpty)
        // A word left by the caret is finished too.
        field.insertText("teh")
        field.selectedRange = NSRange(location: 0, length: 0)
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [10..<13])
    }

    @Test func aKeystrokeChecksOnlyTheWordsItTouched() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        field.text = (0..<50).map { "word\($0 % 2 == 0 ? "" : "x")" }.joined(separator: " ").replacingOccurrences(of: "wordx", with: "wrod")
        field.selectedRange = NSRange(location: 4, length: 0)
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.count == 25)
        let checked = field.editor.spelling.checkedWordCount
        field.insertText("s")
        settle(host)
        #expect(field.editor.spelling.checkedWordCount - checked <= 2)  // "words", and no other
        #expect(field.editor.spelling.misspelledRanges.count == 25)
    }

    @Test func aLongTextViewIsCheckedOnScreenFirstAndTheRestInIdleSteps() throws {
        TextChecker.learnedWordsPath = scratch.item("spelling/learned.txt")
        let host = try HeadlessWindow(size: Size(width: 600, height: 400), fonts: .fixedAdvance(ratio: 0.5), spelling: Self.hunspell)
        let view = TextView(frame: Rect(x: 0, y: 0, width: 600, height: 400))
        host.rootView = view
        view.text = (0..<20_000).map { "line \($0) has a wrold in it" }.joined(separator: "\n")
        host.layout()
        view.becomeFirstResponder()
        host.drawFrame()
        let onScreen = view.editor.spelling.misspelledRanges.count
        #expect(onScreen > 0 && onScreen < 100)  // what shows, not the 20,000 lines
        view.insertText("a")  // typing is not held up
        host.drawFrame()
        #expect(view.text.hasSuffix("in ita"))
        host.advance(by: 60)
        #expect(view.editor.spelling.misspelledRanges.count == 20_000)
    }

    @Test func aTapOnAnUnderlinedWordOffersGuessesLearnAndIgnore() throws {
        let (host, field, delegate, _) = try make { $0.autocorrectionType = .no }
        field.insertText("I recieve mail ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [2..<9])
        // The word's middle, in the window: 10 points a character after the field's inset.
        let word = field.editor.convert(field.editor.caretRect(at: 5), to: nil)
        host.input.tap(at: Point(x: word.midX, y: word.midY))
        settle(host)
        let menu = try #require(field.editor.interaction.editMenu)
        #expect(field.selectedRange == NSRange(location: 2, length: 7))
        #expect(menu.actions.first?.title == "receive" && menu.actions.first?.identifier == .replacement("receive"))
        #expect(delegate.menuTitles.prefix(1) == ["receive"] && delegate.menuTitles.contains("Learn") && delegate.menuTitles.contains("Ignore"))
        delegate.log.removeAll()
        field.editor.interaction.dismissEditMenu()
        menu.actions[0].handler()
        settle(host)
        #expect(field.text == "I receive mail " && delegate.log == ["shouldChange 2+7 \"receive\""])
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
    }

    /// A sentence's first word misspelt ("Teh") is offered what its lower case is, capitalised:
    /// Hunspell alone put "The" twelfth, after names, and the menu shows three.
    @Test func aCapitalisedMisspeltWordIsOfferedTheCapitalisedWordFirst() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        field.insertText("Teh cat sat ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [0..<3])
        let word = field.editor.convert(field.editor.caretRect(at: 1), to: nil)
        host.input.tap(at: Point(x: word.midX + 2, y: word.midY))
        settle(host)
        let menu = try #require(field.editor.interaction.editMenu)
        #expect(menu.actions.first?.identifier == .replacement("The"), "\(menu.actions.map(\.title))")
        let lower = try #require(
            TextChecker(dictionaries: TextCheckerTests.hunspell).guesses(
                forWordRange: NSRange(location: 0, length: 3), in: "teh", language: "en_US"))
        #expect(lower.first == "the", "the lower-case word's own first guess, from which the capital comes")
    }

    @Test func learnClearsTheWordEverywhereAndIgnoreOnlyHere() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        let other = TextField(frame: Rect(x: 10, y: 60, width: 600, height: 40))
        other.autocorrectionType = .no
        host.rootView?.addSubview(other)
        other.text = "zorblat and frumple here"
        field.insertText("zorblat and frumple ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [0..<7, 12..<19] && other.editor.spelling.misspelledRanges == [0..<7, 12..<19])
        field.selectedRange = NSRange(location: 0, length: 7)
        let learn = try #require(field.editor.interaction.suggestedEditActions().first { $0.identifier == .learnSpelling })
        learn.handler()
        settle(host)
        #expect(TextChecker.hasLearnedWord("zorblat"))
        #expect(field.editor.spelling.misspelledRanges == [12..<19] && other.editor.spelling.misspelledRanges == [12..<19])
        field.selectedRange = NSRange(location: 12, length: 7)
        let ignore = try #require(field.editor.interaction.suggestedEditActions().first { $0.identifier == .ignoreSpelling })
        ignore.handler()
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty && other.editor.spelling.misspelledRanges == [12..<19])
        TextChecker.unlearnWord("zorblat")
    }

    @Test func theKeyboardsLanguageAParagraphsLanguageAndTheViewsLanguageChooseTheDictionary() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        host.window.keyboard.languages = ["en", "de"]
        settle(host)
        field.insertText("Haus und Garten ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [0..<4, 5..<8, 9..<15])  // not English
        // Typed in German, German words are German; what was typed in English stays English.
        host.window.keyboard.showLanguage("de")
        settle(host)
        field.insertText("Haus ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [0..<4, 5..<8, 9..<15])
        // The view's own language is all its text's.
        field.accessibilityLanguage = "en_US"
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.count == 4)
        // A text view whose second paragraph is Russian.
        let view = TextView(frame: Rect(x: 0, y: 100, width: 600, height: 200))
        host.rootView?.addSubview(view)
        var text = TextDocument("The qick fox\nБыстрая лиса и сабака")
        text.setAttributes(TextAttributes(languageIdentifier: "ru"), range: 13..<text.utf16Count)
        view.attributedText = text
        view.accessibilityLanguage = "en_US"
        settle(host)
        #expect(view.editor.spelling.misspelledRanges.map { view.editor.model.document.substring($0) } == ["qick", "сабака"])
        // Without its language, the Russian line is another script's: left alone, not misspelt English.
        view.attributedText = TextDocument("The qick fox\nБыстрая лиса и сабака")
        settle(host)
        #expect(view.editor.spelling.misspelledRanges.map { view.editor.model.document.substring($0) } == ["qick"])
    }

    @Test func aCorrectionGoesInOnSpaceAndBackspaceRightAfterTakesItBack() throws {
        let (host, field, delegate, keys) = try make()
        type("teh", keys, host)
        let keyboard = try #require(keys.keyboard)
        #expect(keyboard.typedWord == "teh" && keyboard.correction == "the")
        #expect(keyboard.barItems.prefix(2) == [.typed("teh"), .correction("the")])
        #expect(keyboard.barItems.count == 3)  // and a completion
        delegate.log.removeAll()
        type(" ", keys, host)
        #expect(field.text == "the " && delegate.log == ["shouldChange 0+3 \"the \""])  // one change: word and space
        _ = keys.tap(.backspace)
        settle(host)
        #expect(field.text == "teh" && delegate.log.last == "shouldChange 0+4 \"teh\"")
        #expect(keyboard.correction == nil)  // not corrected again there
        type(" ", keys, host)
        #expect(field.text == "teh ")
        // Undo takes a correction back in one step.
        type("adn ", keys, host)
        #expect(field.text == "teh and ")
        field.editor.undo()
        #expect(field.text?.hasPrefix("teh adn") == true)
    }

    /// Checking a long text runs as idle work after the frame, never in the tick before it (where
    /// it held up every keystroke's frame in a 20,000-line text view by a step).
    @Test func checkingALongTextWaitsForTheFrame() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5), spelling: Self.hunspell)
        let view = TextView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        host.rootView = view
        view.text = String(repeating: "teh wrold is big\n", count: 5_000)
        host.drawFrame()  // its layout phase checks what shows
        let checked = view.editor.spelling.misspelledRanges.count
        #expect(checked > 0 && !view.editor.spelling.isComplete)
        host.window.tick()
        #expect(view.editor.spelling.misspelledRanges.count == checked, "a spelling step ran in the tick, before the frame")
        host.window.animator.runIdleWork()
        #expect(view.editor.spelling.misspelledRanges.count > checked)
    }

    /// A word with a digit in it ("3.14a") is left as typed, as on iOS (soak seed 261128038: Return
    /// corrected "3.14a" to "3.14").
    @Test func wordsWithDigitsAreLeftAlone() throws {
        let (host, field, _, keys) = try make()
        let keyboard = try #require(keys.keyboard)
        field.insertText("3.14")
        type("a", keys, host)
        #expect(keyboard.correction == nil)
        _ = keys.tap(.return)
        settle(host)
        #expect(field.text == "3.14a")
    }

    /// Issue 41, defect 5: a word put back twice was corrected again on the second space ("teh",
    /// space, ⌫, space, ⌫, space gave "the "). Once put back, a word stays as typed.
    @Test func aWordPutBackIsNeverCorrectedAgain() throws {
        let (host, field, _, keys) = try make()
        let keyboard = try #require(keys.keyboard)
        var expected = ""
        for word in ["teh", "adn", "recieve", "becuase", "wich", "thier", "seperate", "untill"] {
            type(word, keys, host)
            let correction = try #require(keyboard.correction, "no correction for \(word)")
            type(" ", keys, host)
            #expect(field.text == expected + correction + " ")
            for _ in 0..<2 {
                _ = keys.tap(.backspace)  // the first puts the word back, the second takes the space
                settle(host)
                #expect(field.text == expected + word)
                type(" ", keys, host)
                #expect(field.text == expected + word + " ", "\(word) was corrected again")
            }
            expected += word + " "
        }
        // Put back in one field, it is left alone in the next one too.
        let other = TextField(frame: Rect(x: 0, y: 60, width: 400, height: 40))
        other.autocapitalizationType = .none
        host.rootView?.addSubview(other)
        #expect(other.becomeFirstResponder())
        settle(host)
        type("teh ", keys, host)
        #expect(other.text == "teh ")
    }

    @Test func learnedWordsTheLexiconAndNoCorrectionLeaveWordsAlone() throws {
        let (host, field, _, keys) = try make()
        TextChecker.learnWord("qux")
        host.window.keyboard.lexicon = Lexicon(entries: [
            LexiconEntry(userInput: "caretkit", documentText: "caretkit"), LexiconEntry(userInput: "omw", documentText: "on my way"),
        ])
        type("qux caretkit omw ", keys, host)
        #expect(field.text == "qux caretkit on my way ")
        TextChecker.unlearnWord("qux")
        field.autocorrectionType = .no
        type("teh ", keys, host)
        #expect(field.text?.hasSuffix("teh ") == true)
    }

    @Test(arguments: [KeyboardType.emailAddress, .URL])
    func noCheckingOrCorrectionForAddresses(_ type: KeyboardType) throws {
        let (host, field, _, keys) = try make { $0.keyboardType = type }
        self.type("teh", keys, host)
        #expect(keys.keyboard?.correction == nil)
        field.insertText(" ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
    }

    @Test func aRightClickOnAnUnderlinedWordOffersItsGuessesToo() throws {
        let (host, field, delegate, _) = try make { $0.autocorrectionType = .no }
        field.insertText("I recieve mail ")
        settle(host)
        let word = field.editor.convert(field.editor.caretRect(at: 5), to: nil)
        host.input.click(at: Point(x: word.midX, y: word.midY), button: .secondary)
        settle(host)
        #expect(field.editor.interaction.editMenu != nil && field.selectedRange == NSRange(location: 2, length: 7))
        #expect(delegate.menuTitles.first == "receive")
    }

    @Test func turningCheckingOffTakesTheUnderlinesAway() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        field.insertText("the wrold ")
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [4..<9])
        field.spellCheckingType = .no
        settle(host)
        #expect(field.editor.spelling.misspelledRanges.isEmpty)
        field.spellCheckingType = .yes
        settle(host)
        #expect(field.editor.spelling.misspelledRanges == [4..<9])
    }

    @Test func aLongLineIsCheckedWhereItShowsFirst() throws {
        let (host, field, _, _) = try make { $0.autocorrectionType = .no }
        field.text = Array(repeating: "wrold", count: 2_000).joined(separator: " ")
        field.resignFirstResponder()
        host.drawFrame()
        let shown = field.editor.spelling.misspelledRanges.count
        #expect(shown > 0 && shown < 200)  // the part of the line in the field (600 points)
        host.advance(by: 1)
        #expect(field.editor.spelling.misspelledRanges.count == 2_000)
    }

    @Test func returnAppliesTheCorrectionToo() throws {
        let (host, field, delegate, keys) = try make()
        type("teh", keys, host)
        delegate.log.removeAll()
        _ = keys.tap(.return)
        settle(host)
        #expect(field.text == "the" && delegate.log.first == "shouldChange 0+3 \"the\"")
    }
}

/// A tap costs the same whatever the word's length: autocorrection's long search (the dictionary
/// asked about every edit of a word no listed word is near) runs after frames, a step at a time,
/// and the bar shows its correction when it is found (issue 43).
@Suite(.serialized) @MainActor
struct BoundedCorrectionTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// A field with the keyboard up and Hunspell's dictionaries, autocapitalisation off.
    static func make(in scratch: TemporaryFolder) throws -> (HeadlessWindow, TextField, KeyboardDriver) {
        TextChecker.learnedWordsPath = scratch.item("spelling/learned.txt")
        let host = try HeadlessWindow(
            size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5), spelling: SpellingInTextTests.hunspell)
        host.rootView = View()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 600, height: 40))
        field.autocapitalizationType = .none
        host.rootView?.addSubview(field)
        host.window.keyboard.policy = .always
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        host.drawFrame()
        return (host, field, KeyboardDriver(host))
    }

    /// A finger down and up on a key, with no time for frames or idle work in between.
    private func tapNow(_ label: Character, _ host: HeadlessWindow) throws {
        host.layout()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let entry = try #require(keyboard.keyFrames.first { $0.key.label == String(label) && $0.key.action != .space })
        let point = keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.window.send(.touch(id: 1, phase: .ended, location: point))
    }

    @Test func aSixtyFourLetterWordAsksTheDictionaryAFewTimesATap() throws {
        let (host, field, _) = try Self.make(in: scratch)
        let word = String(repeating: "qzxjvk", count: 11).prefix(64)
        var typed = ""
        for letter in word {
            typed.append(letter)
            let before = TextChecker.dictionaryLookups
            try tapNow(letter, host)
            let asked = TextChecker.dictionaryLookups - before
            // A tap's budget: as many checks of the word as it holds, and one more begun as it ran out.
            let most = SearchBudget.tap.units / SearchBudget.checkCost(of: typed) + 1
            #expect(asked <= most, "the tap that made \(typed.count) letters asked the dictionary \(asked) times, not at most \(most)")
            host.drawFrame()  // the frame, then the idle step after it (not counted for the next tap)
            host.window.animator.runIdleWork()
        }
        #expect(field.text == String(word))
        #expect(
            SearchBudget.tap.units / SearchBudget.checkCost(of: String(word)) + 1 <= 3, "a long word's tap asks the dictionary at most three times")
    }

    @Test func aCorrectionOnlyTheDictionaryKnowsShowsAfterFramesAndSpaceTakesIt() throws {
        let (host, field, keys) = try Self.make(in: scratch)
        let typo = "antidisestablishmentarianisn"  // longer than any word in the list, one letter wrong
        for letter in typo { try tapNow(letter, host) }
        let keyboard = try #require(keys.keyboard)
        #expect(keyboard.correction == nil, "the search is not over at the tap")
        var steps = 0
        while keyboard.correction == nil && steps < 200 {
            host.drawFrame()
            host.window.animator.runIdleWork()
            steps += 1
        }
        #expect(keyboard.correction == "antidisestablishmentarianism" && keyboard.typedWord == typo, "after \(steps) steps")
        #expect(steps >= 1)
        #expect(keys.tap(.space))
        #expect(field.text == "antidisestablishmentarianism ")
    }
}

/// One search step waits at a time after taps (issue 43: each tap of a long word added its own
/// chain of idle steps, each searching the word being typed with a whole step's budget).
@Suite(.serialized) @MainActor
struct SearchStepTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    @Test func tapsWithoutFramesBetweenThemLeaveOneStepWaiting() throws {
        let (host, field, _) = try BoundedCorrectionTests.make(in: scratch)
        let keyboard = try #require(host.window.keyboard.keyboardView)
        for letter in "qzxjvkqzxjvkqzxjvkqz" {
            let entry = try #require(keyboard.keyFrames.first { $0.key.action == .text(String(letter)) })
            let point = keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
            host.window.send(.touch(id: 1, phase: .began, location: point))
            host.window.send(.touch(id: 1, phase: .ended, location: point))
        }
        // One round of idle work: at most one step's checks, not one step per tap.
        let before = TextChecker.dictionaryLookups
        host.window.animator.runIdleWork()
        let checks = SearchBudget.idleStep.units / SearchBudget.checkCost(of: "q") + 1
        #expect(TextChecker.dictionaryLookups - before <= checks, "\(TextChecker.dictionaryLookups - before) checks in one round of idle work")
        #expect(field.text == "qzxjvkqzxjvkqzxjvkqz")
    }
}
