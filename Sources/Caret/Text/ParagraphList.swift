// SPDX-License-Identifier: Apache-2.0
/// The paragraphs of a `TextDocument`, stored in chunks of at most `chunkCapacity`.
///
/// A document is a value, and the layout keeps its own copy of the one it laid out. With one flat
/// array, the editor's next keystroke would copy every paragraph (copy-on-write: 20,000
/// paragraphs cost most of a millisecond). In chunks, an edit copies the chunk list (a pointer per
/// chunk) and the one chunk it touches.
package struct ParagraphList: RandomAccessCollection, Equatable, Sendable {
    public typealias Element = TextDocument.Paragraph

    static let chunkCapacity = 64

    private var chunks: [[Element]]
    /// Where each chunk starts (paragraph index), plus the total at the end.
    private var starts: [Int]

    init(_ paragraphs: [Element]) {
        chunks = stride(from: 0, to: paragraphs.count, by: Self.chunkCapacity).map {
            Array(paragraphs[$0..<Swift.min(paragraphs.count, $0 + Self.chunkCapacity)])
        }
        starts = []
        rebuildStarts(from: 0)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.last ?? 0 }

    /// The chunk holding paragraph `i` and the position in it.
    private func locate(_ i: Int) -> (chunk: Int, offset: Int) {
        precondition(i >= 0 && i < endIndex, "paragraph \(i) out of 0..<\(endIndex)")
        var low = 0, high = chunks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return (low, i - starts[low])
    }

    public subscript(i: Int) -> Element {
        get {
            let (c, o) = locate(i)
            return chunks[c][o]
        }
        set {
            let (c, o) = locate(i)
            chunks[c][o] = newValue
        }
    }

    /// Replaces paragraphs `range` with others (the range may be empty; at least one paragraph remains).
    mutating func replaceSubrange(_ range: Range<Int>, with paragraphs: [Element]) {
        if chunks.isEmpty {
            self = ParagraphList(paragraphs)
            return
        }
        // The chunks the range touches are merged, edited and cut again.
        let first = range.lowerBound < endIndex ? locate(range.lowerBound).chunk : chunks.count - 1
        let last = range.upperBound > range.lowerBound ? locate(range.upperBound - 1).chunk : first
        var merged = Array(chunks[first...last].joined())
        let base = starts[first]
        merged.replaceSubrange((range.lowerBound - base)..<(range.upperBound - base), with: paragraphs)
        let pieces = stride(from: 0, to: merged.count, by: Self.chunkCapacity).map {
            Array(merged[$0..<Swift.min(merged.count, $0 + Self.chunkCapacity)])
        }
        chunks.replaceSubrange(first...last, with: pieces)
        rebuildStarts(from: first)
    }

    private mutating func rebuildStarts(from chunk: Int) {
        if starts.count > chunk { starts.removeSubrange(chunk...) }
        var total = chunk == 0 ? 0 : starts[chunk - 1] + chunks[chunk - 1].count
        for c in chunk..<chunks.count {
            starts.append(total)
            total += chunks[c].count
        }
        starts.append(total)
    }

    public static func == (lhs: ParagraphList, rhs: ParagraphList) -> Bool { lhs.elementsEqual(rhs) }
}
