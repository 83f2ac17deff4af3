// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable @_spi(Testing) import Caret

/// The bar's next words (docs/behaviour/changing-text.md, next words): after a space the
/// likeliest words after the one before, from the language's bigram table; completions ranked by
/// the word before; words the guest types learned, except where the field forbids it, forgotten
/// when a kiosk resets and kept in a file only where the app asks. Expected words are read from
/// the bundled table and list files, never from the predictor.
@Suite(.serialized) @MainActor
struct NextWordTests {
    /// The bundled English table's followers of a context ("" for a sentence's start), most frequent first.
    static func followers(of context: String) throws -> [String] {
        let text = try String(contentsOfFile: Assets.path(for: "Words/en-pairs.txt"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(context + "\t") })
        return line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(2).map { String($0.split(separator: " ")[0]) }
    }

    /// Types letters and spaces with the keys.
    static func type(_ text: String, _ rig: KeyboardRig) {
        for character in text { character == " " ? rig.tap(.space) : rig.tapText(String(character)) }
    }

    @Test func afterASpaceTheBarOffersTheLikeliestNextWords() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        Self.type("they ", rig)
        let expected = Array(try Self.followers(of: "they").prefix(3))
        #expect(expected == ["are", "were", "have"], "the table: \(expected)")
        #expect(rig.keyboard.suggestions == expected)
        // One tapped goes in with a space, and the bar offers what follows it.
        let cell = rig.keyboard.suggestionFrames[0]
        rig.host.input.tap(at: rig.keyboard.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        #expect(rig.field.text == "they are ")
        #expect(rig.keyboard.suggestions.first.map { try? Self.followers(of: "are").contains($0) } == true, "\(rig.keyboard.suggestions)")
    }

    @Test func aSentencesFirstWordsAreOfferedWithACapital() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        rig.field.text = "ok. "
        rig.host.settle()
        rig.keyboard.refreshSuggestions()
        let expected = try Self.followers(of: "").prefix(3).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        #expect(rig.keyboard.suggestions == expected)
    }

    /// After a word the German table has no line for ("ich", the list's first word, as its help
    /// texts never say it), the list's most frequent words, but not the word itself again.
    @Test func aWordTheTableDoesNotKnowIsFollowedByTheListsWordsButNotItself() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = ["de"]
        rig.host.settle()
        let list = try String(contentsOfFile: Assets.path(for: "Words/de.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let table = try String(contentsOfFile: Assets.path(for: "Words/de-pairs.txt"), encoding: .utf8)
        let first = try #require(list.first)
        #expect(!table.split(separator: "\n").contains { $0.hasPrefix(first + "\t") }, "the table has no line for \(first)")
        rig.field.text = first + " "
        rig.host.settle()
        rig.keyboard.refreshSuggestions()
        #expect(rig.keyboard.suggestions == Array(list.dropFirst().prefix(3)))
    }

    @Test func completionsAreRankedByTheWordBefore() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        Self.type("a", rig)
        let alone = rig.keyboard.suggestions
        rig.field.text = ""
        Self.type("i a", rig)
        // After "i", the table's likeliest follower that starts with "a" comes first.
        let expected = try #require(try Self.followers(of: "i").first { $0.hasPrefix("a") })
        #expect(rig.keyboard.suggestions.first == expected)
        #expect(alone.first != expected, "without a word before, the list's order: \(alone)")
    }

    @Test func wordsTheGuestTypesAreOfferedAfterTheirWord() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.forgetLearnedWords()
        Self.type("purple ", rig)
        #expect(!rig.keyboard.suggestions.contains("zebra"))
        Self.type("zebra ", rig)
        rig.field.text = ""
        Self.type("purple ", rig)
        #expect(rig.keyboard.suggestions.first == "zebra")
        rig.host.window.keyboard.forgetLearnedWords()
        #expect(!rig.keyboard.suggestions.contains("zebra"))
    }

    @Test(arguments: ["secure", "autocorrection", "spellChecking"])
    func fieldsThatForbidItTeachNothing(_ trait: String) throws {
        let rig = try KeyboardRig {
            $0.autocapitalizationType = .none
            switch trait {
            case "secure": $0.isSecureTextEntry = true
            case "autocorrection": $0.autocorrectionType = .no
            default: $0.spellCheckingType = .no
            }
        }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.forgetLearnedWords()
        Self.type("purple zebra ", rig)
        let plain = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        plain.autocapitalizationType = .none
        rig.field.superview?.addSubview(plain)
        plain.becomeFirstResponder()
        rig.host.settle()
        Self.type("purple ", rig)
        #expect(plain.text == "purple ")
        #expect(!rig.keyboard.suggestions.isEmpty && !rig.keyboard.suggestions.contains("zebra"), "\(rig.keyboard.suggestions)")
    }

    @Test func aKioskForgetsTheGuestsWordsWhenItResets() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.forgetLearnedWords()
        var reset = false
        rig.host.window.kiosk.idleWarningDuration = nil
        rig.host.window.kiosk.onIdleTimeout = { reset = true }
        rig.host.window.kiosk.idleTimeout = 30
        Self.type("purple zebra ", rig)
        rig.field.text = ""
        Self.type("purple ", rig)
        #expect(rig.keyboard.suggestions.first == "zebra")
        rig.host.advance(by: 31)
        #expect(reset)
        #expect(!rig.keyboard.suggestions.contains("zebra"), "\(rig.keyboard.suggestions)")
    }

    @Test func anAppThatAsksKeepsTheWordsInAFile() throws {
        let path = NSTemporaryDirectory() + "caret-learned-\(UUID().uuidString)/words.txt"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        do {
            let rig = try KeyboardRig { $0.autocapitalizationType = .none }
            defer { withExtendedLifetime(rig.host) {} }
            rig.host.window.keyboard.learnedWordsPath = path
            Self.type("purple zebra ", rig)
        }
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept == "en\t\tpurple\t1\nen\tpurple\tzebra\t1\n", "purple began a sentence, zebra followed it")
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.learnedWordsPath = path
        Self.type("purple ", rig)
        #expect(rig.keyboard.suggestions.first == "zebra")
        // A file that is not UTF-8 is read as empty, and loses no later word.
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        rig.host.window.keyboard.learnedWordsPath = path
        rig.field.text = ""
        Self.type("purple ", rig)
        #expect(!rig.keyboard.suggestions.contains("zebra"))
    }

    @Test func aBrokenTableIsAnErrorNamingItsLine() throws {
        let directory = NSTemporaryDirectory() + "caret-pairs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases: [(Data, String)] = [
            (Data("# ok\nthe\t10\tcat 3\tdog\n".utf8), "line 2"), (Data("the\tmany\tcat 3\n".utf8), "line 1"),
            (Data("the\t2\tcat 3\n".utf8), "line 1"), (Data([0x74, 0xFF, 0x09]), "UTF-8"), (Data("# nothing\n".utf8), "no contexts"),
        ]
        for (index, (data, named)) in cases.enumerated() {
            let path = directory + "/\(index).txt"
            try data.write(to: URL(fileURLWithPath: path))
            #expect(throws: CaretError.self) { try WordPairs.load(contentsOf: path) }
            do { _ = try WordPairs.load(contentsOf: path) } catch { #expect("\(error)".contains(named), "\(error)") }
        }
        // A table saved with Windows line ends reads as with Unix ones; a count with a sign or a
        // count past `Int` is a broken line.
        let table = "# pairs\n\t5\tthe 3\ta 2\nthe\t10\tcat 6\tdog 4\n"
        for (index, text) in [table, table.replacingOccurrences(of: "\n", with: "\r\n")].enumerated() {
            let path = directory + "/ends-\(index).txt"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let pairs = try WordPairs.load(contentsOf: path)
            #expect(pairs.followers(of: "the")?.words.map(\.word) == ["cat", "dog"] && pairs.followers(of: "the")?.total == 10)
            #expect(pairs.followers(of: "")?.words.map(\.count) == [3, 2])
        }
        // (2^64 + 3 would wrap to 3, under the total, were the overflow not caught.)
        for (index, count) in ["+3", "18446744073709551619"].enumerated() {
            let path = directory + "/count-\(index).txt"
            try Data("# counts\nthe\t10\tcat \(count)\n".utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try WordPairs.load(contentsOf: path)
                Issue.record("\(count) was read as a count")
            } catch { #expect("\(error)".contains("line 2"), "\(error)") }
        }
    }
}

/// The keystrokes the bar's words save on English text no table counted (the Universal
/// Declaration of Human Rights, `Tests/HeldOut`): at least a quarter, and more with the bigram
/// table than with the word list alone (docs/keyboard.md, next words).
@Suite @MainActor
struct KeystrokeSavingsTests {
    @Test func theBarSavesAQuarterOfEnglishKeystrokesAndTheTableHelps() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../HeldOut/udhr-en.txt").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let table = try #require(KeystrokeSavings.measure(text, list: "en"))
        let alone = try #require(KeystrokeSavings.measure(text, list: "en", usingPairs: false))
        print(
            String(
                format: "keystrokes saved on the held-out declaration: %.1f %% with the table, %.1f %% with the list alone", table.savings * 100,
                alone.savings * 100))
        #expect(table.typed == alone.typed && table.typed > 10_000)
        #expect(table.savings >= 0.25)
        #expect(table.savings >= alone.savings + 0.01, "the table adds at least a point")
    }
}
