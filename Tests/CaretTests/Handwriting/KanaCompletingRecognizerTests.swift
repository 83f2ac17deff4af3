// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import Caret

/// Kana a Japanese model lacks, read from what it knows (issue 46): a base recogniser that reads
/// the number of strokes stands in for zinnia, so what is expected follows from what was written.
@Suite @MainActor
struct KanaCompletingRecognizerTests {
    /// Reads n strokes as its n-th reading (several candidates each).
    final class Base: HandwritingRecognizer {
        let model = "ja"
        var readings: [Int: [String]] = [:]
        func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate] {
            (readings[strokes.count] ?? []).prefix(limit).enumerated().map { HandwritingCandidate(text: $1, score: Double(10 - $0)) }
        }
    }

    let guide = HandwritingGuide(size: Size(width: 300, height: 300))

    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> HandwritingStroke {
        HandwritingStroke(points: (0...10).map { Point(x: x0 + (x1 - x0) * Double($0) / 10, y: y0 + (y1 - y0) * Double($0) / 10) })
    }

    /// A kana body filling most of the cell: a cross and a hook.
    var body: [HandwritingStroke] { [line(40, 120, 220, 120), line(130, 40, 130, 260), line(60, 200, 200, 250)] }

    @Test func twoShortStrokesAtTheTopRightVoiceTheKanaBeforeThem() {
        let base = Base()
        base.readings = [3: ["か", "力", "加"], 5: ["咖", "架"]]
        let recognizer = KanaCompletingRecognizer(base: base)
        let dakuten = [line(235, 40, 245, 62), line(255, 36, 265, 58)]
        let read = recognizer.candidates(for: body + dakuten, guide: guide, limit: 5).map(\.text)
        #expect(read.prefix(2) == ["が", "ガ"], "the body's kana voiced, its look-alike katakana too: \(read)")
        #expect(read.contains("咖"), "what the whole reads stays")
        // The same two strokes at the bottom left are not a voicing mark.
        let low = [line(45, 240, 55, 262), line(65, 236, 75, 258)]
        #expect(recognizer.candidates(for: body + low, guide: guide, limit: 5).map(\.text) == ["咖", "架"])
    }

    @Test func aSmallLoopAtTheTopRightIsHandakuten() {
        let base = Base()
        base.readings = [3: ["は", "ほ"], 4: ["唄"]]
        let recognizer = KanaCompletingRecognizer(base: base)
        let loop = HandwritingStroke(
            points: (0...16).map { i in
                let a = Double(i) / 16 * 2 * .pi
                return Point(x: 250 + 12 * cos(a), y: 50 + 12 * sin(a))
            })
        #expect(recognizer.candidates(for: body + [loop], guide: guide, limit: 5).map(\.text).prefix(2) == ["ぱ", "ぽ"])
    }

    @Test func aKanaWrittenSmallIsAlsoOfferedSmall() {
        let base = Base()
        base.readings = [1: ["つ", "フ"]]
        let recognizer = KanaCompletingRecognizer(base: base)
        let tiny = [line(160, 200, 230, 210)]  // under 0.4 of the cell: the small one first
        #expect(recognizer.candidates(for: tiny, guide: guide, limit: 5).map(\.text) == ["っ", "つ", "フ"])
        let small = [line(100, 200, 250, 215)]  // half the cell: after the full one
        #expect(recognizer.candidates(for: small, guide: guide, limit: 5).map(\.text) == ["つ", "っ", "フ"])
        let full = [line(20, 150, 280, 170)]
        #expect(recognizer.candidates(for: full, guide: guide, limit: 5).map(\.text) == ["つ", "フ"])
    }

    @Test func aKatakanaLookingLikeAKanjiFollowsIt() {
        let base = Base()
        base.readings = [2: ["力", "九", "刀"], 1: ["一", "二"]]
        let recognizer = KanaCompletingRecognizer(base: base)
        #expect(
            recognizer.candidates(for: [line(40, 100, 250, 100), line(150, 40, 60, 260)], guide: guide, limit: 5).map(\.text)
                == ["力", "カ", "九", "刀"])
        #expect(recognizer.candidates(for: [line(20, 150, 280, 150)], guide: guide, limit: 5).map(\.text).prefix(2) == ["一", "ー"])
        #expect(recognizer.candidates(for: [line(20, 150, 280, 150)], guide: guide, limit: 1).map(\.text) == ["一"], "the limit holds")
    }
}
