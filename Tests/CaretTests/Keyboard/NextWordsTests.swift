// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import Caret

/// The model behind the Japanese bar's predictions (`NextWords`): a file's words and contexts
/// read as written, the longest listed word ending the text, readings merged by their costs.
@Suite @MainActor
final class NextWordsTests {
    /// The test's files, in a folder of its own that goes with it.
    private let folder = NSTemporaryDirectory() + "caret-next-\(getpid())-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func file(_ text: String) throws -> String {
        let path = folder + "/\(UUID().uuidString).txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theLongestListedWordEndingTheTextChoosesTheContexts() throws {
        // Context 1 follows nouns, 2 follows particles; 天気 is a noun, は a particle, いい both.
        let words = try NextWords.load(
            contentsOf: file(
                """
                # a comment
                =1\tの 10\tが 20\tを 30
                =2\t今日 5\tいい 50
                天気\t1 0
                は\t2 0
                いい\t2 0\t1 15
                今日は\t1 0

                """))
        #expect(words.predictions(after: "明日の天気") == ["の", "が", "を"])
        #expect(words.predictions(after: "明日の天気", limit: 2) == ["の", "が"])
        #expect(words.predictions(after: "これは") == ["今日", "いい"])
        // 今日は is listed whole: its own context, not は's.
        #expect(words.predictions(after: "今日は") == ["の", "が", "を"])
        // Two readings: each follower at its best cost (reading's extra cost added).
        #expect(words.predictions(after: "いい") == ["今日", "の", "が", "を", "いい"])
        #expect(words.predictions(after: "hello").isEmpty)
        #expect(words.predictions(after: "").isEmpty)
    }

    @Test func aBrokenFileIsAnErrorNamingIt() throws {
        for (text, reason) in [
            ("=1\tの\n", "line 1"), ("=x\tの 1\n", "line 1"), ("=1\tの 1\n天気\t7 0\n", "line 2"),
            ("=1\tの 1\n", "lists no words"), ("=1\tの 1\n天気\n", "line 2"),
        ] {
            let path = try file(text)
            #expect {
                _ = try NextWords.load(contentsOf: path)
            } throws: { error in
                guard case let CaretError.assetUnreadable(named, why) = error else { return false }
                return named == path && why.contains(reason)
            }
        }
        let invalid = folder + "/invalid.txt"
        try Data([0x3D, 0x31, 0x09, 0xFF, 0x20, 0x31]).write(to: URL(fileURLWithPath: invalid))
        #expect(throws: CaretError.invalidUTF8(context: invalid)) { try NextWords.load(contentsOf: invalid) }
        #expect(throws: CaretError.self) { try NextWords.load(contentsOf: "/nonexistent/ja-next.txt") }
    }

    /// The bundled file (IPADIC's connection costs with wordfreq's ranks) predicts what Japanese
    /// grammar puts next: case particles after a noun, an auxiliary or て after a verb's stem, a
    /// sentence's end after ます.
    @Test func theBundledPredictionsFollowJapaneseGrammar() throws {
        let words = try NextWords.load(contentsOf: Assets.path(for: "Words/ja-next.txt"))
        let afterNoun = words.predictions(after: "明日の天気")
        #expect(["の", "が", "を", "に"].allSatisfy(afterNoun.contains), "\(afterNoun)")
        let afterStem = words.predictions(after: "ご飯を食べ")
        #expect(afterStem.contains("て") && afterStem.contains("た"), "\(afterStem)")
        #expect(!afterStem.contains("の") && !afterStem.contains("を"), "no particle of a noun after a verb: \(afterStem)")
        let afterMasu = words.predictions(after: "行きます")
        #expect(afterMasu.contains("か") && afterMasu.contains("ので"), "\(afterMasu)")
        #expect(words.predictions(after: "Hello").isEmpty)
    }
}
