// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretTesting
import CaretText
import Foundation

/// The keyboard's languages, headless with the real fonts and engines (issue 26): for each
/// language the time of the first switch to it in this process (the engine started, its word
/// list read, the keys laid out and drawn) and the resident memory it added, then a second switch
/// back to it. The first Korean, Chinese and Japanese languages pay their library's start, so
/// their memory is the engine's: `caret-demo --measure-languages`.
@MainActor
enum LanguageMeasurement {
    static let languages = [
        "de", "el", "ru", "hi", "th", "ar", "ko", "zh-pinyin", "zh-zhuyin", "zh-cangjie", "ja", "ja-kana",
    ]

    static func run() throws {
        let state = NSTemporaryDirectory() + "caret-measure-languages-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let fonts = try ShapingFontProvider(scale: 1)
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .provider(fonts))
        let composers = SystemTextComposers(stateDirectory: state)
        host.backend.textComposers = composers
        // Each engine alone first: the memory it adds to the process (librime's deployment after
        // an install runs in rime_deployer's own process) and the time to make it.
        var engines: [TextComposer] = []
        let layouts = try KeyboardLayouts.bundled()
        print("engine                 made in        memory added")
        for language in ["ko", "ja", "zh-pinyin", "zh-zhuyin", "zh-cangjie"] {
            guard let composition = layouts.languages[language]?.composition else { continue }
            let before = LaunchMeasurement.status("VmRSS")
            let start = ContinuousClock.now
            engines.append(try composers.makeComposer(for: composition))
            let took = ContinuousClock.now - start
            let name = "\(composition.engine) \(composition.schema)".padding(toLength: 22, withPad: " ", startingAt: 0)
            print(name + String(format: " %9.1f ms   %+8.2f MiB", Double(took / .microseconds(1)) / 1000, LaunchMeasurement.status("VmRSS") - before))
        }
        engines.removeAll()
        let keyboard = host.window.keyboard
        keyboard.policy = .always
        let preparation = ContinuousClock.now
        keyboard.languages = ["en"] + languages
        try keyboard.loadLayouts()
        // Offering the languages starts librime's deployment into the fresh state directory (as
        // after an install) and the word lists' reading, in the background.
        composers.waitForPreparation()
        print("background preparation (librime's deployment after an install): \(ContinuousClock.now - preparation)")
        focusAField(in: host)
        print("language     first switch   memory added   second switch")
        var failures: [String] = []
        for language in languages {
            let before = LaunchMeasurement.status("VmRSS")
            let first = switchTime(to: language, host)
            let after = LaunchMeasurement.status("VmRSS")
            _ = switchTime(to: "en", host)
            let second = switchTime(to: language, host)
            _ = switchTime(to: "en", host)
            if keyboard.inputModes.contains(where: { $0.identifier == language }) == false { failures.append(language) }
            print(
                language.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: " %8.2f ms     %+7.2f MiB    %8.2f ms", first, after - before, second))
        }
        for problem in keyboard.problems { print("problem: \(problem)") }
        if !failures.isEmpty { throw CaretError.backendUnavailable(subsystem: "keyboard", reason: "left out: \(failures)") }
    }

    /// Once the word lists' thread has read them: a focused field with the keyboard up, drawn.
    static func focusAField(in host: HeadlessWindow) {
        Thread.sleep(forTimeInterval: 0.5)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 44))
        root.addSubview(field)
        field.becomeFirstResponder()
        host.settle()
        host.drawFrame()
    }

    /// Shows a language and draws the frame that shows it; milliseconds.
    private static func switchTime(to language: String, _ host: HeadlessWindow) -> Double {
        let start = ContinuousClock.now
        host.window.keyboard.showLanguage(language)
        host.drawFrame()
        let took = ContinuousClock.now - start
        host.settle()
        host.drawFrame()
        return Double(took / .microseconds(1)) / 1000
    }
}
