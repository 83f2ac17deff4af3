// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretSDL
import CaretTesting
import CaretText
import Foundation

/// An engine's cost paid when a guest first uses it (docs/performance.md): in a process that has
/// opened no engine, the keyboard offers English and one composing language, shown in English;
/// then the language is chosen and its keys tapped until the bar shows a candidate. Prints the
/// time from the switch to that frame, the resident memory it added and the engine libraries
/// mapped before and after: `caret-demo --measure-first-use ja` (ko, zh-pinyin, zh-zhuyin, ...).
@MainActor
enum FirstUseMeasurement {
    /// The keys tapped in each language, by label, until the bar offers something.
    static let keys = [
        "ko": ["ㅎ", "ㅏ", "ㄴ"], "ja": ["k", "a"], "ja-kana": ["か"], "zh-pinyin": ["n", "i"], "zh-zhuyin": ["ㄋ", "ㄧ"],
        "zh-cangjie": ["日"], "vi-telex": ["v", "i", "e", "e"], "hi-itrans": ["n", "a"],
    ]

    static func run(language: String, stateDirectory: String?) throws {
        guard let labels = keys[language] else {
            throw CaretError.backendUnavailable(subsystem: "measure", reason: "no keys for \(language): \(keys.keys.sorted())")
        }
        let state = stateDirectory ?? NSTemporaryDirectory() + "caret-measure-first-use-\(getpid())"
        defer { if stateDirectory == nil { try? FileManager.default.removeItem(atPath: state) } }
        let fonts = try ShapingFontProvider(scale: 1)
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .provider(fonts))
        let composers = SystemTextComposers(stateDirectory: state)
        host.backend.textComposers = composers
        let keyboard = host.window.keyboard
        keyboard.policy = .always
        keyboard.languages = ["en", language]
        try keyboard.loadLayouts()
        // Offering Chinese deploys librime's data in rime_deployer's process (after an install);
        // the app itself opens no engine until the switch.
        composers.waitForPreparation()
        LanguageMeasurement.focusAField(in: host)
        let mappedBefore = engines()
        let before = LaunchMeasurement.status("VmRSS")
        let driver = KeyboardDriver(host)
        let start = ContinuousClock.now
        keyboard.showLanguage(language)
        host.drawFrame()
        // Letters by either case: the field's first letter shows the shifted keyboard.
        for label in labels where !driver.tap(where: { $0.label.lowercased() == label && $0.action != .space }) {
            throw CaretError.backendUnavailable(subsystem: "measure", reason: "\(language) shows no key \(label)")
        }
        guard let view = keyboard.keyboardView, !view.candidates.isEmpty || !view.barItems.isEmpty else {
            throw CaretError.backendUnavailable(subsystem: "measure", reason: "\(language): no candidate after \(labels.joined())")
        }
        host.drawFrame()
        let took = ContinuousClock.now - start
        let offered = view.candidates.isEmpty ? view.barItems.map(\.word) : view.candidates
        print(
            String(
                format:
                    "first use of %@: %.1f ms from the switch to a frame with candidates (%@), %+.1f MiB resident, engine libraries %@ before, %@ after",
                language, Double(took / .microseconds(1)) / 1000, offered.prefix(3).joined(separator: " "),
                LaunchMeasurement.status("VmRSS") - before, mappedBefore, engines()))
        for problem in keyboard.problems { print("problem: \(problem)") }
    }

    /// The engine libraries mapped now, or "none".
    private static func engines() -> String {
        let names = Application.sharedLibrariesLoaded().filter { name in Application.engineLibraries.contains { name.hasPrefix($0 + ".so") } }
        return names.isEmpty ? "none" : names.joined(separator: " ")
    }
}
