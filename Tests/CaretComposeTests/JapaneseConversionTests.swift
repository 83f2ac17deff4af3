// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretCompose

/// Japanese converted as on phones (issue 44): space converts the reading clause by clause and
/// steps through the converting clause's candidates; Return (確定) confirms what is shown; the
/// bar's ◀ ▶ move to another clause, 縮 伸 make it a kana shorter or longer; a candidate tapped
/// confirms the clauses up to its own and the rest goes on converting.
@Suite(.serialized) @MainActor
struct JapaneseConversionTests {
    private func rig(typing romaji: String) throws -> ComposeRig {
        let rig = try ComposeRig(languages: ["ja", "en"]) { $0.autocapitalizationType = .none }
        #expect(rig.keys.type(labels: romaji))
        return rig
    }

    private func label(_ action: KeyboardKeyAction, _ rig: ComposeRig) -> String? {
        rig.keys.keyboard?.keyFrames.first { $0.key.action == action }?.key.label
    }

    /// The clause being converted, as the field shows it: its marked text's selection.
    private func selectedClause(_ rig: ComposeRig) -> String? {
        guard let marked = rig.field.markedTextRange, let selected = rig.field.selectedTextRange, !selected.isEmpty else { return nil }
        #expect(rig.field.offset(from: marked.start, to: selected.start) >= 0)
        #expect(rig.field.offset(from: selected.end, to: marked.end) >= 0)
        return rig.field.text(in: selected)
    }

    /// Each clause's hiragana form is its last candidate but one or last (anthy's, then its own).
    private func clauseReading(_ rig: ComposeRig) -> String? {
        rig.controller.compositionState.candidates.last { $0.unicodeScalars.allSatisfy { (0x3041...0x309F).contains($0.value) } }
    }

    @Test func spaceConvertsThenStepsThroughTheCandidatesAndReturnConfirms() throws {
        let rig = try rig(typing: "kanji")
        #expect(rig.marked == "かんじ")
        #expect(label(.space, rig) == "変換" && label(.return, rig) == "確定")
        #expect(rig.keys.tap(.space))
        let candidates = rig.controller.compositionState.candidates
        #expect(candidates.count > 2 && candidates.contains("漢字"))
        #expect(rig.marked == candidates[0] && selectedClause(rig) == candidates[0])
        #expect(label(.space, rig) == "次候補" && label(.return, rig) == "確定")
        #expect(rig.controller.compositionState.selectedCandidate == 0)
        // Each space shows the next candidate in the field; nothing is committed.
        for step in 1..<3 {
            #expect(rig.keys.tap(.space))
            #expect(rig.marked == candidates[step] && rig.controller.compositionState.selectedCandidate == step)
        }
        #expect(rig.log.changes.isEmpty)
        #expect(rig.keys.tap(.return))
        #expect(rig.field.text == candidates[2] && rig.marked == nil)
        #expect(rig.log.changes == ["0+\(candidates[2].utf16.count) \(candidates[2])"])
        #expect(label(.space, rig) == "空白")
        rig.undo()
        #expect(rig.field.text == "")
    }

    @Test func theClauseButtonsMoveAndResizeTheClauseBeingConverted() throws {
        let reading = "きょうはいいてんき"
        let rig = try rig(typing: "kyouhaiitenki")
        #expect(rig.keys.tap(.space))
        let keyboard = try #require(rig.keys.keyboard)
        #expect(keyboard.clauseButtonFrames.map(\.label) == ["◀", "▶", "縮", "伸"])
        let first = try #require(clauseReading(rig))
        #expect(reading.hasPrefix(first) && first != reading, "anthy makes clauses of the reading: \(first)")
        // ▶, tapped at its place in the bar, converts the next clause.
        #expect(tapButton("▶", rig))
        let second = try #require(clauseReading(rig))
        #expect(reading.dropFirst(first.count).hasPrefix(second), "\(second)")
        #expect(selectedClause(rig) == rig.controller.compositionState.candidates[0])
        // 縮: one kana shorter; 伸: one longer.
        #expect(tapButton("縮", rig))
        #expect(clauseReading(rig) == String(second.dropLast()))
        #expect(tapButton("伸", rig))
        #expect(tapButton("伸", rig))
        #expect(clauseReading(rig) == String(reading.dropFirst(first.count).prefix(second.count + 1)))
        // ◀: back to the first clause, as it was.
        #expect(tapButton("◀", rig))
        #expect(clauseReading(rig) == first)
        #expect(rig.log.changes.isEmpty)
    }

    private func tapButton(_ label: String, _ rig: ComposeRig) -> Bool {
        guard let keyboard = rig.keys.keyboard, let button = keyboard.clauseButtonFrames.first(where: { $0.label == label }) else { return false }
        rig.host.input.tap(at: keyboard.convert(Point(x: button.frame.midX, y: button.frame.midY), to: nil), hold: 0.05)
        rig.host.advance(by: 0.4)
        return true
    }

    @Test func aCandidateConfirmsTheClausesUpToItsOwnAndTheRestGoesOnConverting() throws {
        // (Not the sentence the other tests convert: the choice made here is remembered.)
        let reading = "わたしはがくせいです"
        let rig = try rig(typing: "watashihagakuseidesu")
        #expect(rig.keys.tap(.space))
        let first = try #require(clauseReading(rig))
        let candidates = rig.controller.compositionState.candidates
        let shown = try #require(rig.marked)
        let chosen = try #require(candidates.first { $0 != candidates[0] })
        #expect(rig.keys.tapCandidate(chosen))
        // The chosen clause takes the marked text's place in one change; the rest is marked again.
        #expect(rig.log.changes == ["0+\(shown.utf16.count) \(chosen)"])
        let marked = try #require(rig.marked)
        #expect(rig.field.text == chosen + marked)
        #expect(rig.controller.compositionState.convertingSegment != nil, "the rest is still converting")
        let rest = try #require(clauseReading(rig))
        #expect(reading.dropFirst(first.count).hasPrefix(rest))
        #expect(rig.keys.tap(.return))
        #expect(rig.field.text == chosen + marked && rig.marked == nil)
    }

    @Test func aKeyConfirmsTheConversionAndBeginsTheNextReading() throws {
        let rig = try rig(typing: "kanji")
        #expect(rig.keys.tap(.space))
        let shown = try #require(rig.marked)
        #expect(rig.keys.type(labels: "ga"))
        #expect(rig.field.text == shown + "が" && rig.marked == "が")
        #expect(label(.space, rig) == "変換")
    }

    @Test func backspaceGoesBackToTheReading() throws {
        let rig = try rig(typing: "kanji")
        #expect(rig.keys.tap(.space))
        #expect(rig.marked != "かんじ")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == "かんじ" && rig.controller.compositionState.convertingSegment == nil)
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == "かん")
    }

    /// Debian's anthy offers デス before です and 強は before 今日は; ranked by wordfreq's Japanese
    /// list the common words come first (issue 44), in the phrases offered while typing and in
    /// the conversion.
    @Test func theCommonWordsComeFirst() throws {
        let desu = try rig(typing: "desu")
        #expect(desu.keys.keyboard?.candidates.first == "です")
        #expect(desu.keys.tap(.space))
        #expect(desu.marked == "です")
        let kyou = try rig(typing: "kyouhaiitenki")
        #expect(kyou.keys.keyboard?.candidates.first == "今日はいい天気")
        #expect(kyou.keys.tap(.space))
        #expect(kyou.marked == "今日はいい天気")
    }

    /// The order itself, from a list of our own: the word with its kana ending taken off is ranked;
    /// anthy's order stands unless the list says clearly otherwise; a choice comes first next time.
    @Test func theRankingWeighsTheListAgainstAnthysOrder() throws {
        let path = NSTemporaryDirectory() + "caret-ranking-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "です\n今日\nいい\n良い\n感じ\n".write(toFile: path, atomically: true, encoding: .utf8)
        let ranking = CandidateRanking(path: path)
        #expect(CandidateRanking.word(of: "今日は", reading: "きょうは") == "今日")
        #expect(CandidateRanking.word(of: "いい", reading: "いい") == "いい")
        #expect(ranking.order(["デス", "です", "出す"], reading: "です") == [1, 0, 2])
        #expect(ranking.order(["強は", "今日は", "きょうは"], reading: "きょうは") == [1, 0, 2])
        #expect(ranking.order(["いい", "良い"], reading: "いい") == [0, 1], "anthy's first, already common, stays")
        #expect(ranking.order(["転記", "天気"], reading: "てんき") == [0, 1], "neither listed: anthy's order")
        ranking.remember("強は", for: "きょうは", offeredFirst: "今日は")
        #expect(ranking.order(["強は", "今日は", "きょうは"], reading: "きょうは").first == 0)
        #expect(CandidateRanking(path: "/nonexistent").order(["デス", "です"], reading: "です") == [0, 1])
    }

    @Test func aLanguageSwitchWhileConvertingCommitsWhatWasShown() throws {
        let rig = try rig(typing: "kanji")
        #expect(rig.keys.tap(.space))
        #expect(rig.keys.tap(.space))
        let shown = try #require(rig.marked)
        rig.controller.showLanguage("en")
        rig.host.settle()
        #expect(rig.field.text == shown && rig.marked == nil)
    }
}
