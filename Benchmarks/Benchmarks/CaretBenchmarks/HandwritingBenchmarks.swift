// SPDX-License-Identifier: Apache-2.0
import Benchmark
import Caret
import CaretHandwriting
import CaretTesting
import Foundation

/// The handwriting target: one character read within 30 ms at p99 (Latin with all its templates;
/// zinnia's Japanese and Simplified Chinese models). Each iteration reads one synthetic writing
/// (made beforehand, not measured) of a character from the held-out writer fonts (Latin) or a
/// few strokes of a frequent character (zinnia).
func handwritingBenchmarks() {
    let guide = HandwritingGuide(size: Size(width: 240, height: 240))
    for model in ["latin", "greek", "cyrillic"] {
        nonisolated(unsafe) var writings: [[HandwritingStroke]] = []
        nonisolated(unsafe) var recognizer: HandwritingRecognizer?
        Benchmark(
            "Handwriting: one character, \(model) (all templates)",
            configuration: .caret(metrics: [.wallClock], maxDuration: .seconds(4), maxIterations: 2000)
        ) { benchmark in
            if recognizer == nil {
                recognizer = try BundledHandwritingRecognizers.shared.makeRecognizer(for: model)
                let writers = try HandwritingTemplates.bundled("Writers/\(model)")
                var writer = SyntheticHandwriting(seed: 99)
                writings = writers.characters.map { writer.write($0.drawings[0].strokes, capHeight: writers.capHeight, on: guide) }
            }
            var i = 0
            for _ in benchmark.scaledIterations {
                blackHole(recognizer!.candidates(for: writings[i % writings.count], guide: guide, limit: 5))
                i += 1
            }
        }
    }
    // Strokes of 日, 本, 语/語-like shapes: a horizontal, a vertical, a box, in stroke order.
    let box: [[Point]] = [
        [Point(x: 60, y: 40), Point(x: 60, y: 200)], [Point(x: 60, y: 40), Point(x: 180, y: 40), Point(x: 180, y: 200)],
        [Point(x: 60, y: 120), Point(x: 180, y: 120)], [Point(x: 60, y: 200), Point(x: 180, y: 200)],
    ]
    for model in ["ja", "zh-Hans"] {
        nonisolated(unsafe) var recognizer: HandwritingRecognizer?
        Benchmark(
            "Handwriting: one character, zinnia \(model)",
            configuration: .caret(metrics: [.wallClock], maxDuration: .seconds(4), maxIterations: 1000)
        ) { benchmark in
            if recognizer == nil { recognizer = try SystemHandwritingRecognizers().makeRecognizer(for: model) }
            var writer = SyntheticHandwriting(seed: 7, style: .hanzi)
            let writings = (0..<16).map { _ in writer.write(box.map { $0.map { Point(x: $0.x - 120, y: $0.y - 220) } }, capHeight: 220, on: guide) }
            var i = 0
            for _ in benchmark.scaledIterations {
                blackHole(recognizer!.candidates(for: writings[i % writings.count], guide: guide, limit: 10))
                i += 1
            }
        }
    }
}
