// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretHandwriting
import CaretTesting
import Foundation
import Testing

/// zinnia with Debian's Tegaki models, on the most frequent characters written by the seeded
/// synthetic writer from KanjiVG's strokes (in stroke order: zinnia reads order and direction).
@Suite struct ZinniaRecognizerTests {
    struct Fixture: Decodable {
        var square: Double
        var ja: String
        var zhHans: String
        var characters: [String: [[Int]]]
        enum CodingKeys: String, CodingKey {
            case square, ja, characters
            case zhHans = "zh-Hans"
        }
    }

    static let fixture: Fixture? = {
        guard let url = Bundle.module.url(forResource: "cjk-strokes", withExtension: "json", subdirectory: "Resources"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(Fixture.self, from: data)
    }()

    /// `clean`: KanjiVG's strokes as they are, only placed on the guide (what zinnia reads at best).
    func measure(_ model: String, characters: String, seed: UInt64, clean: Bool = false) throws -> HandwritingAccuracy {
        let fixture = try #require(Self.fixture)
        let recognizer = try SystemHandwritingRecognizers().makeRecognizer(for: model)
        let guide = HandwritingGuide(size: Size(width: 300, height: 300), baseline: 285, capHeight: 270)
        let none = SyntheticHandwriting.Style(
            slant: 0, rotation: 0, stretch: 0, size: 1...1, baselineShift: 0, jitter: 0, wobble: 0, speed: 3...3, orderSwap: 0, reversal: 0)
        var writer = SyntheticHandwriting(seed: seed, style: clean ? none : .hanzi)
        var accuracy = HandwritingAccuracy()
        for character in characters.map(String.init) {
            let flat = try #require(fixture.characters[character])
            // KanjiVG's square, its bottom on the baseline, its middle across the middle.
            let strokes = flat.map { s in
                stride(from: 0, to: s.count, by: 2).map { Point(x: Double(s[$0]) - fixture.square / 2, y: Double(s[$0 + 1]) - fixture.square) }
            }
            let written = writer.write(strokes, capHeight: fixture.square, on: guide)
            accuracy.add(written: character, candidates: recognizer.candidates(for: written, guide: guide, limit: 5))
        }
        return accuracy
    }

    /// The Tegaki Japanese model knows 6,420 characters: kanji and the plain hiragana, but no
    /// voiced or small kana (で, っ), no katakana beyond イエオジラン and no ー. Of the 1,000 most
    /// frequent characters 98 are of those. `KanaCompletingRecognizer` reads the voiced and small
    /// hiragana from the plain ones and some katakana from their look-alikes; the rest of the
    /// katakana stay out of reach. The 902 it knows, and all 1,000, are measured.
    @Test func japaneseMostFrequentThousand() throws {
        let fixture = try #require(Self.fixture)
        let completing = try #require(try SystemHandwritingRecognizers().makeRecognizer(for: "ja") as? KanaCompletingRecognizer)
        let known = try #require(completing.base as? ZinniaRecognizer).characters
        let readable = String(fixture.ja.filter { known.contains(String($0)) })
        #expect(readable.count == 902, "the model's characters changed")
        let clean = try measure("ja", characters: readable, seed: 0x7A7A, clean: true)
        print("ja (zinnia), the \(readable.count) of the 1,000 most frequent characters the model knows, KanjiVG strokes undistorted:", clean)
        let accuracy = try measure("ja", characters: readable, seed: 0x7A7A)
        print("ja (zinnia), the same written by the synthetic writer:", accuracy)
        #expect(clean.top5 >= 0.95, "\(clean)")
        #expect(accuracy.top5 >= 0.90, "\(accuracy)")
        let all = try measure("ja", characters: fixture.ja, seed: 0x7A7A)
        let unknown = fixture.ja.filter { !known.contains(String($0)) }
        let completed = try measure("ja", characters: String(unknown), seed: 0x7A7A)
        print("ja, all 1,000 (kana completed):", all, "— of the \(unknown.count) the model lacks:", completed)
        // Voiced and small kana read from their bodies, katakana from their kanji look-alikes
        // (without: 82 % and none of the 98). The floors are the figures reached.
        #expect(all.top5 >= 0.87, "\(all)")
        #expect(completed.top5 >= 0.49, "\(completed)")
    }

    /// The Tegaki Simplified Chinese model reads undistorted KanjiVG strokes (Japanese forms and
    /// stroke orders) only 83 % of the time in its top 5 (Make Me a Hanzi's Chinese stroke medians
    /// fare no better: 85 % over the 1,000 most frequent), and the box size (1000, 300, 100), point
    /// density and fitting the ink to the box change it by under a point: the 90 % target is past
    /// this model on font-derived strokes, whatever the writer does.
    /// The floors are the figures reached; the undistorted one bounds the written one.
    @Test func simplifiedChineseMostFrequentThatKanjiVGDraws() throws {
        let fixture = try #require(Self.fixture)
        let clean = try measure("zh-Hans", characters: fixture.zhHans, seed: 0x2B2B, clean: true)
        print("zh-Hans (zinnia, the \(fixture.zhHans.count) of the 1,000 most frequent simplified characters KanjiVG draws), undistorted:", clean)
        let accuracy = try measure("zh-Hans", characters: fixture.zhHans, seed: 0x2B2B)
        print("zh-Hans (zinnia), the same written by the synthetic writer:", accuracy)
        #expect(accuracy.total >= 650)
        #expect(clean.top5 >= 0.83, "\(clean)")
        #expect(accuracy.top5 >= 0.77, "\(accuracy)")
    }

    /// Without the strokes' order zinnia reads worse: the test's writings carry what it needs.
    @Test func zinniaReadsStrokeOrder() throws {
        let fixture = try #require(Self.fixture)
        let sample = String(fixture.ja.prefix(300))
        let ordered = try measure("ja", characters: sample, seed: 5)
        let recognizer = try SystemHandwritingRecognizers().makeRecognizer(for: "ja")
        let guide = HandwritingGuide(size: Size(width: 300, height: 300), baseline: 285, capHeight: 270)
        var writer = SyntheticHandwriting(seed: 5, style: .init(orderSwap: 1, reversal: 0.5))
        var shuffled = HandwritingAccuracy()
        for character in sample.map(String.init) {
            let flat = try #require(fixture.characters[character])
            let strokes = flat.map { s in stride(from: 0, to: s.count, by: 2).map { Point(x: Double(s[$0]) - 545, y: Double(s[$0 + 1]) - 1090) } }
            shuffled.add(
                written: character, candidates: recognizer.candidates(for: writer.write(strokes, capHeight: 1090, on: guide), guide: guide, limit: 5))
        }
        print("ja in order:", ordered.top1, "with strokes swapped and reversed:", shuffled.top1)
        #expect(shuffled.top1 < ordered.top1)
    }

    @Test func theProviderServesEveryModel() throws {
        let provider = SystemHandwritingRecognizers()
        for model in ["ja", "zh-Hans", "latin", "greek", "cyrillic"] {
            #expect(provider.unavailability(of: model) == nil, "\(model)")
            #expect(try provider.makeRecognizer(for: model).model == model)
        }
        let ja = try provider.makeRecognizer(for: "ja")
        #expect((ja as? KanaCompletingRecognizer)?.base is ZinniaRecognizer, "zinnia, its kana completed")
        #expect(try provider.makeRecognizer(for: "zh-Hans") is ZinniaRecognizer)
        #expect(try provider.makeRecognizer(for: "latin") is PointCloudRecognizer)
        #expect(ja.candidates(for: [], guide: HandwritingGuide(size: Size(width: 100, height: 100)), limit: 5).isEmpty)
        #expect(PlatformEngine.handwriting.name == "handwriting")
    }

    /// A missing, truncated or damaged model is an error saying why, never a crash.
    @Test func brokenModelsAreErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caret-zinnia-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = SystemHandwritingRecognizers(modelDirectory: directory.path)
        guard case .assetNotFound = missing.unavailability(of: "ja") else {
            Issue.record("a missing model: \(String(describing: missing.unavailability(of: "ja")))")
            return
        }
        let real = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/tegaki/models/zinnia/handwriting-ja.model"), options: .alwaysMapped)
        // The first megabyte only.
        try real.prefix(1 << 20).write(to: directory.appendingPathComponent("handwriting-ja.model"))
        // The right size, the right header, garbage after it (crashes zinnia itself).
        var garbage = Data(real.prefix(12))
        var random = SoakRandom(seed: 42)
        garbage.append(contentsOf: (0..<(real.count - 12)).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: directory.appendingPathComponent("handwriting-zh_CN.model"))
        let broken = SystemHandwritingRecognizers(modelDirectory: directory.path)
        for model in ["ja", "zh-Hans"] {
            let error = broken.unavailability(of: model)
            guard case let .assetUnreadable(path, reason) = error else {
                Issue.record("\(model): \(String(describing: error))")
                continue
            }
            print("\(model): \(path): \(reason)")
            #expect(throws: CaretError.self) { try broken.makeRecognizer(for: model) }
            #expect(throws: CaretError.self) { try ZinniaRecognizer(model: model, path: path) }
        }
        #expect(broken.unavailability(of: "latin") == nil)
    }
}
