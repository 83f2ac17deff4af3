// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation

/// Top-1, top-3 and top-5 of a recogniser on writings whose answers are what was written.
struct HandwritingAccuracy: CustomStringConvertible {
    var total = 0
    var hits = [0, 0, 0]
    var misses: [(written: String, read: String)] = []

    var top1: Double { Double(hits[0]) / Double(max(total, 1)) }
    var top3: Double { Double(hits[1]) / Double(max(total, 1)) }
    var top5: Double { Double(hits[2]) / Double(max(total, 1)) }

    mutating func add(written: String, candidates: [HandwritingCandidate]) {
        total += 1
        let texts = candidates.map(\.text)
        for (k, n) in [1, 3, 5].enumerated() where texts.prefix(n).contains(written) { hits[k] += 1 }
        if texts.first != written { misses.append((written, texts.first ?? "∅")) }
    }

    var description: String {
        let confusions = misses.prefix(30).map { "\($0.written)→\($0.read)" }.joined(separator: " ")
        return String(format: "%d writings: top-1 %.1f %%, top-3 %.1f %%, top-5 %.1f %%", total, top1 * 100, top3 * 100, top5 * 100)
            + (misses.isEmpty ? "" : "; misread: \(confusions)")
    }

    /// Writes every character of `writers` chosen by `include` `count` times with the seeded
    /// writer and reads it back.
    static func measure(
        _ recognizer: HandwritingRecognizer, writers: HandwritingTemplates, count: Int, seed: UInt64,
        style: SyntheticHandwriting.Style = .cased, include: (String) -> Bool
    ) -> HandwritingAccuracy {
        var accuracy = HandwritingAccuracy()
        let guide = HandwritingGuide(size: Size(width: 240, height: 240))
        var writer = SyntheticHandwriting(seed: seed, style: style)
        for (text, drawings) in writers.characters where include(text) {
            for i in 0..<count {
                let strokes = writer.write(drawings[i % drawings.count].strokes, capHeight: writers.capHeight, on: guide)
                accuracy.add(written: text, candidates: recognizer.candidates(for: strokes, guide: guide, limit: 5))
            }
        }
        return accuracy
    }
}
