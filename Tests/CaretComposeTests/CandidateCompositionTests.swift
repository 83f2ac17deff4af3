// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Japanese and Chinese: typed keys give a preedit and candidates in the bar; space takes the
/// first, a tap any; Return commits the keys as typed.
@Suite(.serialized) @MainActor
struct CandidateCompositionTests {
    @Test func romajiGivesHiraganaAndNihongoConvertsToJapanese() throws {
        let rig = try ComposeRig(languages: ["ja"])
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.controller.problems.isEmpty, "\(rig.controller.problems)")
        let steps = [("n", "n"), ("i", "に"), ("h", "にh"), ("o", "にほ"), ("n", "にほn"), ("g", "にほんg"), ("o", "にほんご")]
        for (key, preedit) in steps {
            #expect(rig.keys.tap(label: key))
            #expect(rig.marked == preedit)
        }
        #expect(rig.log.changes.isEmpty)  // the preedit asks nothing
        let keyboard = try #require(rig.keys.keyboard)
        #expect(keyboard.candidates.contains("日本語"))
        #expect(keyboard.candidates.contains("ニホンゴ"))
        #expect(rig.keys.tapCandidate("日本語"))
        #expect(rig.field.text == "日本語" && rig.marked == nil)
        #expect(rig.log.changes == ["0+4 日本語"])
        #expect(keyboard.candidates.isEmpty)
        rig.undo()
        #expect(rig.field.text == "")
    }

    @Test func theKanaKeyboardTypesKanaAndReturnCommitsThemAsTyped() throws {
        let rig = try ComposeRig(languages: ["ja-kana"])
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.keys.type(labels: "にほんこ゛"))  // ゛ voices the kana before it
        #expect(rig.marked == "にほんご")
        #expect(rig.keys.keyboard?.candidates.first == "日本語")
        rig.keys.tap(.return)
        #expect(rig.field.text == "にほんご" && rig.marked == nil)
        #expect(rig.log.changes == ["0+4 にほんご"])
        #expect(rig.keys.type(labels: "つ小"))
        #expect(rig.marked == "っ")
        #expect(rig.keys.type(labels: "は゜"))
        #expect(rig.marked == "っぱ")
    }

    @Test func spaceConvertsAndReturnConfirmsTheFirstCandidate() throws {
        let rig = try ComposeRig(languages: ["ja"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "kanji")
        #expect(rig.marked == "かんじ")
        let first = try #require(rig.keys.keyboard?.candidates.first)
        rig.keys.tap(.space)
        #expect(rig.marked == first)
        rig.keys.tap(.return)
        #expect(rig.field.text == first && rig.marked == nil)
        rig.keys.tap(.space)  // nothing composed: a space
        #expect(rig.field.text == first + " ")
    }

    @Test func pinyinZhongguoGivesChina() throws {
        let rig = try ComposeRig(languages: ["zh-pinyin"])
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.controller.problems.isEmpty, "\(rig.controller.problems)")
        rig.keys.type(labels: "zhongguo")
        #expect(rig.marked?.replacingOccurrences(of: " ", with: "") == "zhongguo")
        #expect(rig.keys.keyboard?.candidates.first == "中国")
        #expect(rig.log.changes.isEmpty)
        rig.keys.tap(.space)
        #expect(rig.field.text == "中国" && rig.marked == nil)
        #expect(rig.log.changes == ["0+\(rig.log.changes.first?.split(separator: "+").last?.split(separator: " ").first ?? "") 中国"])
        rig.undo()
        #expect(rig.field.text == "")
    }

    @Test func returnCommitsPinyinAsTyped() throws {
        let rig = try ComposeRig(languages: ["zh-pinyin"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "nihao")
        rig.keys.tap(.return)
        #expect(rig.field.text == "nihao" && rig.marked == nil)
    }

    @Test func candidatesPageAndExpandIntoAScrollingGrid() throws {
        let rig = try ComposeRig(languages: ["zh-pinyin"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "shi")
        let keyboard = try #require(rig.keys.keyboard)
        let first = keyboard.candidates
        #expect(first.count >= 5)
        #expect(!rig.controller.compositionState.isLastPage)
        // What librime offers, page by page through the bar (up to the panel's 240).
        var pages: [String] = []
        while pages.count < 240 {
            pages += rig.controller.compositionState.candidates
            if rig.controller.compositionState.isLastPage { break }
            rig.controller.turnCandidatePage(forward: true)
        }
        while rig.controller.compositionState.page > 0 { rig.controller.turnCandidatePage(forward: false) }
        #expect(keyboard.candidates == first)
        let expand = try #require(keyboard.candidateExpandButtonFrame)
        rig.host.input.tap(at: keyboard.convert(Point(x: expand.midX, y: expand.midY), to: nil))
        rig.host.advance(by: 0.4)
        let panel = try #require(keyboard.candidatePanel)
        // Every page in one grid: rows of cells as wide as their words, no page turns.
        #expect(panel.candidates == Array(pages.prefix(panel.candidates.count)) && panel.candidates.count > first.count * 3)
        #expect(!panel.canTurnBack && !panel.canTurnForward)
        let frames = panel.cellFrames
        #expect(Set(frames.map(\.minY)).count > 3, "rows")
        #expect(frames.allSatisfy { $0.minX >= 0 && $0.maxX <= panel.bounds.width + 0.5 })
        #expect(rig.controller.compositionState.page == 0, "the bar still shows its first page")
        // A drag up scrolls the grid by as much; it chooses nothing.
        let hidden = try #require(frames.indices.last { frames[$0].minY > panel.bounds.height })
        let from = panel.convert(Point(x: panel.bounds.midX, y: panel.bounds.height - 20), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .began, location: from))
        for step in 1...10 {
            rig.host.window.send(.touch(id: 1, phase: .moved, location: Point(x: from.x, y: from.y - Double(step) * 15)))
            rig.host.advance(by: 0.016)
        }
        rig.host.window.send(.touch(id: 1, phase: .ended, location: Point(x: from.x, y: from.y - 150)))
        rig.host.advance(by: 0.4)
        #expect(panel.contentOffset == 150 && rig.field.text == "shi")
        #expect(panel.cellFrames[hidden].minY == frames[hidden].minY - 150)
        // A candidate of a later page, tapped where it now is, is committed.
        let visible = try #require(panel.visibleCells.last { $0.index >= first.count })
        let chosen = panel.candidates[visible.index]
        rig.host.input.tap(at: panel.convert(Point(x: visible.frame.midX, y: visible.frame.midY), to: nil))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == chosen && rig.marked == nil)
        #expect(keyboard.candidatePanel == nil)  // nothing left to choose
    }

    @Test func zhuyinTypesOneCommonWord() throws {
        let rig = try ComposeRig(languages: ["zh-zhuyin"])
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.controller.problems.isEmpty, "\(rig.controller.problems)")
        // 台灣: ㄊㄞˊ ㄨㄢ
        // The field's marked text is the reading as typed, key by key (librime spaces its syllables).
        var typed = ""
        for key in "ㄊㄞˊㄨㄢ" {
            #expect(rig.keys.tap(label: String(key)))
            typed.append(key)
            #expect(rig.marked?.replacingOccurrences(of: " ", with: "") == typed)
        }
        let word = try #require(rig.keys.keyboard?.candidates.first { ["臺灣", "台灣"].contains($0) })
        #expect(rig.keys.tapCandidate(word))
        #expect(rig.field.text == word && rig.marked == nil)
    }

    @Test func cangjieTypesOneCommonWord() throws {
        let rig = try ComposeRig(languages: ["zh-cangjie"])
        defer { withExtendedLifetime(rig.host) {} }
        // 我: 竹手戈 (h q i)
        #expect(rig.keys.type(labels: "竹手戈"))
        #expect(rig.marked == "竹手戈")
        #expect(rig.keys.keyboard?.candidates.first == "我")
        rig.keys.tap(.space)
        #expect(rig.field.text == "我")
    }

    @Test func switchingLanguageMidCompositionCommitsFirst() throws {
        let rig = try ComposeRig(languages: ["zh-pinyin", "ko", "en"])
        defer { withExtendedLifetime(rig.host) {} }
        var modes: [String?] = []
        let token = NotificationCenter.default.addObserver(
            forName: TextInputMode.currentInputModeDidChangeNotification, object: nil, queue: nil
        ) { note in
            let language = (note.object as? TextInputMode)?.primaryLanguage
            MainActor.assumeIsolated { modes.append(language) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        rig.keys.type(labels: "ni")
        rig.keys.tap(.globe)
        #expect(rig.field.text == "ni" && rig.marked == nil)  // as it stood, once
        #expect(rig.controller.currentLanguage == "ko")
        rig.keys.type(labels: "ㅎㅏ")
        rig.keys.tap(.globe)
        #expect(rig.field.text == "ni하" && rig.marked == nil)
        rig.keys.tap(label: "a")
        #expect(rig.field.text == "ni하a")
        #expect(modes == ["ko-KR", "en-US"])
        #expect(rig.field.textInputMode?.primaryLanguage == "en-US")
        #expect(TextInputMode.activeInputModes.map(\.primaryLanguage) == ["zh-Hans", "ko-KR", "en-US"])
    }
}

/// The composing languages' keys and alternates, typed into a secure field (which never
/// composes), type their labels.
@Suite(.serialized) @MainActor
struct ComposingLayoutTests {
    @Test func everyKeyOfEveryComposingLanguageTypesItsLabelWhereNothingComposes() throws {
        let layouts = try KeyboardLayouts.bundled()
        let composing = layouts.languages.values.filter { $0.composition != nil }.map(\.identifier).sorted()
        #expect(
            composing == [
                "bn-itrans", "gu-itrans", "hi-itrans", "ja", "ja-kana", "kn-itrans", "ko", "ml-swanalekha", "mr-itrans", "pa-itrans",
                "ta-itrans", "te-itrans", "vi-telex", "vi-vni", "zh-cangjie", "zh-pinyin", "zh-zhuyin",
            ])
        // The transliterations share Latin letters: one of each set of planes is typed.
        var planes: Set<[[[String]]]> = []
        let distinct = composing.filter { identifier in
            let language = layouts.languages[identifier]!
            return language.composition?.engine != "m17n" || planes.insert([language.letters, language.numbers, language.symbols]).inserted
        }
        #expect(distinct.contains("vi-vni") && distinct.contains("hi-itrans") && distinct.count < composing.count)
        for identifier in distinct {
            let rig = try ComposeRig(languages: [identifier], secure: true)
            defer { withExtendedLifetime(rig.host) {} }
            #expect(rig.controller.currentLanguage == identifier)
            let (expected, unreachable) = rig.keys.typeEveryKeyOfEveryPlane()
            #expect(unreachable.isEmpty, "\(identifier): \(unreachable)")
            #expect(rig.field.text == expected, "\(identifier)")
        }
    }
}
