// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

/// The word list behind the suggestion bar: parsed fast (it is read at launch) and strictly.
struct SuggestionProviderTests {
    private func parse(_ text: String) throws(CaretError) -> SuggestionProvider {
        try SuggestionProvider.parse(Data(text.utf8), path: "words.txt")
    }

    private func reason(_ text: String) -> String? {
        do {
            _ = try SuggestionProvider.parse(Data(text.utf8), path: "words.txt")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func everyLineEndingSeparatesWordsAndRankFollowsTheOrder() throws {
        let list = try parse("the\nthen\r\nthere\rtheir\u{0B}them\u{0C}these\n")
        #expect(list.completions(of: "th", limit: 6) == ["the", "then", "there", "their", "them", "these"])
        #expect(list.completions(of: "the", limit: 2) == ["then", "there"])  // longer than the prefix, most frequent first
    }

    @Test func wordsAreMatchedWithoutCaseAndCasedLikeThePrefix() throws {
        let list = try parse("Paris\nparis\nÉclair\néclat\nPARK\n")
        #expect(list.completions(of: "pa") == ["paris", "park"])  // "Paris" and "paris" are one word
        #expect(list.completions(of: "Pa") == ["Paris", "Park"])
        #expect(list.completions(of: "éc") == ["éclair", "éclat"])
        #expect(list.completions(of: "ÉC") == ["ÉCLAIR", "ÉCLAT"])
    }

    /// A prefix with some of its marks typed (Telex half-way: "viê") completes to the words whose
    /// letters carry those marks, with more besides: việt and viết, never via or vịt, whose e has
    /// no circumflex (vié goes on as viết, whose ế has the acute too, not as việt).
    @Test func aPartlyMarkedPrefixCompletesToWordsCarryingItsMarks() throws {
        let list = try parse("và\nviệc\nviệt\nvia\nviết\nviên\nviễn\nvịt\n")
        #expect(list.completions(of: "viê", limit: 6) == ["việc", "việt", "viết", "viên", "viễn"])
        #expect(list.completions(of: "viế", limit: 6) == ["viết"])
        #expect(list.completions(of: "Viê", limit: 2) == ["Việc", "Việt"])
        #expect(list.completions(of: "vié") == ["viết"])
        // Unmarked, as before: every word with those letters.
        #expect(list.completions(of: "vi", limit: 8) == ["việc", "việt", "via", "viết", "viên", "viễn", "vịt"])
    }

    @Test func aLineThatIsNotAWordIsAnErrorNamingTheLine() {
        #expect(reason("good\nbad word\n")?.contains("line 2") == true)
        #expect(reason("good\nbad\tword\n")?.contains("U+9") == true)
        #expect(reason("a\r\nb\r\nc\u{7F}d\n")?.contains("line 3") == true)
        #expect(reason("ok\nno\u{00A0}break\n")?.contains("U+A0") == true)  // non-ASCII whitespace
        #expect(reason("ok\n" + String(repeating: "x", count: 65))?.contains("65 characters") == true)
        #expect(reason("ok\n" + String(repeating: "é", count: 65))?.contains("65 characters") == true)
        #expect(reason(String(repeating: "é", count: 64)) == nil)  // 64 characters, 128 bytes: allowed
        #expect(reason("\n\n\r\n")?.contains("no words") == true)
        #expect(reason("")?.contains("no words") == true)
    }

    @Test func invalidUTF8IsAnErrorAndNothingIsLoaded() {
        do {
            _ = try SuggestionProvider.parse(Data([0x61, 0x0A, 0xC3, 0x28, 0x0A]), path: "words.txt")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect("\(error)".contains("words.txt"))
        }
    }

    @Test func theBundledListLoads() throws {
        let list = try SuggestionProvider.bundledEnglish()
        #expect(list.completions(of: "hel").count == 3)
    }
}

/// Completions from a tree of minima (issue 43: a one-letter prefix cost a scan of thousands of
/// words a tap): the same words as the most frequent of all those the prefix starts, checked
/// against that definition computed here from the list itself.
@Suite struct CompletionTreeTests {
    /// The definition: the `limit` most frequent listed words longer than the prefix that start
    /// with it (`lowered`: the list in lower case, first places kept).
    private func expected(_ lowered: [String], _ prefix: String, limit: Int) -> [String] {
        Array(lowered.lazy.filter { $0.hasPrefix(prefix) && $0 != prefix }.prefix(limit))
    }

    private func lowered(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.map { $0.lowercased() }.filter { seen.insert($0).inserted }
    }

    @Test func prefixesOfTheBundledListCompleteAsTheDefinitionSays() throws {
        let text = try String(contentsOfFile: Assets.path(for: "Words/en.txt"), encoding: .utf8)
        let words = text.split(separator: "\n").map(String.init)
        let provider = SuggestionProvider(wordsByFrequency: words)
        let list = lowered(words)
        var prefixes: Set<String> = ["zz", "qx", "x", "the", "th", "t", "s", "a", "e"]
        for word in list.enumerated().filter({ $0.offset % 97 == 0 }).map(\.element) where word.count > 1 {
            prefixes.insert(String(word.prefix(2)))
            prefixes.insert(String(word.prefix(word.count / 2 + 1)))
        }
        for prefix in prefixes.sorted() {
            for limit in [1, 3, 5] {
                #expect(provider.completions(of: prefix, limit: limit) == expected(list, prefix, limit: limit), "\(prefix) × \(limit)")
            }
        }
    }

    @Test func aSmallListInEveryOrder() {
        // Ranks against the sorted order: the most frequent last, first, in the middle.
        let words = ["tap", "tame", "ta", "tab", "table", "tables", "tablet", "tack", "t", "zebra"]
        let provider = SuggestionProvider(wordsByFrequency: words)
        #expect(provider.completions(of: "ta", limit: 3) == ["tap", "tame", "tab"])
        #expect(provider.completions(of: "tab", limit: 9) == ["table", "tables", "tablet"])
        #expect(provider.completions(of: "Tab", limit: 2) == ["Table", "Tables"])
        #expect(provider.completions(of: "t", limit: 20) == expected(lowered(words), "t", limit: 20))
        #expect(provider.completions(of: "tablets", limit: 3).isEmpty && provider.completions(of: "zz", limit: 3).isEmpty)
    }
}
