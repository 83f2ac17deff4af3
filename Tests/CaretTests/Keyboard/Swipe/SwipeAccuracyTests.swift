// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// The swipe decoder's accuracy on generated paths (issue 46): for each language, 1,000 words the
/// decoder's list ranks, chosen by a seed the decoder was not tuned on, each drawn by
/// `SwipePathGenerator` (a third of a key's jitter, corners cut, varying speed) over the real
/// keyboard's keys, and read back against the 10,000-word list. What counts as right is the word
/// the path was drawn for.
@Suite(.serialized) @MainActor
struct SwipeAccuracyTests {
    struct Accuracy: CustomStringConvertible {
        var words = 0, top1 = 0, top3 = 0
        var description: String {
            String(
                format: "top-1 %.1f %%, top-3 %.1f %% of %d", 100 * Double(top1) / Double(max(1, words)), 100 * Double(top3) / Double(max(1, words)),
                words)
        }
        var top1Share: Double { Double(top1) / Double(max(1, words)) }
        var top3Share: Double { Double(top3) / Double(max(1, words)) }
    }

    /// The language's keyboard, laid out in a 800×480 window, as swipe typing sees its letters.
    static func geometry(language: String) throws -> SwipeKeyboardGeometry {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.keyboard.languages = [language]
        #expect(field.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        #expect(keyboard.model.language == language)
        return try #require(keyboard.swipeGeometry)
    }

    /// The language's bundled list, most frequent first, as the file has it.
    static func words(language: String) throws -> [String] {
        let path = try Assets.path(for: "Words/\(language).txt")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? $0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Decodes `count` generated paths of words drawn (by `seed`) from the list's `pool` most frequent.
    static func measure(language: String, seed: UInt64, count: Int = 1_000, pool: Int = 3_000) throws -> Accuracy {
        let geometry = try geometry(language: language)
        let list = Array(try words(language: language).prefix(10_000))
        let decoder = SwipeDecoder(wordsByFrequency: list, geometry: geometry)
        let generator = SwipePathGenerator(geometry: geometry)
        var random = SoakRandom(seed: seed)
        var seen = Set<String>()
        let candidates = list.prefix(pool).filter { word in
            (geometry.keyPoints(of: word)?.count ?? 0) >= 2 && seen.insert(word.lowercased()).inserted
        }
        let chosen = candidates.shuffled(using: &random).prefix(count)
        var accuracy = Accuracy()
        for word in chosen {
            guard let path = generator.path(for: word, using: &random) else { continue }
            let read = decoder.candidates(for: path.map(\.point), limit: 3).map { $0.word.lowercased() }
            accuracy.words += 1
            if read.first == word.lowercased() { accuracy.top1 += 1 }
            if read.contains(word.lowercased()) { accuracy.top3 += 1 }
        }
        return accuracy
    }

    /// The seed the decoder's weights were tuned on; the tests measure with others.
    static let tuningSeed: UInt64 = 46_000_001

    @Test func englishReadsNineInTenOfAThousandCommonWords() throws {
        let accuracy = try Self.measure(language: "en", seed: 46_100_001)
        print("swipe en: \(accuracy)")
        #expect(accuracy.words == 1_000)
        #expect(accuracy.top1Share >= 0.85, "\(accuracy)")
        #expect(accuracy.top3Share >= 0.95, "\(accuracy)")
    }

    /// 400 words each (a top-3 share near 98 % is known to within a point; `caret-demo
    /// --measure-swipe` reads 1,000 in each language for the figures).
    @Test(arguments: ["de", "fr", "es", "ru"])
    func otherLanguagesReadTheWordAmongTheFirstThree(language: String) throws {
        let accuracy = try Self.measure(language: language, seed: 46_100_002, count: 400)
        print("swipe \(language): \(accuracy)")
        #expect(accuracy.words == 400)
        #expect(accuracy.top3Share >= 0.90, "\(accuracy)")
    }
}
