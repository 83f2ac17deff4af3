// SPDX-License-Identifier: Apache-2.0
import Benchmark
import Caret
import CaretCompose
import Foundation

/// Issue 26's target: a candidate lookup for a pinyin or kana prefix within 5 ms at p99. Each
/// iteration types a word's keys but the last into the engine (not measured), then measures the
/// last key: the engine's lookup and the page of candidates it gives.
func compositionBenchmarks() {
    let words: [(engine: String, schema: String, keys: [String])] = [
        ("rime", "luna_pinyin_simp", ["zhongguo", "nihao", "shijie", "beijingdaxue", "women", "xiexie", "dianhua"]),
        ("anthy", "romaji", ["nihongo", "kanji", "watashiha", "toukyou", "arigatou", "denwa", "gakusei"]),
    ]
    for (engine, schema, keys) in words {
        nonisolated(unsafe) var composer: TextComposer?
        nonisolated(unsafe) var turn = 0
        let state = NSTemporaryDirectory() + "caret-bench-compose"
        Benchmark(
            "Candidate lookup: the last key of a word, \(engine) \(schema)",
            configuration: .caret(metrics: [.wallClock], maxDuration: .seconds(4), maxIterations: 3000)
        ) { benchmark async throws in
            nonisolated(unsafe) let measured = benchmark
            try await MainActor.run {
                if composer == nil {
                    composer = try SystemTextComposers(stateDirectory: state).makeComposer(
                        for: KeyboardComposition(engine: engine, schema: schema))
                }
                let c = composer!
                let word = keys[turn % keys.count]
                turn += 1
                c.reset()
                for character in word.dropLast() { _ = c.handle(.key(String(character))) }
                measured.startMeasurement()
                _ = c.handle(.key(String(word.last!)))
                let candidates = c.state.candidates
                measured.stopMeasurement()
                try verify(!candidates.isEmpty, "no candidates for \(word)")
            }
        }
    }
}
