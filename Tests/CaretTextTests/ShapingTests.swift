// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretText
import Foundation
import Testing

/// Shaped output of the world-text stack (SPEC §9, issue 14): HarfBuzz runs, fallback faces,
/// clusters and caret stops, checked on the glyphs rather than on pixels.
@Suite(.serialized) @MainActor
struct ShapingTests {
    let fonts: ShapingFontProvider
    let font = Font.systemFont(ofSize: 20)

    init() throws { fonts = try testFonts(language: "en") }

    /// Caret stops of a run: the x of each grapheme boundary, in logical order.
    func caretStops(_ run: TextRun) -> [(offset: Int, x: Double)] {
        var stops: [(Int, Double)] = []
        var scalar = 0, utf16 = 0
        for character in run.text {
            let count = character.unicodeScalars.count
            let box = run.box(ofScalars: scalar..<(scalar + count))
            stops.append((utf16, run.isRightToLeft(scalar) ? box.x + box.width : box.x))
            scalar += count
            utf16 += character.utf16.count
        }
        stops.append((utf16, run.isRightToLeft(max(0, scalar - 1)) ? run.box(ofScalars: (scalar - 1)..<scalar).x : run.width))
        return stops
    }

    func faceName(_ glyph: ShapedGlyph) -> String { fonts.face(withID: glyph.face)?.familyName ?? "?" }

    @Test func arabicJoinsIntoFiveGlyphsRightToLeft() {
        let run = fonts.shape("مرحبا", font: font)
        #expect(run.glyphs.count == 5)
        #expect(!run.glyphs.contains { $0.id == 0 })  // no .notdef
        // Visual order is right to left: clusters come back 4, 3, 2, 1, 0 (UTF-16 offsets).
        #expect(run.glyphs.map(\.cluster) == [4, 3, 2, 1, 0])
        #expect(run.glyphs.map(\.x) == run.glyphs.map(\.x).sorted())
        // Joined forms: the isolated letters shaped one by one are other glyphs.
        let isolated = "مرحبا".map { fonts.shape(String($0), font: font).glyphs[0].id }
        #expect(run.glyphs.reversed().map(\.id) != isolated)
        // Caret x falls from right to left in logical order.
        let xs = caretStops(run).map(\.x)
        #expect(xs == xs.sorted(by: >))
        #expect(xs.first == run.width && xs.last == 0)
    }

    @Test func anArabicSentenceWithSpacesIsOneRightToLeftRun() {
        // Spaces and punctuation between Arabic words take the Arabic run's direction.
        let run = fonts.shape("مرحبا بكم، في متجرنا", font: font)
        #expect((0..<run.text.unicodeScalars.count).allSatisfy { run.isRightToLeft($0) })
        let xs = caretStops(run).map(\.x)
        #expect(xs == xs.sorted(by: >))
        // After Latin text, the space before the Arabic stays left to right.
        let mixed = fonts.shape("Arabic: مرحبا", font: font)
        #expect(!mixed.isRightToLeft(7) && mixed.isRightToLeft(8))
    }

    @Test func aLigatureSplitsItsAdvanceSoEveryCharacterIsACaretStop() throws {
        // DejaVu Sans forms "ffi"/"fi" ligatures; the caret still stops at every character.
        let run = fonts.shape("office", font: font)
        let stops = caretStops(run)
        #expect(stops.map(\.offset) == [0, 1, 2, 3, 4, 5, 6])
        for (a, b) in zip(stops, stops.dropFirst()) { #expect(b.x > a.x) }
        #expect(run.glyphs.count <= 6)
    }

    @Test func aDevanagariVowelSignDrawsLeftOfItsConsonantAndIsOneStop() {
        let run = fonts.shape("कि", font: font)
        #expect(run.glyphs.count == 2)
        #expect(!run.glyphs.contains { $0.id == 0 })
        #expect(faceName(run.glyphs[0]).contains("Devanagari"))
        // The vowel sign (i, U+093F) is drawn first, left of KA, both in cluster 0.
        #expect(run.glyphs.allSatisfy { $0.cluster == 0 })
        #expect(caretStops(run).map(\.offset) == [0, 2])
    }

    @Test(arguments: ["👍🏽", "👨‍👩‍👧", "🇩🇪", "1️⃣"])
    func anEmojiSequenceIsOneColourGlyphWithStopsAtItsEnds(_ emoji: String) {
        let run = fonts.shape(emoji, font: font)
        #expect(run.glyphs.count == 1)
        #expect(run.glyphs.first?.isColor == true)
        #expect(run.glyphs.first?.id != 0)
        #expect(caretStops(run).map(\.offset) == [0, emoji.utf16.count])
        #expect(run.width > 10)
    }

    @Test func japaneseUsesANotoCJKFace() {
        let run = fonts.shape("日本語のテキスト", font: font)
        #expect(run.glyphs.count == 8)
        #expect(run.glyphs.allSatisfy { faceName($0).contains("Noto") && faceName($0).contains("CJK") })
        #expect(!run.glyphs.contains { $0.id == 0 })
    }

    @Test func aClusterNothingCoversIsOneBox() throws {
        // A private-use character with a combining mark: no installed font has it.
        let text = "a\u{E000}\u{301}b"
        let run = fonts.shape(text, font: font)
        let boxes = run.glyphs.filter { $0.id == 0 }
        #expect(boxes.count == 1)
        #expect(caretStops(run).map(\.offset) == [0, 1, 3, 4])
    }

    @Test func withoutSystemFontsTextStillDrawsInDejaVu() throws {
        let bare = try ShapingFontProvider(systemFonts: NoSystemFonts(), language: "en")
        let run = bare.shape("Hello 日本 👍", font: font)
        #expect(run.glyphs.filter { $0.id != 0 }.count == 7)  // "Hello" and two spaces
        #expect(run.glyphs.filter { $0.id == 0 }.count == 3)  // one box per cluster nothing covers
        #expect(run.width > 0)
        #expect(run.glyphs.allSatisfy { bare.face(withID: $0.face)?.familyName == "DejaVu Sans" })
    }

    @Test func aColourGlyphRasterisesDownscaledToTheTextSize() throws {
        let run = fonts.shape("👍", font: font)
        let glyph = try #require(run.glyphs.first)
        let bitmap = try #require(fonts.rasterize(face: glyph.face, glyph: glyph.id))
        #expect(bitmap.isColor)
        #expect(bitmap.width <= 30 && bitmap.height <= 30)  // 136×128 at 109 ppem, scaled to 20 px
        #expect(bitmap.pixels.contains { $0 >> 24 == 255 })  // opaque inside
        let a = try #require(fonts.rasterize(face: fonts.shape("a", font: font).glyphs[0].face, glyph: fonts.shape("a", font: font).glyphs[0].id))
        #expect(!a.isColor)
        #expect(a.pixels.allSatisfy { $0 & 0xFFFFFF == 0xFFFFFF })  // white, tinted when drawn
    }

    @Test func aFontFileThatFailsToLoadIsAClearError() throws {
        let bad = URL(fileURLWithPath: NSTemporaryDirectory() + "caret-bad-\(UUID().uuidString).ttf")
        try Data("not a font".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        #expect(throws: CaretError.self) { try fonts.registerFont(atPath: bad.path, familyName: "Broken") }
        #expect(fonts.shape("still drawn", font: font).glyphs.count == 11)
    }
}

/// Short lines are kept once shaped (a keyboard redrawn after a tap shapes none of its keys
/// again), and what they were shaped with changing shapes them anew (issue 43).
@Suite(.serialized) @MainActor
struct ShapedLineCacheTests {
    @Test func aFamilyRegisteredAfterALineWasShapedShapesItAnew() throws {
        let fonts = try testFonts(language: "en")
        let font = Font(familyName: "Caret Test Mono", size: 20)
        let before = fonts.shape("iiii", font: font)  // not registered yet: the system family's narrow i
        try fonts.registerFont(atPath: try Assets.path(for: "Fonts/DejaVuSansMono.ttf"), familyName: "Caret Test Mono")
        let after = fonts.shape("iiii", font: font)
        let wide = fonts.shape("mmmm", font: font)
        #expect(after.width == wide.width, "monospaced now: i as wide as m")
        #expect(before.width < after.width, "the line kept from before the font came was drawn again")
    }

    @Test func theLanguageChangingShapesHanAnew() throws {
        let fonts = try testFonts(language: "ja")
        let font = Font.systemFont(ofSize: 20)
        let japanese = fonts.shape("直", font: font)
        fonts.language = "zh-CN"
        let chinese = fonts.shape("直", font: font)
        #expect(japanese.glyphs.first?.id != chinese.glyphs.first?.id, "直 is drawn differently in Japanese and Chinese")
    }
}
