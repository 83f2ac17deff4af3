// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation

/// The paths the swipe likelihood's coefficients are fitted on (`Scripts/fit_swipe.py`), apart from
/// the ones its accuracy is measured on (`SwipeMeasurement`): other writers (another seed) swiping
/// the words of the list's 3,000 most frequent that the measurement does not choose. For each path,
/// the features of the decoder's first 30 candidates and of the word it was drawn for, one row each:
/// `caret-demo --swipe-training-set FILE --measure-swipe en,de`.
@MainActor
enum SwipeTrainingSet {
    /// The writers the coefficients are fitted on: never the measured ones (seed 72100001).
    static let writerSeed: UInt64 = 72_500_001

    static func write(languages: [String], to file: String, writers count: Int = 24) throws {
        let writers = HumanSwipeWriter.writers(count, seed: writerSeed)
        var rows: [String] = []
        var header = false
        var pathNumber = 0
        for language in languages {
            let geometry = try SwipeMeasurement.geometry(language: language)
            let list = Array(try SwipeMeasurement.words(language: language).prefix(10_000))
            let decoder = SwipeDecoder(wordsByFrequency: list, geometry: geometry, coefficients: SwipeMeasurement.coefficients)
            if !header {
                rows.append((["language", "path", "writer", "word", "drawn"] + decoder.featureNames).joined(separator: "\t"))
                header = true
            }
            let measured = Set(SwipeMeasurement.chosenWords(list: list, geometry: geometry).map { $0.lowercased() })
            var seen = Set<String>()
            let words = list.prefix(3_000).filter {
                (geometry.keyPoints(of: $0)?.count ?? 0) >= 2 && !measured.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted
            }
            var random = SoakRandom(seed: writerSeed + 1)
            let generator = HumanSwipeGenerator(geometry: geometry)
            var offsets = [SwipeTouchOffset](repeating: SwipeTouchOffset(), count: writers.count)
            for (index, word) in words.shuffled(using: &random).enumerated() {
                let writer = index % writers.count
                guard let path = generator.path(for: word, writer: writers[writer], using: &random) else { continue }
                let points = path.map(\.point), times = path.map(\.time)
                var read = decoder.candidates(for: points, times: times, guest: offsets[writer], limit: 30).map { $0.word.lowercased() }
                if !read.contains(word.lowercased()) { read.append(word.lowercased()) }
                for (candidate, features) in zip(read, decoder.features(of: points, times: times, guest: offsets[writer], words: read)) {
                    guard let features else { continue }
                    let drawn = candidate == word.lowercased() ? "1" : "0"
                    rows.append(
                        ([language, "\(pathNumber)", "\(writer)", candidate, drawn] + features.map { String(format: "%.6g", $0) }).joined(
                            separator: "\t"))
                }
                pathNumber += 1
                decoder.learn(&offsets[writer], keptWord: word, drawn: points, times: times)
            }
        }
        try (rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        print("\(pathNumber) paths, \(rows.count - 1) rows: \(file)")
    }
}
