// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Moving the caret on screen across direction boundaries (docs/behaviour/world-text.md): Left and Right in the
/// arrow's direction, Home and End to the visual line's ends, and what a line holds.
extension TextLayout {
    // MARK: Visual caret movement (docs/behaviour/world-text.md)

    /// Where a caret lands one grapheme to the left or right on screen: across direction
    /// boundaries in the arrow's direction; at a line's end, on to the next line in reading order.
    /// Returns the new offset and whether it sits against the character before it (upstream).
    public func visualMove(from offset: Int, upstream: Bool, toRight: Bool) -> (offset: Int, upstream: Bool) {
        let (p, b, l, local) = locate(offset)
        let line = placed(p, b, l)
        let start = document.startOffset(ofParagraph: p)
        let visual = line.clusters.indices.sorted { line.clusters[$0].x < line.clusters[$1].x }
        // The stop the caret is at: 0 is the line's left end, visual.count its right end.
        let x = Self.caretX(on: line, at: local, upstream: upstream)
        var stop = 0
        var best = Double.infinity
        for k in 0...visual.count {
            let edge =
                k == visual.count
                ? (visual.last.map { line.clusters[$0].x + line.clusters[$0].width } ?? 0)
                : line.clusters[visual[k]].x
            if abs(edge - x) < best {
                best = abs(edge - x)
                stop = k
            }
        }
        if toRight, stop < visual.count {
            let crossed = line.clusters[visual[stop]]
            return crossed.isRightToLeft ? (start + crossed.range.lowerBound, false) : (start + crossed.range.upperBound, true)
        }
        if !toRight, stop > 0 {
            let crossed = line.clusters[visual[stop - 1]]
            return crossed.isRightToLeft ? (start + crossed.range.upperBound, true) : (start + crossed.range.lowerBound, false)
        }
        // At the line's end: on in reading order (right in a left-to-right paragraph), or back:
        // first to the line's logical edge, then one grapheme past it.
        if toRight != line.isRightToLeft {
            let lineEnd = start + line.range.upperBound
            if offset < lineEnd { return (lineEnd, false) }
            return lineEnd < document.utf16Count ? (document.graphemeBoundary(after: lineEnd), false) : (offset, upstream)
        }
        let lineStart = start + line.range.lowerBound
        if offset > lineStart { return (lineStart, false) }
        return lineStart > 0 ? (document.graphemeBoundary(before: lineStart), false) : (offset, upstream)
    }

    /// The caret at the start (`end` false) or end of the visual line holding a caret, in its
    /// paragraph's direction (the right end starts a right-to-left line), with its affinity.
    public func visualLineBoundary(at offset: Int, upstream: Bool, end: Bool) -> (offset: Int, upstream: Bool) {
        let (p, b, l, _) = locate(offset)
        let line = placed(p, b, l)
        let start = document.startOffset(ofParagraph: p)
        guard let leftmost = line.clusters.min(by: { $0.x < $1.x }), let rightmost = line.clusters.max(by: { $0.x < $1.x })
        else { return (start + line.range.lowerBound, false) }
        let right = end != line.isRightToLeft
        let cluster = right ? rightmost : leftmost
        // The outer edge of the outermost cluster on that side.
        if right {
            return cluster.isRightToLeft ? (start + cluster.range.lowerBound, false) : (start + cluster.range.upperBound, true)
        }
        return cluster.isRightToLeft ? (start + cluster.range.upperBound, true) : (start + cluster.range.lowerBound, false)
    }

    /// Whether any part of the line holding an offset runs right to left.
    public func lineHasRightToLeftText(at offset: Int) -> Bool {
        let (p, b, l, _) = locate(offset)
        let line = placed(p, b, l)
        return line.isRightToLeft || line.clusters.contains { $0.level != 0 }
    }

    /// The last line of paragraph `p`, laid out (for tests and tools; drawing uses `forEachLine`).
    @_spi(Testing) public func lastLine(forTesting p: Int) -> Line {
        let layout = paragraphLayout(p)
        return placed(p, layout.blocks.count - 1, lines(p, layout.blocks.count - 1).count - 1)
    }

    /// The width of a paragraph laid out on one line (unwrapped layouts; blocks not laid out yet
    /// count as estimated).
    public func unwrappedWidth(ofParagraph p: Int) -> Double { paragraphLayout(p).extents.total }

    /// Whether the paragraph holding an offset runs right to left.
    public func isRightToLeftParagraph(at offset: Int) -> Bool {
        let (p, _) = document.paragraphPosition(of: offset)
        return baseLevel(p, paragraphLayout(p)) & 1 == 1
    }

    /// The UTF-16 range of the visual line holding an offset.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let (p, b, l, _) = locate(offset)
        let start = document.startOffset(ofParagraph: p)
        if wrapWidth == nil { return start..<(start + document.paragraphs[p].utf16Count) }
        let range = lines(p, b)[l].range
        return (start + range.lowerBound)..<(start + range.upperBound)
    }

    /// Whether a line is its paragraph's last.
    func isLastLine(_ p: Int, _ b: Int, _ l: Int) -> Bool {
        let layout = paragraphLayout(p)
        return b == layout.blocks.count - 1 && l == lines(p, b).count - 1
    }

    /// The offset of the grapheme boundary nearest to `x` on a line of a paragraph.
    func nearestOffset(paragraph p: Int, block: Int, line l: Int, x: Double) -> Int {
        nearestPosition(paragraph: p, block: block, line: l, x: x).offset
    }

    /// The grapheme boundary nearest to `x` on a line, and whether a caret there sits against the
    /// character before it (the edge of the cluster under `x` that is nearer).
    func nearestPosition(paragraph p: Int, block: Int, line l: Int, x: Double) -> (offset: Int, upstream: Bool) {
        var b = block
        if wrapWidth == nil {
            // Unwrapped: the block under x (laying it out may move it: look again once).
            let layout = paragraphLayout(p)
            for _ in 0..<2 {
                b = layout.extents.index(containing: max(0, x))
                _ = lines(p, b)
            }
        }
        let line = placed(p, b, l)
        let localX = x - line.x
        let start = document.startOffset(ofParagraph: p)
        let isLast = wrapWidth == nil || isLastLine(p, b, l)
        guard !line.clusters.isEmpty else { return (start + (line.carets.first?.offset ?? line.range.lowerBound), false) }
        // The cluster under x (or the nearest one), and its nearer edge.
        var hit = line.clusters[0]
        var distance = Double.infinity
        for cluster in line.clusters {
            let d = localX < cluster.x ? cluster.x - localX : max(0, localX - (cluster.x + cluster.width))
            if d < distance || (d == 0 && distance == 0 && cluster.width > 0 && localX >= cluster.x) {
                distance = d
                hit = cluster
            }
        }
        let leftEdge = localX <= hit.x + hit.width / 2
        var position: (offset: Int, upstream: Bool) =
            leftEdge == hit.isRightToLeft ? (hit.range.upperBound, true) : (hit.range.lowerBound, false)
        // The end of a wrapped line is the next line's start: not a place to put the caret.
        if position.offset == line.range.upperBound && !isLast, let last = line.clusters.last {
            position = (last.range.lowerBound, false)
        }
        return (start + position.offset, position.upstream)
    }

    /// The last line of a paragraph.
    func lastLine(of p: Int) -> (block: Int, line: Int) {
        let layout = paragraphLayout(p)
        let b = layout.blocks.count - 1
        return (b, lines(p, b).count - 1)
    }
}
