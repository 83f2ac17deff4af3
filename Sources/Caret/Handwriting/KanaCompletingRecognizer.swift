// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Japanese kana a model does not know, read from what it knows (Debian's Tegaki model has the
/// plain hiragana but no voiced or small kana and almost no katakana, yet で, が, っ and カ are
/// among the most frequent characters): a kana with ゛ or ゜ written after it is its body's
/// reading voiced; a kana written small is also offered small; a katakana that looks like a kanji
/// or hiragana the model reads (カ and 力, タ and 夕) is offered beside it.
package final class KanaCompletingRecognizer: HandwritingRecognizer {
    /// The recogniser whose readings are completed.
    package let base: HandwritingRecognizer
    /// The base's model.
    package var model: String { base.model }

    /// Completes a recogniser's readings (a Japanese model's).
    package init(base: HandwritingRecognizer) { self.base = base }

    static let voiced: [Character: Character] = [
        "か": "が", "き": "ぎ", "く": "ぐ", "け": "げ", "こ": "ご", "さ": "ざ", "し": "じ", "す": "ず", "せ": "ぜ", "そ": "ぞ",
        "た": "だ", "ち": "ぢ", "つ": "づ", "て": "で", "と": "ど", "は": "ば", "ひ": "び", "ふ": "ぶ", "へ": "べ", "ほ": "ぼ", "う": "ゔ",
        "カ": "ガ", "キ": "ギ", "ク": "グ", "ケ": "ゲ", "コ": "ゴ", "サ": "ザ", "シ": "ジ", "ス": "ズ", "セ": "ゼ", "ソ": "ゾ",
        "タ": "ダ", "チ": "ヂ", "ツ": "ヅ", "テ": "デ", "ト": "ド", "ハ": "バ", "ヒ": "ビ", "フ": "ブ", "ヘ": "ベ", "ホ": "ボ", "ウ": "ヴ",
    ]
    static let semiVoiced: [Character: Character] = [
        "は": "ぱ", "ひ": "ぴ", "ふ": "ぷ", "へ": "ぺ", "ほ": "ぽ", "ハ": "パ", "ヒ": "ピ", "フ": "プ", "ヘ": "ペ", "ホ": "ポ",
    ]
    static let small: [Character: Character] = [
        "つ": "っ", "や": "ゃ", "ゆ": "ゅ", "よ": "ょ", "あ": "ぁ", "い": "ぃ", "う": "ぅ", "え": "ぇ", "お": "ぉ", "わ": "ゎ",
        "ツ": "ッ", "ヤ": "ャ", "ユ": "ュ", "ヨ": "ョ", "ア": "ァ", "イ": "ィ", "ウ": "ゥ", "エ": "ェ", "オ": "ォ", "ワ": "ヮ", "ケ": "ヶ",
    ]
    /// Katakana drawn as a kanji or hiragana is (the kanji most of them come from).
    static let katakana: [Character: Character] = [
        "力": "カ", "夕": "タ", "卜": "ト", "口": "ロ", "二": "ニ", "八": "ハ", "へ": "ヘ", "り": "リ", "千": "チ", "乂": "メ",
        "せ": "セ", "き": "キ", "匕": "ヒ", "又": "ヌ", "儿": "ル", "丿": "ノ", "工": "エ", "才": "オ", "三": "ミ",
        "木": "ホ", "彐": "ヨ", "刀": "カ", "勹": "ク", "厶": "ム", "个": "ケ", "一": "ー",
    ]

    /// The base's readings, completed: voiced kana first when a mark of voicing ends the strokes.
    package func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate] {
        let strokes = strokes.filter { !$0.points.isEmpty }
        guard limit > 0, !strokes.isEmpty else { return [] }
        var read = withLookAlikes(base.candidates(for: strokes, guide: guide, limit: limit))
        // A mark of voicing written last: the body's kana, voiced, come first.
        if let (count, table) = Self.voicingMark(in: strokes) {
            let body = withLookAlikes(base.candidates(for: Array(strokes.dropLast(count)), guide: guide, limit: limit))
            let marked = body.compactMap { candidate in
                candidate.text.count == 1 ? table[candidate.text.first!].map { HandwritingCandidate(text: String($0), score: candidate.score) } : nil
            }
            read = marked + read
        }
        // Written small: the small kana go with their full ones (before them when the ink is tiny).
        if let size = Self.inkSize(strokes), size < 0.6 * min(guide.size.width, guide.size.height) {
            let tiny = size < 0.4 * min(guide.size.width, guide.size.height)
            read = read.flatMap { candidate -> [HandwritingCandidate] in
                guard candidate.text.count == 1, let small = Self.small[candidate.text.first!] else { return [candidate] }
                let smallCandidate = HandwritingCandidate(text: String(small), score: candidate.score)
                return tiny ? [smallCandidate, candidate] : [candidate, smallCandidate]
            }
        }
        var seen = Set<String>()
        return Array(read.filter { seen.insert($0.text).inserted }.prefix(limit))
    }

    /// Each reading followed by the katakana it looks like.
    private func withLookAlikes(_ read: [HandwritingCandidate]) -> [HandwritingCandidate] {
        read.flatMap { candidate -> [HandwritingCandidate] in
            guard candidate.text.count == 1, let kana = Self.katakana[candidate.text.first!], String(kana) != candidate.text else {
                return [candidate]
            }
            return [candidate, HandwritingCandidate(text: String(kana), score: candidate.score)]
        }
    }

    /// The larger side of the ink's box.
    static func inkSize(_ strokes: [HandwritingStroke]) -> Double? {
        let box = bounds(strokes.flatMap(\.points))
        return box.map { max($0.width, $0.height) }
    }

    static func bounds(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The voicing mark the last strokes are, if any: ゛ (two short strokes) or ゜ (a small
    /// closed loop), at the top right of the kana before them.
    static func voicingMark(in strokes: [HandwritingStroke]) -> (strokes: Int, table: [Character: Character])? {
        guard strokes.count >= 2, let all = bounds(strokes.flatMap(\.points)) else { return nil }
        let extent = max(all.width, all.height)
        guard extent > 0 else { return nil }
        func isMark(_ stroke: HandwritingStroke, body: Rect) -> Bool {
            guard let box = bounds(stroke.points) else { return false }
            return max(box.width, box.height) < 0.3 * extent && box.midX > body.minX + 0.6 * body.width && box.midY < body.minY + 0.5 * body.height
        }
        // ゜: one small loop whose ends meet.
        if let last = strokes.last, let box = bounds(last.points), let body = bounds(strokes.dropLast().flatMap(\.points)),
            isMark(last, body: body), last.points.count > 4,
            last.points[0].distance(to: last.points[last.points.count - 1]) < 0.5 * max(box.width, box.height)
        {
            return (1, semiVoiced)
        }
        // ゛: two short strokes side by side.
        guard strokes.count >= 3, let body = bounds(strokes.dropLast(2).flatMap(\.points)) else { return nil }
        if strokes.suffix(2).allSatisfy({ isMark($0, body: body) }) { return (2, voiced) }
        return nil
    }
}
