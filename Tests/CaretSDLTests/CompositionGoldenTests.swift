// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretCompose
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Korean, Japanese and Chinese typed on the on-screen keyboard, drawn: the preedit underlined at
/// the caret, the candidates in the bar and the panel, the globe key's language list. These are
/// also the README's pictures (docs/world-*.png).
@Suite(.serialized) @MainActor
struct CompositionGoldenTests {
    private func make(_ languages: [String], size: Size = Size(width: 640, height: 420)) throws -> (HeadlessWindow, TextField, KeyboardDriver) {
        let composers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-compose-tests", forgettingLearning: true)
        let (host, field, _) = try keyboardWindow(languages: languages, size: size, composers: composers, fieldHeight: 40) { root, field in
            root.backgroundColor = .systemGroupedBackground
            field.borderStyle = .roundedRect
            field.font = .systemFont(ofSize: 20)
        }
        return (host, field, KeyboardDriver(host))
    }

    @Test func koreanJamoComposeAsTyped() throws {
        let (host, field, keys) = try make(["ko", "en"])
        #expect(keys.type(labels: "ㅎㅏㄴㄱㅜㄱㅇㅓ"))
        host.settle()
        #expect(field.text == "한국어" && field.markedTextRange != nil)
        try expectGolden(host, named: "compose-ko")
    }

    @Test func japaneseKanaWithCandidates() throws {
        let (host, field, keys) = try make(["ja", "en"])
        #expect(keys.type(labels: "nihongo"))
        host.settle()
        #expect(field.text == "にほんご" && keys.keyboard?.candidates.first == "日本語")
        try expectGolden(host, named: "compose-ja")
    }

    /// Japanese converting clause by clause: the second clause of 今日はいい天気 is converted (its
    /// marked text tinted and underlined thick), its candidates in the bar with the one shown
    /// highlighted, the clause buttons at the bar's left, space reading 次候補 and Return 確定.
    @Test func japaneseConversionWithClauses() throws {
        let (host, field, keys) = try make(["ja", "en"])
        #expect(keys.type(labels: "kyouhaiitenki"))
        #expect(keys.tap(.space))
        let keyboard = try #require(keys.keyboard)
        let next = try #require(keyboard.clauseButtonFrames.first { $0.label == "▶" })
        host.input.tap(at: keyboard.convert(Point(x: next.frame.midX, y: next.frame.midY), to: nil))
        host.settle()
        let clause = try #require(field.selectedTextRange)
        #expect(!clause.isEmpty && field.markedTextRange != nil)
        // The clause's underline, exactly: its rect's bottom edge, in the window.
        let rect = field.convert(field.firstRect(for: clause), to: nil)
        let underline = Rect(x: rect.minX, y: rect.maxY - 4, width: rect.width, height: 6)
        try expectGolden(host, named: "compose-ja-clauses", showing: [underline])
        // Painted out, the clause's emphasis is missed: the field drawn with nothing selected.
        field.selectedTextRange = field.textRange(from: clause.end, to: clause.end)
        host.settle()
        try expectGoldenNoticesFault(host, named: "compose-ja-clauses", showing: [underline])
    }

    @Test func chinesePinyinWithTheCandidatePanel() throws {
        let (host, field, keys) = try make(["zh-pinyin", "en"])
        #expect(keys.type(labels: "zhongguo"))
        host.settle()
        #expect(keys.keyboard?.candidates.first == "中国")
        try expectGolden(host, named: "compose-zh")
        let keyboard = try #require(keys.keyboard)
        let expand = try #require(keyboard.candidateExpandButtonFrame)
        host.input.tap(at: keyboard.convert(Point(x: expand.midX, y: expand.midY), to: nil))
        host.settle()
        let panel = try #require(keyboard.candidatePanel)
        // The grid holds every page, but no candidate the installed fonts cannot draw (a box).
        #expect(panel.candidates.count > 40)
        #expect(
            !panel.candidates.contains { host.window.backend.fontProvider.shape($0, font: keyboard.candidateFont).glyphs.contains { $0.id == 0 } })
        try expectGolden(host, named: "compose-zh-panel")
        let first = panel.cellFrames[0]
        host.input.tap(at: panel.convert(Point(x: first.midX, y: first.midY), to: nil))
        host.settle()
        #expect(field.text == "中国" && field.markedTextRange == nil && keyboard.candidatePanel == nil)
    }

    @Test func theGlobeKeysLanguageList() throws {
        let (host, _, keys) = try make(["en", "ko", "ja", "zh-pinyin", "zh-zhuyin", "hi", "ar"])
        let keyboard = try #require(keys.keyboard)
        let globe = try #require(keyboard.keyFrames.first { $0.key.action == .globe })
        let point = keyboard.convert(Point(x: globe.frame.midX, y: globe.frame.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.advance(by: 0.6)
        let list = try #require(keyboard.popups.languageList)
        host.window.send(.touch(id: 1, phase: .moved, location: list.convert(Point(x: 40, y: 4 + list.rowHeight * 1.5), to: nil)))
        host.settle()
        try expectGolden(host, named: "compose-language-list")
        host.window.send(.touch(id: 1, phase: .ended, location: list.convert(Point(x: 40, y: 4 + list.rowHeight * 1.5), to: nil)))
        #expect(host.window.keyboard.currentLanguage == "ko")
    }
}

/// `markedTextStyle` changes how the preedit is drawn: its background, underline and underline colour.
@Suite(.serialized) @MainActor
struct MarkedTextStyleTests {
    private func render(_ style: TextAttributes?) throws -> (Image, Rect) {
        let host = try HeadlessWindow(size: Size(width: 300, height: 80), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 280, height: 40))
        field.font = .systemFont(ofSize: 22)
        field.markedTextStyle = style
        root.addSubview(field)
        host.layout()
        field.becomeFirstResponder()
        field.setMarkedText("にほん", selectedRange: NSRange(location: 3, length: 0))
        host.settle()
        let range = try #require(field.markedTextRange)
        let rect = field.firstRect(for: range)
        return (try host.render(), field.convert(rect, to: nil))
    }

    /// Pixels of a row across the marked text that are mostly of a colour.
    private func count(_ image: Image, row y: Double, in rect: Rect, where match: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        stride(from: Int(rect.minX) + 1, to: Int(rect.maxX) - 1, by: 1).filter { match(image.pixel(x: $0, y: Int(y))) }.count
    }

    @Test func theDefaultIsAThinUnderlineInTheTextsColour() throws {
        let (image, rect) = try render(nil)
        let dark = count(image, row: rect.maxY - 1.5, in: rect) { $0.r < 80 && $0.g < 80 && $0.b < 80 }
        #expect(dark > Int(rect.width) * 8 / 10)
    }

    @Test func aStyleGivesItsBackgroundAndUnderlineColour() throws {
        let style = TextAttributes(foregroundColor: .systemRed, backgroundColor: Color(rgb: 0xFFF3B0), underlineStyle: .thick)
        let (image, rect) = try render(style)
        let yellow = count(image, row: rect.minY + 2, in: rect) { $0.r > 240 && $0.g > 230 && $0.b < 200 && $0.b > 150 }
        #expect(yellow > Int(rect.width) / 2)
        let red = count(image, row: rect.maxY - 1, in: rect) { $0.r > 200 && $0.g < 90 && $0.b < 90 }
        #expect(red > Int(rect.width) * 8 / 10)
    }

    @Test func noUnderlineWhenTheStyleSaysNone() throws {
        let (image, rect) = try render(TextAttributes(underlineStyle: UnderlineStyle.none))
        let dark = count(image, row: rect.maxY - 1.5, in: rect) { $0.r < 80 && $0.g < 80 && $0.b < 80 }
        #expect(dark < Int(rect.width) / 4)
    }
}
