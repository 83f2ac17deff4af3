// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Backend) @_spi(Testing) import Caret
import BenchmarkDemoKit
import CaretSpell
import CaretTesting
import CaretText
import Foundation

/// Issue 43's tap targets, in Caret's own work (HarfBuzz shaping and every drawing call, no
/// pixels: the window draws through a renderer that draws nothing, so the GPU and the X server
/// are left out): a 64-letter word typed by taps on the demo form's on-screen keyboard shows no
/// tap over 2 ms, with autocorrection on as off; and the suggestions and autocorrection of a tap
/// take at most 1 ms at p99, whatever the word's length. Each iteration types the word into the
/// emptied name field, one tap at a time (finger down and up at the key's centre, then the
/// frame), with the idle work between taps (autocorrection's later steps) run unmeasured.
func tapBenchmarks() {
    let slowest = BenchmarkMetric.custom("slowest tap (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let median = BenchmarkMetric.custom("median tap (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let words = BenchmarkMetric.custom("suggestions and autocorrection of a tap, p99 (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    for autocorrection in [true, false] {
        Benchmark(
            "On-screen taps, a 64-letter word, demo form, autocorrection \(autocorrection ? "on" : "off")",
            configuration: .caret(metrics: [slowest, median, words], maxDuration: .seconds(20), maxIterations: 20)
        ) { benchmark async throws in
            nonisolated(unsafe) let measured = benchmark
            try await MainActor.run {
                let scene = try TapScene(autocorrection: autocorrection)
                for _ in measured.scaledIterations {
                    let taps = try scene.typeWord()
                    measured.measurement(slowest, taps.slowest)
                    measured.measurement(median, taps.median)
                    measured.measurement(words, taps.suggestionsP99)
                }
            }
        }
    }
}

/// The demo's sign-up form with the keyboard up, Hunspell's dictionaries and the English list,
/// shaped by HarfBuzz and drawn into nothing.
@MainActor
final class TapScene {
    /// 64 letters, a new word each time (the dictionary's answers are remembered within a run):
    /// no word of the list or the dictionary, so the search autocorrection makes is the longest.
    private var words = SeededWords(seed: 43)
    private(set) var word = ""
    let host: HeadlessWindow
    let field: TextField

    init(autocorrection: Bool) throws {
        host = try HeadlessWindow(
            size: Size(width: 1280, height: 800), fonts: .provider(try ShapingFontProvider(scale: 1)), spelling: HunspellDictionaries())
        let screen = FormScreen()
        host.rootView = screen
        screen.tracer.onEvent = nil
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["en"]
        field = screen.fields["name"]!
        field.maximumLength = nil
        field.autocapitalizationType = .none
        field.autocorrectionType = autocorrection ? .yes : .no
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        host.drawFrame()
        _ = try typeWord()  // warm: glyphs shaped, the list and the dictionary open
    }

    /// Types the word into the emptied field; each tap's time in microseconds (the slowest, the
    /// median) and the p99 of its suggestions' and autocorrection's share.
    func typeWord() throws -> (slowest: Int, median: Int, suggestionsP99: Int) {
        word = words.next(length: 64)
        field.text = ""
        host.settle()
        host.drawFrame()
        let keyboard = try require(host.window.keyboard.keyboardView, "no keyboard")
        var taps: [Duration] = [], suggestions: [Duration] = []
        var parts: [(Duration, Duration, Duration)] = []
        let clock = ContinuousClock()
        for letter in word {
            let entry = try require(keyboard.keyFrames.first { $0.key.action == .text(String(letter)) }, "no key \(letter)")
            let point = keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
            let down = clock.measure { host.window.send(.touch(id: 1, phase: .began, location: point)) }
            let up = clock.measure { host.window.send(.touch(id: 1, phase: .ended, location: point)) }
            let frame = clock.measure { host.drawFrame() }
            taps.append(down + up + frame)
            parts.append((down, up, frame))
            // The tap's share for the bar, measured again alone: the same word's suggestions and
            // a new search, as the tap made them (the dictionary asked again, not its answers remembered).
            TextChecker.forgetVerdicts()
            suggestions.append(clock.measure { keyboard.refreshSuggestions(restartingSearch: true) })
            host.window.animator.runIdleWork()
        }
        if let path = ProcessInfo.processInfo.environment["CARET_BENCH_TRACE"], let out = FileHandle(forWritingAtPath: path) {
            // Each tap's microseconds, and its suggestions' (CARET_BENCH_TRACE names a file that exists).
            out.seekToEndOfFile()
            out.write(Data("taps \(taps.map { Int($0 / .microseconds(1)) })\nbar \(suggestions.map { Int($0 / .microseconds(1)) })\nparts \(parts.map { "\(Int($0.0 / .microseconds(1)))/\(Int($0.1 / .microseconds(1)))/\(Int($0.2 / .microseconds(1)))" })\n".utf8))
        }
        try verify(field.text == word, "typed \(field.text ?? "nil"), not \(word)")
        let sorted = taps.sorted(), words = suggestions.sorted()
        func µs(_ d: Duration) -> Int { Int(d / .microseconds(1)) }
        return (µs(sorted.last!), µs(sorted[sorted.count / 2]), µs(words[min(words.count - 1, words.count * 99 / 100)]))
    }

    private func require<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw BenchmarkCheckFailed(description: what) }
        return value
    }
}

/// Words of random lower-case letters from a seed (a linear congruential generator: the same
/// words on every run).
struct SeededWords {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(length: Int) -> String {
        String(
            (0..<length).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Character(Unicode.Scalar(UInt8(97 + (state >> 33) % 26)))
            })
    }
}
