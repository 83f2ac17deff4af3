// SPDX-License-Identifier: Apache-2.0
/// Breaks plain text into lines that fit a width and truncates a line with an ellipsis. Labels
/// and buttons use it; it works on grapheme clusters, so no line splits a character.
@MainActor
package struct LineBreaker {
    /// The ellipsis used for truncation.
    public static let ellipsis = "\u{2026}"

    /// The provider used to measure text.
    public let fontProvider: FontProvider
    /// The font to measure with.
    public let font: Font

    /// Creates a breaker measuring with a provider and a font.
    public init(fontProvider: FontProvider, font: Font) {
        self.fontProvider = fontProvider
        self.font = font
    }

    /// The advance width of a string.
    public func width(of text: String) -> Double { fontProvider.shape(text, font: font).width }

    /// Lines of `text` no wider than `width`: hard breaks always break; `mode` decides soft breaks
    /// (word or character wrapping; any other mode keeps each paragraph on one line). At most
    /// `maxLines` lines (0 for no limit); the last kept line is truncated per `mode` when text is cut off.
    public func lines(
        for text: String, width: Double, mode: LineBreakMode, maxLines: Int,
        lastLineMode: LineBreakMode? = nil
    ) -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var cutOff = false
        outer: for (index, paragraph) in paragraphs.enumerated() {
            let wrapped: [String]
            switch mode {
            case .byWordWrapping, .byCharWrapping:
                wrapped = wrap(paragraph, width: width, byWord: mode == .byWordWrapping)
            default:
                wrapped = [paragraph]
            }
            for line in wrapped {
                if maxLines > 0 && result.count == maxLines {
                    cutOff = true
                    break outer
                }
                result.append(line)
            }
            if maxLines > 0 && result.count == maxLines && index < paragraphs.count - 1 {
                cutOff = true
                break
            }
        }
        guard let last = result.last else { return [""] }
        switch lastLineMode ?? mode {
        case .byWordWrapping, .byCharWrapping, .byClipping:
            // Wrapping and clipping modes cut text off without an ellipsis, as UILabel does.
            if self.width(of: last) > width { result[result.count - 1] = truncate(last, width: width, mode: .byClipping) }
        case let truncating:
            if cutOff || self.width(of: last) > width {
                result[result.count - 1] = truncate(last, width: width, mode: truncating, forceEllipsis: cutOff)
            }
        }
        return result
    }

    /// Wraps one paragraph (no hard breaks) to `width`.
    public func wrap(_ paragraph: String, width: Double, byWord: Bool) -> [String] {
        let characters = Array(paragraph)
        if characters.isEmpty { return [""] }
        let advances = fontProvider.shape(paragraph, font: font).characterAdvances()
        // Where each character (grapheme cluster) starts in logical order, and the end.
        var starts: [Double] = [0]
        starts.reserveCapacity(characters.count + 1)
        for advance in advances { starts.append(starts[starts.count - 1] + advance) }
        // A paragraph that fits is one line: no break opportunity is needed, so a label that fits
        // never asks the segmenter (ICU, opened when first needed).
        if starts[characters.count] <= width { return [paragraph] }
        // Break opportunities as character indices (the segmenter counts UTF-16 units).
        var opportunities = Set<Int>()
        if byWord {
            let utf16 = Set(fontProvider.segmenter.lineBreakOpportunities(in: paragraph))
            var offset = 0
            for (i, character) in characters.enumerated() {
                if utf16.contains(offset) { opportunities.insert(i) }
                offset += character.utf16.count
            }
        }
        var lines: [String] = []
        var lineStart = 0
        while lineStart < characters.count {
            var end = lineStart
            while end < characters.count && starts[end + 1] - starts[lineStart] <= width { end += 1 }
            if end == characters.count {
                lines.append(String(characters[lineStart..<end]))
                break
            }
            if end == lineStart { end = lineStart + 1 }  // Always make progress: one character per line at least.
            var breakAt = end
            if byWord {
                // Break at the last opportunity that fits (UAX #14); trailing spaces hang past the edge.
                var spaceEnd = end
                while spaceEnd < characters.count && characters[spaceEnd].isWhitespace { spaceEnd += 1 }
                if spaceEnd > end {
                    breakAt = spaceEnd
                } else if let last = (lineStart + 1...end).last(where: { opportunities.contains($0) }) {
                    breakAt = last
                }
            }
            let line = String(characters[lineStart..<breakAt])
            lines.append(byWord ? String(line.reversed().drop(while: { $0 == " " }).reversed()) : line)
            lineStart = breakAt
        }
        return lines
    }

    /// Shortens a line to `width` with an ellipsis at the head, middle or tail, or clips it.
    public func truncate(_ line: String, width: Double, mode: LineBreakMode, forceEllipsis: Bool = false) -> String {
        if !forceEllipsis && self.width(of: line) <= width { return line }
        let characters = Array(line)
        func fits(_ s: String) -> Bool { self.width(of: s) <= width }
        switch mode {
        case .byTruncatingHead:
            var low = 0, high = characters.count  // number of trailing characters kept
            while low < high {
                let mid = (low + high + 1) / 2
                if fits(Self.ellipsis + String(characters[(characters.count - mid)...])) { low = mid } else { high = mid - 1 }
            }
            return Self.ellipsis + String(characters[(characters.count - low)...])
        case .byTruncatingMiddle:
            var low = 0, high = characters.count  // characters kept in all, split front-heavy
            while low < high {
                let mid = (low + high + 1) / 2
                if fits(middle(characters, keeping: mid)) { low = mid } else { high = mid - 1 }
            }
            return middle(characters, keeping: low)
        case .byClipping:
            var low = 0, high = characters.count
            while low < high {
                let mid = (low + high + 1) / 2
                if fits(String(characters[..<mid])) { low = mid } else { high = mid - 1 }
            }
            return String(characters[..<low])
        default:
            var trimmed = characters
            while forceEllipsis, let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            var low = 0, high = trimmed.count
            while low < high {
                let mid = (low + high + 1) / 2
                if fits(String(trimmed[..<mid]) + Self.ellipsis) { low = mid } else { high = mid - 1 }
            }
            var kept = String(trimmed[..<low])
            while kept.last?.isWhitespace == true { kept.removeLast() }
            return kept + Self.ellipsis
        }
    }

    private func middle(_ characters: [Character], keeping count: Int) -> String {
        let front = (count + 1) / 2
        let back = count - front
        return String(characters[..<front]) + Self.ellipsis + String(characters[(characters.count - back)...])
    }
}
