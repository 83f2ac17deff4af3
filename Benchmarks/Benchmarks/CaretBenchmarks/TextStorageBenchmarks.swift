// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import _RopeModule

/// The storage choice of the text engine, measured: 1,000 one-character inserts at line N/2,
/// column 25 of the benchmark document, in Caret's paragraph store and in the two candidates,
/// and loading the 1 MB document.
func textStorageBenchmarks() {
    let lines = 20_000
    let text = BenchmarkDocument.make(lines: lines)
    let offset = BenchmarkDocument.insertionOffset(lines: lines)
    let config = Benchmark.Configuration.caret(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 50)

    Benchmark("Storage: 1,000 inserts mid-document, TextDocument (paragraphs), 1 MB", configuration: config) { benchmark in
        var document = TextDocument(text)
        benchmark.startMeasurement()
        for i in 0..<1000 { document.replace((offset + i)..<(offset + i), with: "x") }
        benchmark.stopMeasurement()
        try verify(document.utf16Count == text.utf16.count + 1000, "the inserts did not all land")
    }

    Benchmark("Storage: 1,000 inserts mid-document, NSMutableString, 1 MB", configuration: config) { benchmark in
        let string = NSMutableString(string: text)
        benchmark.startMeasurement()
        for i in 0..<1000 { string.replaceCharacters(in: NSRange(location: offset + i, length: 0), with: "x") }
        benchmark.stopMeasurement()
        try verify(string.length == text.utf16.count + 1000, "the inserts did not all land")
    }

    Benchmark("Storage: 1,000 inserts mid-document, BigString by UTF-16 offset, 1 MB", configuration: config) { benchmark in
        var string = BigString(text)
        benchmark.startMeasurement()
        for i in 0..<1000 {
            let index = string.utf16.index(string.startIndex, offsetBy: offset + i)
            string.insert(contentsOf: "x", at: index)
        }
        benchmark.stopMeasurement()
        try verify(string.utf16.count == text.utf16.count + 1000, "the inserts did not all land")
    }

    Benchmark("Load the 1 MB document into TextDocument", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            let count = TextDocument(text).utf16Count
            try verify(count == text.utf16.count, "the document loaded \(count) units")
        }
    }

    for n in [1_000, 20_000] {
        let box = ModelBox(lines: n)
        Benchmark(
            "Editing model: one typed character at line N/2, N = \(n)",
            configuration: .caret(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 5000)
        ) { benchmark in
            // Built once; each sample types one character at column 25 and is undone outside the measurement,
            // so every sample edits the same 49-character paragraph of the same document.
            box.time += 5
            let count = box.model.utf16Count
            benchmark.startMeasurement()
            box.model.perform(.insert("x"), time: box.time)
            benchmark.stopMeasurement()
            try verify(box.model.utf16Count == count + 1, "the keystroke typed nothing")
            box.model.undo()
        }
    }
}

/// A model that lives across benchmark samples.
final class ModelBox: @unchecked Sendable {
    var model: TextEditingModel
    var time = 0.0
    init(lines: Int) {
        model = TextEditingModel(text: BenchmarkDocument.make(lines: lines))
        model.select(TextSelection(caret: BenchmarkDocument.insertionOffset(lines: lines)))
    }
}
