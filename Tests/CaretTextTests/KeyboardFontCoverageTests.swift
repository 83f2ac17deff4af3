// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretText
import Foundation
import Testing

/// Every key label and alternate of every bundled keyboard language is drawn by some installed
/// font: no box (.notdef) anywhere on any plane.
@Suite @MainActor
struct KeyboardFontCoverageTests {
    @Test func everyLanguagesKeysAreDrawnBySomeInstalledFont() throws {
        let layouts = try KeyboardLayouts.bundled()
        #expect(layouts.skipped.isEmpty)
        // Every language file loads: none is dropped unnoticed.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Keyboards/languages")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.standardized.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 49)
        #expect(layouts.languages.count == files.count)
        let fonts = try testFonts(language: "en")
        var boxes: [String] = []
        for (identifier, language) in layouts.languages.sorted(by: { $0.key < $1.key }) {
            var texts = Set<String>()
            for row in language.letters + language.numbers + language.symbols {
                for token in row {
                    // What the key shows: its label where its text cannot be seen (a zero-width non-joiner).
                    if case let .text(text)? = KeyboardKeyAction.parse(token)?.action { texts.insert(language.labels?[text] ?? text) }
                }
            }
            for (key, alternates) in language.alternates {
                texts.insert(key)
                for alternate in alternates { texts.insert(String(alternate)) }
            }
            for shifted in (language.shifted ?? [:]).values { texts.insert(shifted) }
            texts.insert(language.name)
            texts.insert(language.space)
            for text in texts.sorted() {
                let run = fonts.shape(text, font: .systemFont(ofSize: 20))
                if run.glyphs.isEmpty || run.glyphs.contains(where: { $0.id == 0 }) { boxes.append("\(identifier): \(text)") }
            }
        }
        #expect(boxes.isEmpty, "drawn as boxes: \(boxes)")
    }
}
