// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Testing) import Caret
import CaretTesting
import Foundation

/// A focused field over the English keyboard of a 1280×800 window, and its letters' geometry.
@MainActor
private func englishKeyboard() throws -> (HeadlessWindow, TextField, KeyboardView, SwipeKeyboardGeometry) {
    let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
    let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 40))
    field.autocapitalizationType = .none
    let root = View()
    root.addSubview(field)
    host.rootView = root
    host.window.keyboard.policy = .always
    host.window.keyboard.languages = ["en"]
    _ = field.becomeFirstResponder()
    host.settle()
    guard let keyboard = host.window.keyboard.keyboardView, let geometry = keyboard.swipeGeometry else {
        throw BenchmarkCheckFailed(description: "the keyboard shows no letters")
    }
    return (host, field, keyboard, geometry)
}

/// The swipe target (docs/keyboard.md): decoding one path against the 20,000 words of the English
/// list, on the keyboard of a 1280×800 window, ≤ 5 ms at p99 in release. Each iteration decodes
/// one of 500 paths that `HumanSwipeGenerator`'s writers drew for common words (seeded), in turn.
func swipeBenchmarks() {
    Benchmark(
        "Swipe: decode one path, 20,000-word English list",
        configuration: .caret(metrics: [.wallClock, .mallocCountTotal], maxIterations: 3_000)
    ) { benchmark async throws in
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            let (_, _, _, geometry) = try englishKeyboard()
            let text = try String(contentsOfFile: try Assets.path(for: "Words/en.txt"), encoding: .utf8)
            let words = text.split(separator: "\n").prefix(20_000).map(String.init)
            let decoder = SwipeDecoder(wordsByFrequency: words, geometry: geometry)
            try verify(decoder.wordCount > 18_000, "the decoder has \(decoder.wordCount) words")
            var random = SoakRandom(seed: 46_200_001)
            let generator = HumanSwipeGenerator(geometry: geometry)
            let writers = HumanSwipeWriter.writers(12, seed: 46_200_002)
            let paths = words.prefix(3_000).shuffled(using: &random).prefix(500).enumerated().compactMap {
                generator.path(for: $0.element, writer: writers[$0.offset % writers.count], using: &random)?.map(\.point)
            }
            var next = 0, read = 0
            measured.startMeasurement()
            for _ in measured.scaledIterations {
                read += decoder.candidates(for: paths[next % paths.count], limit: 3).isEmpty ? 0 : 1
                next += 1
            }
            measured.stopMeasurement()
            try verify(read == next, "\(next - read) paths read no word")
        }
    }

    // A language's first swipe: its decoder (a template of each word) is begun as the finger
    // starts the swipe and made off the main thread while the path is drawn. Measured: the lift,
    // 0.3 s after the swipe began (a four-letter word drawn quickly) and 0.05 s after (a flick
    // shorter than the build, whose rest the lift waits for); and, beside them, the decoder made
    // alone, which the lift had waited for whole.
    for drawn in [0.3, 0.05] {
        firstLiftBenchmark(drawn: drawn)
    }

    englishKeyboardBenchmark("Swipe: make a decoder, 20,000-word English list") { measured, _, _, keyboard, geometry in
        guard let provider = keyboard.suggestionProvider else { throw BenchmarkCheckFailed(description: "no word list") }
        measured.startMeasurement()
        let decoder = SwipeDecoder(wordsByFrequency: provider.wordsByFrequency, geometry: geometry)
        measured.stopMeasurement()
        try verify(decoder.wordCount > 18_000, "the decoder has \(decoder.wordCount) words")
    }
}

/// A language's first lift, `drawn` seconds after the swipe began (its decoder begun then).
private func firstLiftBenchmark(drawn: Double) {
    englishKeyboardBenchmark("Swipe: a language's first lift, \(drawn) s after the swipe began, 20,000-word English list") {
        measured, host, field, keyboard, geometry in
        let points = try "helo".map { letter in
            guard let centre = geometry.centres[letter] else { throw BenchmarkCheckFailed(description: "no key \(letter)") }
            return keyboard.convert(centre, to: nil)
        }
        host.input.drag(along: points, duration: 0.096, steps: 6) {
            Thread.sleep(forTimeInterval: drawn)
            measured.startMeasurement()
        }
        measured.stopMeasurement()
        try verify(field.text == "hello ", "the swipe put in \(field.text ?? "nil")")
    }
}

/// A benchmark of 30 iterations, wall clock, each over a new English keyboard (`englishKeyboard`).
private func englishKeyboardBenchmark(
    _ name: String, _ body: @escaping @MainActor (Benchmark, HeadlessWindow, TextField, KeyboardView, SwipeKeyboardGeometry) throws -> Void
) {
    Benchmark(name, configuration: .caret(metrics: [.wallClock], maxIterations: 30)) { benchmark async throws in
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            let (host, field, keyboard, geometry) = try englishKeyboard()
            try body(measured, host, field, keyboard, geometry)
        }
    }
}
