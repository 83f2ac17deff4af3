// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

/// An app's own words (docs/behaviour/localisation.md, "An app's own words"): English's table is
/// read at once, each other language's the first time its words are asked, and one that cannot
/// be read gives English's words.
@Suite struct LocalizedStringsTests {
    private func write(_ text: String, _ name: String, in folder: TemporaryFolder) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.item(name)))
    }

    @Test func aLanguagesTableIsReadWhenItsWordsAreFirstAsked() throws {
        let folder = try TemporaryFolder()
        try write(#"{"greeting": "Hello", "items": {"one": "{count} item", "other": "{count} items"}}"#, "en.json", in: folder)
        try write(#"{"greeting": "Hallo (before)"}"#, "de.json", in: folder)
        try write(#"{"greeting": "Bonjour"}"#, "fr.json", in: folder)
        let strings = try LocalizedStrings(folder: folder.path)
        #expect(strings.languages == ["en", "de", "fr"])
        // Changed after the tables were found and before German's words were asked: read then.
        try write(#"{"greeting": "Hallo", "items": {"one": "{count} Sache", "other": "{count} Sachen"}}"#, "de.json", in: folder)
        #expect(strings.string("greeting", language: "de") == "Hallo")
        #expect(strings.string("items", language: "de", count: 2) == "2 Sachen")
        // Once read, a table stays as it was read.
        try write(#"{"greeting": "Hallo (after)"}"#, "de.json", in: folder)
        #expect(strings.string("greeting", language: "de") == "Hallo")
        #expect(strings.string("greeting", language: "fr") == "Bonjour")
        #expect(strings.string("items", language: "fr", count: 1) == "1 item")  // a key French lacks is English's
        #expect(strings.string("greeting", language: "ja") == "Hello")  // no table
        #expect(strings.language(for: ["de-AT", "en"]) == "de")
    }

    @Test func aTableThatCannotBeReadGivesEnglishsWords() throws {
        let folder = try TemporaryFolder()
        try write(#"{"greeting": "Hello"}"#, "en.json", in: folder)
        try write(#"{"greeting": "Hallo""#, "de.json", in: folder)  // cut off
        let strings = try LocalizedStrings(folder: folder.path)
        #expect(strings.string("greeting", language: "de") == "Hello")
        #expect(strings.string("greeting", language: "de") == "Hello")
    }

    @Test func englishMustBeThereAndReadable() throws {
        let missing = try TemporaryFolder()
        try write(#"{"greeting": "Hallo"}"#, "de.json", in: missing)
        #expect(throws: CaretError.self) { try LocalizedStrings(folder: missing.path) }
        let broken = try TemporaryFolder()
        try write(#"["not", "a", "table"]"#, "en.json", in: broken)
        #expect(throws: CaretError.self) { try LocalizedStrings(folder: broken.path) }
    }
}
