// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Testing) import Caret
import CaretSpell
import CaretTesting
import Foundation

/// Issue 27's targets: a keystroke in a 20,000-line text view with spell checking on costs at
/// most 1.1 × the same keystroke with it off (both measured in the same run, compare their p50);
/// checking 10,000 words takes at most 50 ms.
func spellingBenchmarks() {
    // English prose with a misspelt word in every line: "line 512 has a wrold in it, said the teacher".
    let document = { @Sendable () -> String in
        (0..<20_000).map { "line \($0) has a \($0 % 3 == 0 ? "wrold" : "world") in it, said the teacher" }.joined(separator: "\n")
    }
    for checking in [false, true] {
        textViewKeystrokeBenchmark("Spelling: keystroke in a 20,000-line text view, checking \(checking ? "on" : "off"), with one frame") {
            let text = document()
            let caret = (text as NSString).range(of: "line 10000 has").location + 16
            let made = try TextViewScene(text: text, caret: caret, spelling: checking ? HunspellDictionaries() : nil)
            made.textView.spellCheckingType = checking ? .yes : .no
            made.host.advance(by: 10)  // the idle steps check the whole text first
            return made
        } check: { s in
            try verify(s.textView.editor.spelling.misspelledRanges.count == (checking ? 6_667 : 0), "checking \(checking ? "missed words" : "ran while off")")
        }
    }

    // Issue 41: a keystroke and its frame while 10 MB of German is being checked as English (every
    // word misspelt: Hunspell's slowest case) cost at most 1.5 × the same with checking off
    // (compare their p50); between keystrokes an idle step runs (not measured: it is budgeted at
    // SpellingMarks.stepBudget of real time, where steps sized in characters took 30 ms).
    for checking in [false, true] {
        // 200 keystrokes (each followed by an idle step): checking 10 MB takes longer than that.
        textViewKeystrokeBenchmark(
            "Spelling: keystroke and frame while 10 MB of German is checked as English, checking \(checking ? "on" : "off")",
            maxIterations: 200
        ) {
            let words = try String(contentsOfFile: Assets.path(for: "Words/de.txt"), encoding: .utf8).split(separator: "\n")
            var lines: [String] = [], size = 0
            var i = 0
            while size < 10_000_000 {
                let line = (0..<12).map { k in String(words[(i * 12 + k) % words.count]) }.joined(separator: " ")
                lines.append(line)
                size += line.utf8.count + 1
                i += 1
            }
            let text = lines.joined(separator: "\n")
            let made = try TextViewScene(text: text, caret: 200, spelling: checking ? HunspellDictionaries() : nil)
            made.textView.accessibilityLanguage = "en_US"
            made.textView.spellCheckingType = checking ? .yes : .no
            made.host.advance(by: 1.0 / 60)  // checking has begun
            return made
        } check: { s in
            s.host.advance(by: 1.0 / 60)  // an idle step between keystrokes
            try verify(checking ? !s.textView.editor.spelling.isComplete : s.textView.editor.spelling.misspelledRanges.isEmpty, "checking \(checking ? "already finished: nothing measured" : "ran while off")")
        }
    }

    // 10,000 different words of the English list, a misspelt one in every 50, checked by a text view's idle steps.
    nonisolated(unsafe) var dictionaries: HunspellDictionaries?
    Benchmark(
        "Spelling: check 10,000 words (different words, 200 misspelt) in a text view",
        configuration: .caret(metrics: [.wallClock], maxDuration: .seconds(4), maxIterations: 200)
    ) { benchmark async throws in
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            if dictionaries == nil { dictionaries = HunspellDictionaries() }
            let words = try String(contentsOfFile: Assets.path(for: "Words/en.txt"), encoding: .utf8).split(separator: "\n").prefix(10_000)
            let text = words.enumerated().map { $0.offset % 50 == 49 ? $0.element + "qz" : String($0.element) }.joined(separator: " ")
            let host = try HeadlessWindow(size: Size(width: 800, height: 600), fonts: .fixedAdvance(ratio: 0.5), spelling: dictionaries)
            let view = TextView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            view.spellCheckingType = .no
            host.rootView = view
            host.layout()
            view.text = text
            host.drawFrame()
            // Measured: turning checking on, and every step until all is checked (nothing is
            // cached: the dictionaries were set anew with the window).
            measured.startMeasurement()
            view.spellCheckingType = .yes
            host.drawFrame()
            var frames = 0
            while !view.editor.spelling.isComplete && frames < 10_000 {
                host.advance(by: 1.0 / 60)
                frames += 1
            }
            measured.stopMeasurement()
            try verify(view.editor.spelling.isComplete, "checking did not finish")
            try verify(view.editor.spelling.misspelledRanges.count >= 200, "checking missed words: \(view.editor.spelling.misspelledRanges.count)")
        }
    }
}
