// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Korean typed by taps with the app's own text stack (HarfBuzz, ICU): completions of 한 + ㄱ,
/// and key labels as large as Latin capitals (docs/behaviour/world-input.md).
@Suite(.serialized) @MainActor
struct KoreanKeyboardTests {
    static let composers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-korean-keyboard-tests", forgettingLearning: true)

    private func make(_ languages: [String]) throws -> (HeadlessWindow, TextField, KeyboardView) {
        try keyboardWindow(languages: languages, size: Size(width: 800, height: 480), composers: Self.composers)
    }

    private func tap(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ label: String) throws {
        try tapKey(host, keyboard, label)
    }

    /// The median ink height of the labels of the keys shown that `include` picks.
    private func medianLabelHeight(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ include: (String) -> Bool) -> Double {
        host.layout()
        let heights = keyboard.keyFrames.filter { include($0.key.label) }.compactMap { entry -> Double? in
            let (run, _) = keyboard.labelRun(of: entry.key, width: entry.frame.width)
            return host.backend.fontProvider.inkBounds(of: run).map { Double($0.height) }
        }.sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }

    @Test func hanThenGieukOffersWordsGoingOnFromHan() throws {
        let (host, field, keyboard) = try make(["ko", "en"])
        for jamo in ["ㅎ", "ㅏ", "ㄴ", "ㄱ"] { try tap(host, keyboard, jamo) }
        #expect(field.text == "한ㄱ")
        let offered = keyboard.candidates
        #expect(offered.contains("한국") && offered.contains("한글"), "\(offered)")
        #expect(offered.allSatisfy { $0.hasPrefix("한") }, "nothing beginning with ㄱ: \(offered)")
    }

    @Test func hangulConsonantLabelsAreAsLargeAsLatinCapitals() throws {
        let (host, _, keyboard) = try make(["ko", "en"])
        let consonants = Set("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ".map(String.init))
        let hangul = medianLabelHeight(host, keyboard) { consonants.contains($0) }
        try tap(host, keyboard, "KO")
        // Capitals (the field's start shows them already).
        if keyboard.keyFrames.contains(where: { $0.key.label == "q" }) { try tap(host, keyboard, "⇧") }
        let capitals = medianLabelHeight(host, keyboard) { $0.count == 1 && ("A"..."Z").contains($0) }
        #expect(capitals > 0 && hangul >= capitals * 0.85, "Hangul consonants \(hangul) px tall, Latin capitals \(capitals) px")
    }
}
