// SPDX-License-Identifier: Apache-2.0
/// The languages a text was typed in, by range (UTF-16 offsets): text typed before the keyboard
/// changed language keeps the language it was typed in, and text typed since (outside every run)
/// is the current language's. Runs follow the text's edits.
struct LanguageRuns: Equatable {
    /// Sorted, apart, none empty.
    private(set) var runs: [Run] = []

    struct Run: Equatable {
        var range: Range<Int>
        var language: String
    }

    /// The language typed at an offset, or nil for the current language.
    func language(at offset: Int) -> String? {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && runs[low].range.contains(offset) ? runs[low].language : nil
    }

    /// The text's `range` was replaced by `inserted` units: runs shift, lose what was replaced, and
    /// the inserted text is in none (it was typed in the current language).
    mutating func replace(_ range: Range<Int>, inserted: Int) {
        let delta = inserted - range.count
        var result: [Run] = []
        for run in runs {
            if run.range.upperBound <= range.lowerBound {
                result.append(run)
                continue
            }
            if run.range.lowerBound < range.lowerBound {
                result.append(Run(range: run.range.lowerBound..<range.lowerBound, language: run.language))
            }
            if run.range.upperBound > range.upperBound {
                let start = max(run.range.lowerBound, range.upperBound)
                result.append(Run(range: (start + delta)..<(run.range.upperBound + delta), language: run.language))
            }
        }
        runs = result
    }

    /// The current language changes from `language`: the text outside every run keeps it.
    mutating func keep(_ language: String, length: Int) {
        var result: [Run] = []
        var position = 0
        func add(_ run: Run) {
            if let last = result.last, last.language == run.language, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
        }
        for run in runs {
            if run.range.lowerBound > position { add(Run(range: position..<run.range.lowerBound, language: language)) }
            add(run)
            position = run.range.upperBound
        }
        if length > position { add(Run(range: position..<length, language: language)) }
        runs = result
    }

    /// Forgets every run (a new text, or one language declared for all of it).
    mutating func removeAll() { runs.removeAll() }
}
