// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation
import Testing

/// Unicode segmentation from ICU (SPEC §9, issue 14): words by UAX #29, line breaks by UAX #14.
@Suite(.serialized) @MainActor
struct SegmentationTests {
    let icu = ICUTextSegmenter()

    func words(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return icu.wordSegments(in: text).filter(\.isWord).map {
            String(decoding: units[$0.range], as: UTF16.self)
        }
    }

    @Test func japaneseWordsFollowUAX29() {
        #expect(words("日本語のテキスト") == ["日本語", "の", "テキスト"])
        #expect(words("Hello, world! 123") == ["Hello", "world", "123"])
        #expect(words("don't stop") == ["don't", "stop"])
    }

    @Test func segmentsCoverTheTextInOrder() {
        for text in ["", "a", "日本語のテキスト 👍🏽 مرحبا नमस्ते", "  spaces  and\ttabs ", "👨‍👩‍👧🇩🇪1️⃣"] {
            let segments = icu.wordSegments(in: text)
            var next = 0
            for segment in segments {
                #expect(segment.range.lowerBound == next)
                next = segment.range.upperBound
            }
            #expect(next == text.utf16.count)
        }
    }

    @Test func lineBreaksFollowUAX14() {
        // CJK may break between characters, but not before closing punctuation.
        let cjk = "日本語のテキスト。"
        let breaks = icu.lineBreakOpportunities(in: cjk)
        #expect(breaks.contains(1) && breaks.contains(2))
        #expect(!breaks.contains(8))  // not before 。
        // After spaces; never inside an emoji sequence.
        let emoji = "a 👨‍👩‍👧 b"
        let family = (emoji as NSString).range(of: "👨‍👩‍👧")
        let inside = icu.lineBreakOpportunities(in: emoji).filter { $0 > family.location && $0 < family.location + family.length }
        #expect(inside.isEmpty)
        #expect(icu.lineBreakOpportunities(in: "one two") == [4])
    }

    @Test func aDoubleTapOnKatakanaSelectsTheWord() throws {
        let fonts = try testFonts(language: "ja")
        let host = try HeadlessWindow(size: Size(width: 400, height: 200), fonts: .provider(fonts))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 44))
        field.text = "日本語のテキスト"
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        host.layout()
        #expect(field.becomeFirstResponder())
        host.settle()
        // Over テ (offset 4): its caret rect is where the glyph starts.
        let start = try #require(field.position(from: field.beginningOfDocument, offset: 4))
        let rect = field.caretRect(for: start)
        let point = field.convert(Point(x: rect.maxX + 4, y: rect.midY), to: nil)
        host.input.tap(at: point)
        host.input.tap(at: point)
        #expect(field.selectedRange == NSRange(location: 4, length: 4))
    }

    @Test func ctrlArrowsAndCtrlBackspaceStepByUAX29Words() throws {
        var model = TextEditingModel(text: "日本語のテキスト", allowsLineBreaks: false)
        model.segmenter = icu
        model.move(.forward, by: .document)
        model.move(.backward, by: .word)
        #expect(model.selection.head == 4)
        model.move(.backward, by: .word)
        #expect(model.selection.head == 3)
        model.move(.backward, by: .word)
        #expect(model.selection.head == 0)
        model.move(.forward, by: .word)
        #expect(model.selection.head == 3)
    }

    @Test func wrappingBreaksBetweenCJKCharacters() throws {
        let fonts = try testFonts(language: "ja")
        let text = String(repeating: "日本語のテキスト", count: 4)
        let layout = TextLayout(document: TextDocument(text), font: .systemFont(ofSize: 20), fontProvider: fonts, wrapWidth: 200)
        var lines: [Range<Int>] = []
        layout.forEachLine(in: 0...1000) { _, line, _ in lines.append(line.range) }
        #expect(lines.count > 1)
        for line in lines { #expect(Double(line.count) * 20 <= 200 + 0.5) }  // filled, not one word a line
        #expect(lines.first.map { $0.count >= 9 } == true)
    }
}
