// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret

/// A Japanese reading converted by anthy, clause by clause, as phones and desktop input methods
/// convert: each clause's reading, candidates and the one chosen, and the clause being converted
/// (space steps through its candidates; its neighbours take the focus; it can take a kana more
/// or less, and anthy reconverts the clauses after it).
struct AnthyConversion {
    struct Segment {
        var reading: String
        var candidates: [String]
        /// anthy's number for each candidate (its katakana and hiragana forms have their own).
        var choices: [Int32]
        var chosen = 0
        var text: String { candidates[chosen] }
    }

    var segments: [Segment]
    /// The clause being converted.
    var focus = 0

    /// anthy's candidate numbers for a clause's reading as katakana and as hiragana.
    private static let katakanaChoice: Int32 = -2, hiraganaChoice: Int32 = -3

    /// The clauses anthy made of the reading set in its context (`count` of them); nil when none.
    /// anthy's candidates are offered in `ranking`'s order.
    @MainActor static func read(_ context: UnsafeMutableRawPointer, count: Int, ranking: CandidateRanking) -> [Segment]? {
        guard count > 0 else { return nil }
        var segments: [Segment] = []
        for index in 0..<count {
            let reading = taken(caret_anthy_segment_reading(context, Int32(index)))
            let offered = takenList(caret_anthy_segment_candidates(context, Int32(index), 24))
            let order = ranking.order(offered, reading: reading)
            var candidates = order.map { offered[$0] }
            var choices = order.map { Int32($0) }
            for (extra, choice) in [(AnthyComposer.katakana(reading), katakanaChoice), (reading, hiraganaChoice)]
            where !candidates.contains(extra) {
                candidates.append(extra)
                choices.append(choice)
            }
            guard !reading.isEmpty else { return nil }
            segments.append(Segment(reading: reading, candidates: candidates, choices: choices))
        }
        return segments
    }

    /// What the preedit shows: each clause's choice.
    var text: String { segments.map(\.text).joined() }

    /// The clause being converted, in UTF-16 units of `text`.
    var focusedRange: Range<Int> {
        let start = segments[..<focus].reduce(0) { $0 + $1.text.utf16.count }
        return start..<(start + segments[focus].text.utf16.count)
    }

    /// The clause being converted.
    var focused: Segment {
        get { segments[focus] }
        set { segments[focus] = newValue }
    }

    /// Teaches anthy (and the ranking) the choices of the clauses.
    @MainActor func learn(_ context: UnsafeMutableRawPointer, ranking: CandidateRanking) {
        for (index, segment) in segments.enumerated() {
            _ = caret_anthy_commit_segment(context, Int32(index), segment.choices[segment.chosen])
            ranking.remember(segment.text, for: segment.reading, offeredFirst: segment.candidates[0])
        }
    }
}
