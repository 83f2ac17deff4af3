// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// A language's engine is started, and its data read, the first time a guest chooses it
/// (docs/behaviour/world-input.md): the kiosk offers it until then, and when its engine cannot
/// start the start screen offers what is left and shows the language the keys show.
@Suite(.serialized) @MainActor
struct KioskLanguageEngineTests {
    /// Engines that are installed but whose data cannot be used: found when offered, failing when started.
    final class UnstartableComposers: TextComposerProvider {
        var started = 0
        func unavailability(of composition: KeyboardComposition) -> CaretError? { nil }
        func makeComposer(for composition: KeyboardComposition) throws(CaretError) -> TextComposer {
            started += 1
            throw .assetUnreadable(path: "/planted/\(composition.engine).data", reason: "planted: cannot be read")
        }
    }

    @Test func aLanguageWhoseEngineCannotStartLeavesTheStartScreenWhenChosen() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 1000), fonts: .fixedAdvance(ratio: 0.5))
        let engines = UnstartableComposers()
        host.backend.textComposers = engines
        var options = CheckInFlow.Options()
        options.languages = ["en", "ja"]
        let flow = CheckInFlow(window: host.window, options: options)
        host.settle()
        // Offered, nothing started: the start screen has both languages.
        #expect(flow.start.languages.map(\.identifier) == ["en", "ja"])
        #expect(flow.start.languageButtons.count == 2)
        #expect(engines.started == 0)
        host.input.tap(flow.start.languageButtons[1])
        host.settle()
        #expect(engines.started == 1)
        #expect(host.window.keyboard.problems.contains { "\($0)".contains("/planted/anthy.data") })
        // Only English is left: no choice of language, English shown, Caret's words in English.
        #expect(flow.start.languages.map(\.identifier) == ["en"])
        #expect(flow.start.languageButtons.isEmpty)
        #expect(flow.start.selectedLanguage == "en")
        #expect(host.window.keyboard.currentLanguage == "en")
        #expect(
            host.window.preferredLanguages.count == 1 && host.window.preferredLanguages.first?.hasPrefix("en") == true,
            "\(host.window.preferredLanguages)")
        #expect(flow.start.startButton.title(for: .normal) == "Check in")
    }

    /// Chosen on the keyboard (as its globe key does), not on the start screen: the start screen
    /// no longer offers it either.
    @Test func aLanguageThatLeavesFromTheKeyboardLeavesTheStartScreenToo() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 1000), fonts: .fixedAdvance(ratio: 0.5))
        let engines = UnstartableComposers()
        host.backend.textComposers = engines
        var options = CheckInFlow.Options()
        options.languages = ["en", "de", "ja"]
        let flow = CheckInFlow(window: host.window, options: options)
        host.settle()
        #expect(flow.start.languageButtons.count == 3)
        host.window.keyboard.showLanguage("de")
        host.window.keyboard.showLanguage("ja")
        host.settle()
        #expect(engines.started == 1)
        #expect(host.window.keyboard.inputModes.map(\.identifier) == ["en", "de"])
        #expect(host.window.keyboard.currentLanguage == "en", "the first language left")
        #expect(flow.start.languages.map(\.identifier) == ["en", "de"])
        flow.startOver()
        host.settle()
        #expect(flow.start.languageButtons.count == 2)
        #expect(flow.start.selectedLanguage == "en")
    }
}
