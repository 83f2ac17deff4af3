// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

/// The core's point-cloud recogniser on held-out writings: each character drawn from a Hershey
/// font the recogniser does not use as a template (timesr, greekc, cyrilc_1), written by the
/// seeded synthetic writer (slant, turn, stretch, jitter, wobble, pace, order and direction).
@Suite struct PointCloudRecognizerTests {
    static let basicLatin = Set(
        (65...90).map { String(UnicodeScalar($0)!) } + (97...122).map { String(UnicodeScalar($0)!) } + (0...9).map(String.init))

    func recognizer(_ model: String) throws -> HandwritingRecognizer {
        try BundledHandwritingRecognizers.shared.makeRecognizer(for: model)
    }

    @Test func latinLettersAndDigitsOnHeldOutWritings() throws {
        let accuracy = HandwritingAccuracy.measure(
            try recognizer("latin"), writers: try .bundled("Writers/latin"), count: 5, seed: 0x1A71
        ) { Self.basicLatin.contains($0) }
        print("latin letters and digits (held out: timesr):", accuracy)
        #expect(accuracy.total == 62 * 5)
        // The target is 90 % top-1: this seed's writings reach 91.3 % (283 of 310; writer seeds 3 to
        // 7, on which the recogniser's weights were chosen, 91.0 % on average, and 8 to C 91.9 %).
        // Half the misreads are pairs timesr draws alike: O and 0, l, I and 1, and small letters
        // against their capitals written large (x X, z Z, o O).
        #expect(accuracy.top1 >= 0.90, "\(accuracy)")
        #expect(accuracy.top3 >= 0.98, "\(accuracy)")
    }

    @Test func latinAccentedLettersAndPunctuation() throws {
        let latin = try recognizer("latin")
        let writers = try HandwritingTemplates.bundled("Writers/latin")
        let accented = HandwritingAccuracy.measure(latin, writers: writers, count: 2, seed: 0xACCE) { text in
            text.unicodeScalars.first.map { $0.value > 127 } ?? false
        }
        print("latin accented letters (held out: timesr):", accented)
        let punctuation = HandwritingAccuracy.measure(latin, writers: writers, count: 3, seed: 0x2E2C) { text in
            text.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isPatternSyntax }
        }
        print("latin punctuation (held out: timesr):", punctuation)
        #expect(accented.total > 250)
        #expect(accented.top1 >= 0.8, "\(accented)")
        #expect(accented.top5 >= 0.95, "\(accented)")
        #expect(punctuation.top1 >= 0.95, "\(punctuation)")
    }

    @Test func greekOnHeldOutWritings() throws {
        let accuracy = HandwritingAccuracy.measure(
            try recognizer("greek"), writers: try .bundled("Writers/greek"), count: 4, seed: 0x6EEC
        ) { "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω".contains($0) }
        print("greek letters (held out: greekc):", accuracy)
        #expect(accuracy.total == 48 * 4)
        #expect(accuracy.top1 >= 0.85, "\(accuracy)")
    }

    @Test func cyrillicOnHeldOutWritings() throws {
        let cyrillic = try recognizer("cyrillic")
        let writers = try HandwritingTemplates.bundled("Writers/cyrillic")
        let heldOut = HandwritingAccuracy.measure(cyrillic, writers: writers, count: 4, seed: 0xC1C1) { _ in true }
        print("cyrillic letters А–Щ а–щ, Ё Й Ї І Є (held out: cyrilc_1):", heldOut)
        // Ъ Ы Ь Э Ю Я are in no held-out font: written from the templates' own font.
        let known = Set(writers.characters.map(\.text))
        let own = HandwritingAccuracy.measure(cyrillic, writers: try .bundled("cyrillic"), count: 4, seed: 0xC2C2) { !known.contains($0) }
        print("cyrillic Ъ Ы Ь Э Ю Я ъ ы ь э ю я (the templates' font, distorted):", own)
        #expect(heldOut.total >= 52 * 4)
        #expect(heldOut.top1 >= 0.9, "\(heldOut)")
        #expect(own.top1 >= 0.85, "\(own)")
    }

    /// The guide tells small letters from capitals: a hand-drawn circle written small
    /// reads "o", written as tall as a capital "O"; without the guide term the size
    /// cannot matter.
    @Test func theGuideTellsSmallLettersFromCapitals() throws {
        let templates = try HandwritingTemplates.bundled("latin")
        let guide = HandwritingGuide(size: Size(width: 240, height: 240))
        // Shapes in a unit square (y down, bottom at 1), written with their bottom on the baseline `height` tall.
        let circle = [
            (0...24).map { i -> Point in
                let a = Double(i) / 24 * 2 * .pi
                return Point(x: 0.5 + 0.5 * sin(a), y: 0.5 - 0.5 * cos(a))
            }
        ]
        func write(_ shape: [[Point]], height: Double) -> [HandwritingStroke] {
            let h = height * guide.capHeight
            return shape.map { HandwritingStroke(points: $0.map { Point(x: 120 + ($0.x - 0.5) * h * 0.9, y: guide.baseline - h + $0.y * h) }) }
        }
        let recognizer = PointCloudRecognizer(templates: templates)
        let blind = PointCloudRecognizer(templates: templates, guideWeight: 0)
        for (shape, small, capital) in [(circle, "o", "O")] {
            let low = recognizer.candidates(for: write(shape, height: 0.5), guide: guide, limit: 1).first?.text
            let tall = recognizer.candidates(for: write(shape, height: 1.0), guide: guide, limit: 1).first?.text
            #expect(low == small, "written small read \(low ?? "nothing")")
            #expect(tall == capital, "written tall read \(tall ?? "nothing")")
            let blindLow = blind.candidates(for: write(shape, height: 0.5), guide: guide, limit: 1).first?.text
            let blindTall = blind.candidates(for: write(shape, height: 1.0), guide: guide, limit: 1).first?.text
            #expect(blindLow == blindTall, "without the guide the size cannot matter")
        }
        // A full stop is a dot on the baseline: only where it sits (and its size) tells it from a letter.
        let dot = [HandwritingStroke(points: [Point(x: 120, y: guide.baseline - 3), Point(x: 122, y: guide.baseline - 1)])]
        #expect(recognizer.candidates(for: dot, guide: guide, limit: 1).first?.text == ".")
    }

    /// The Latin templates' own E, written on `guide` as they draw it.
    func templateE(on guide: HandwritingGuide) throws -> [HandwritingStroke] {
        let templates = try HandwritingTemplates.bundled("latin")
        let s = guide.capHeight / templates.capHeight
        let e = try #require(templates.characters.first { $0.text == "E" }?.drawings.first?.strokes)
        return e.map { HandwritingStroke(points: $0.map { Point(x: 120 + $0.x * s, y: guide.baseline + $0.y * s) }) }
    }

    @Test func strokeOrderAndDirectionDoNotMatter() throws {
        let latin = try recognizer("latin")
        let guide = HandwritingGuide(size: Size(width: 240, height: 240))
        let forward = try templateE(on: guide)
        let backward = forward.reversed().map { HandwritingStroke(points: $0.points.reversed()) }
        #expect(latin.candidates(for: forward, guide: guide, limit: 1).first?.text == "E")
        #expect(latin.candidates(for: backward, guide: guide, limit: 1).first?.text == "E")
        #expect(latin.candidates(for: [], guide: guide, limit: 5).isEmpty)
    }

    /// Ink with a coordinate that is not a finite number (an app's strokes, a broken touch
    /// driver) reads as no ink: no candidates, no trap; the same E with finite points still reads.
    @Test func inkThatIsNotAFiniteNumberReadsNothing() throws {
        let latin = try recognizer("latin")
        let guide = HandwritingGuide(size: Size(width: 240, height: 240))
        let ink = try templateE(on: guide)
        #expect(latin.candidates(for: ink, guide: guide, limit: 1).first?.text == "E")
        for bad in [Double.nan, .infinity, -.infinity] {
            var broken = ink
            broken[0] = HandwritingStroke(points: broken[0].points + [Point(x: bad, y: guide.baseline)])
            #expect(latin.candidates(for: broken, guide: guide, limit: 5).isEmpty, "\(bad)")
            broken = ink
            broken[ink.count - 1] = HandwritingStroke(points: [Point(x: 120, y: bad)] + broken[ink.count - 1].points)
            #expect(latin.candidates(for: broken, guide: guide, limit: 5).isEmpty, "\(bad)")
        }
    }

    @Test func damagedOrMissingTemplatesAreErrors() throws {
        let source = try Assets.path(for: "Handwriting/latin.json")
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("caret-latin-truncated-\(getpid()).json")
        try data.prefix(data.count / 2).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        #expect(throws: CaretError.self) { try HandwritingTemplates(contentsOf: truncated.path) }
        do {
            _ = try HandwritingTemplates(contentsOf: truncated.path)
        } catch {
            guard case let .assetUnreadable(path, reason) = error else { Issue.record("\(error)"); return }
            #expect(path == truncated.path)
            #expect(reason.contains("damaged") || reason.contains("truncated"))
        }
        #expect(throws: CaretError.self) { try HandwritingTemplates(contentsOf: "/nonexistent/latin.json") }
        let provider = BundledHandwritingRecognizers()
        #expect(provider.unavailability(of: "latin") == nil)
        #expect(provider.unavailability(of: "klingon") != nil)
        #expect(throws: CaretError.self) { try provider.makeRecognizer(for: "ja") }
    }
}
