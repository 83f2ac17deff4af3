// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import Caret

/// The byte scans a paste goes through (TextCleaning.swift) answer as Swift's own string views do.
struct TextCleaningTests {
    static let samples = [
        "", "a", "ascii only", "é", "naïve café", "日本語", "😀", "a😀b👩‍👩‍👧c", "🇫🇷🇩🇪", "\u{10FFFF}", "مرحبا שלום नमस्ते",
        "line\nbreak", "\n", "x\u{1F600}\n\u{1F600}y", String(repeating: "ab😀ç\u{0301}", count: 1000),
    ]

    @Test(arguments: samples)
    func theUTF16LengthIsSwiftsCount(_ text: String) {
        #expect(TextDocument.utf16Length(text) == text.utf16.count)
        // A substring's own storage (not the whole string's) is what is counted.
        let tail = String(text.dropFirst())
        #expect(TextDocument.utf16Length(tail) == tail.utf16.count)
    }

    @Test(arguments: samples)
    func aLineFeedIsFoundWhereSwiftFindsOne(_ text: String) {
        #expect(TextDocument.containsLineFeed(text) == text.unicodeScalars.contains("\n"))
    }

    @Test func aPasteIntoAParagraphCountsWhatItJoins() {
        var document = TextDocument("ab😀cd")
        let range = document.replace(2..<2, with: "x😀\ny")
        #expect(range == 2..<7)
        #expect(document.paragraphs.map(\.utf16Count) == document.paragraphs.map { $0.text.utf16.count })
        #expect(document.paragraphs.map(\.text) == ["abx😀", "y😀cd"])
    }
}
