// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Testing) import Caret
import CaretTesting
import Foundation

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
            let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
            let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 40))
            let root = View()
            root.addSubview(field)
            host.rootView = root
            host.window.keyboard.policy = .always
            host.window.keyboard.languages = ["en"]
            _ = field.becomeFirstResponder()
            host.settle()
            let shown = host.window.keyboard.keyboardView?.swipeGeometry
            try verify(shown != nil, "the keyboard shows no letters")
            guard let geometry = shown else { return }
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
}
