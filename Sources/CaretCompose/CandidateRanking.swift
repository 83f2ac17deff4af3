// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Orders anthy's candidates for a clause by how common their words are as well as by anthy's
/// own order: Debian's anthy puts デス before です and 強は before 今日は, fresh. A candidate's word
/// is itself, or what is left when the kana it shares with the reading's end are taken off (今日は
/// → 今日); its rank is its place in wordfreq's Japanese list (`Assets/Words/ja.txt`). A place
/// further down anthy's list costs as much as a word four times rarer, so anthy's order (and what
/// it learned) stands unless the list says clearly otherwise; a choice the person made for a
/// reading comes first the next time.
@MainActor
final class CandidateRanking {
    /// Ranks by word, most frequent 0.
    private let ranks: [String: Int]
    /// The candidate last chosen for a clause's reading, when it was not the first offered.
    private var chosen: [String: String] = [:]
    /// A place further down anthy's list weighs as much as a word this many times rarer.
    static let placeWeight = 4.0

    /// The list at `path`, one word a line, most frequent first; no ranks when it cannot be read.
    init(path: String?) {
        var ranks: [String: Int] = [:]
        if let path, let text = try? String(contentsOfFile: path, encoding: .utf8) {
            for (index, line) in text.split(separator: "\n").enumerated() where ranks[String(line)] == nil {
                ranks[String(line)] = index
            }
        }
        self.ranks = ranks
    }

    /// The bundled list, if the assets have it.
    static func bundled() -> CandidateRanking {
        CandidateRanking(path: try? Assets.path(for: "Words/ja.txt"))
    }

    /// Whether a list was read.
    var isEmpty: Bool { ranks.isEmpty }

    /// The order in which to offer anthy's candidates for a reading: indices into `candidates`.
    func order(_ candidates: [String], reading: String) -> [Int] {
        let unknown = Double(max(ranks.count, 1) * 4)
        func cost(_ index: Int) -> Double {
            let candidate = candidates[index]
            let word = Self.word(of: candidate, reading: reading)
            let rank = [ranks[candidate], ranks[word]].compactMap { $0 }.min().map(Double.init) ?? unknown
            return log2(rank + 2) + log2(Self.placeWeight) * Double(index)
        }
        var order = candidates.indices.sorted { a, b in
            let (x, y) = (cost(a), cost(b))
            return x != y ? x < y : a < b
        }
        if let preferred = chosen[reading], let index = candidates.firstIndex(of: preferred), let at = order.firstIndex(of: index) {
            order.remove(at: at)
            order.insert(index, at: 0)
        }
        return order
    }

    /// The person chose `candidate` for `reading` where `first` was offered first.
    func remember(_ candidate: String, for reading: String, offeredFirst first: String) {
        if candidate == first, chosen[reading] == nil { return }
        chosen[reading] = candidate
    }

    /// The candidate without the hiragana it shares with the reading's end (今日は, きょうは → 今日);
    /// the candidate itself when that leaves nothing.
    static func word(of candidate: String, reading: String) -> String {
        var word = Array(candidate.unicodeScalars)
        var kana = Array(reading.unicodeScalars)
        while let last = word.last, let end = kana.last, last == end, (0x3041...0x309F).contains(last.value) {
            word.removeLast()
            kana.removeLast()
        }
        return word.isEmpty ? candidate : String(String.UnicodeScalarView(word))
    }
}
