// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where lines and carets are: paragraph and line tops, caret x and rectangles, laying out the
/// lines above an offset so that nothing on screen moves when they are drawn.
extension TextLayout {
    // MARK: Geometry

    /// The y where a paragraph starts (estimated above paragraphs not laid out yet).
    public func paragraphTop(_ p: Int) -> Double { heights.prefixSum(p) }

    /// The total height (estimated for paragraphs not laid out yet).
    public var height: Double { heights.total }

    /// Every line laid out: the widest line's width and the total height (what a view sized to its
    /// text needs; it lays out the whole text, so it is for short texts).
    public func measuredSize() -> Size {
        var widest = 0.0
        for p in 0..<document.paragraphs.count {
            let layout = paragraphLayout(p)
            var row = 0.0
            for b in layout.blocks.indices {
                let lines = self.lines(p, b)
                if wrapWidth == nil { row += layout.extents[b] } else { widest = max(widest, lines.map(\.width).max() ?? 0) }
            }
            widest = max(widest, row)
        }
        return Size(width: widest, height: height)
    }

    /// Lays out what precedes an offset until `covering` points of it are laid out — lines above
    /// (wrapped) or text to the left (unwrapped) — so positions up to the offset no longer rest on
    /// estimates there and do not move when that part is drawn.
    public func layOutLines(before offset: Int, covering: Double) {
        let (p0, local) = document.paragraphPosition(of: offset)
        var covered = 0.0
        if wrapWidth == nil {
            let layout = paragraphLayout(p0)
            var b = layout.block(containing: local)
            while b >= 0 && covered < covering {
                _ = lines(p0, b)
                covered += layout.extents[b]
                b -= 1
            }
            return
        }
        var p = p0
        while p >= 0 && covered < covering {
            let layout = paragraphLayout(p)
            var b = p == p0 ? layout.block(containing: local) : layout.blocks.count - 1
            while b >= 0 && covered < covering {
                _ = lines(p, b)
                covered += layout.extents[b]
                b -= 1
            }
            p -= 1
        }
    }

    /// The first offset of the line at a height (nil above the text), laying out only that line's block.
    public func lineStart(at y: Double) -> Int? {
        guard y >= 0, y < height else { return nil }
        let offset = self.offset(at: Point(x: 0, y: y))
        return lineRange(containing: offset).lowerBound
    }

    /// The y of the top of the line holding an offset.
    public func lineTop(at offset: Int) -> Double {
        let (p, b, l, _) = locate(offset)
        return lineTop(p, b, l)
    }

    /// Where an offset is: paragraph, block, line in the block, offset in the paragraph.
    func locate(_ offset: Int) -> (paragraph: Int, block: Int, line: Int, local: Int) {
        let (p, local) = document.paragraphPosition(of: offset)
        let b = paragraphLayout(p).block(containing: local)
        let blockLines = lines(p, b)
        // The last line starting at or before the offset: a caret at a soft wrap goes to the next line.
        let l = blockLines.lastIndex { $0.range.lowerBound <= local } ?? 0
        return (p, b, l, local)
    }

    /// A line as drawn: an unwrapped block's line moved to its place and given the paragraph's line metrics.
    func placed(_ p: Int, _ b: Int, _ l: Int) -> Line {
        var line = lines(p, b)[l]
        if wrapWidth == nil {
            let layout = paragraphLayout(p)
            line.x += layout.extents.prefixSum(b)
            line.ascent = layout.ascent
            line.height = layout.lineHeight
        }
        return line
    }

    /// The y of a line's top.
    func lineTop(_ p: Int, _ b: Int, _ l: Int) -> Double {
        var y = paragraphTop(p)
        guard wrapWidth != nil else { return y }
        let layout = paragraphLayout(p)
        y += layout.extents.prefixSum(b)
        let blockLines = lines(p, b)
        for i in 0..<l { y += blockLines[i].height }
        return y
    }

    /// The x of a caret at an offset, in the text's coordinates.
    public func caretX(at offset: Int) -> Double { caretX(at: offset, upstream: false) }

    /// The x of a caret at an offset with an affinity: at a direction boundary, `upstream` puts it
    /// against the character before (the run typed last), else against the character after.
    public func caretX(at offset: Int, upstream: Bool) -> Double {
        let (p, b, l, local) = locate(offset)
        let line = placed(p, b, l)
        return line.x + Self.caretX(on: line, at: local, upstream: upstream)
    }

    /// The caret rectangle at an offset: 2 points wide, as tall as the line.
    public func caretRect(at offset: Int) -> Rect { caretRect(at: offset, upstream: false) }

    /// The caret rectangle at an offset with an affinity (see `caretX(at:upstream:)`).
    public func caretRect(at offset: Int, upstream: Bool) -> Rect {
        let (p, b, l, _) = locate(offset)
        let x = caretX(at: offset, upstream: upstream)
        return Rect(x: x, y: lineTop(p, b, l), width: 2, height: placed(p, b, l).height)
    }

    /// A caret's x on a line (line coordinates) at a paragraph-relative offset.
    static func caretX(on line: Line, at local: Int, upstream: Bool) -> Double {
        let clusters = line.clusters
        guard !clusters.isEmpty else { return line.carets.first { $0.offset >= local }?.x ?? line.carets.last?.x ?? 0 }
        let after = cluster(startingAt: local, in: clusters)
        let before = after.map { $0 - 1 } ?? clusters.lastIndex { $0.range.upperBound <= local }
        if upstream || after == nil, let before, before >= 0, clusters[before].range.upperBound == local {
            return clusters[before].trailingX
        }
        if let after { return clusters[after].leadingX }
        return line.carets.first { $0.offset >= local }?.x ?? line.carets.last?.x ?? 0
    }

    /// The index of the cluster starting at or containing an offset (binary search), nil past the end.
    private static func cluster(startingAt local: Int, in clusters: [LineCluster]) -> Int? {
        var low = 0, high = clusters.count
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid].range.upperBound <= local { low = mid + 1 } else { high = mid }
        }
        return low < clusters.count ? low : nil
    }

    /// The boxes covering the clusters of `lo..<hi` on a line, merged where they touch on screen.
    static func visualPieces(of line: Line, from lo: Int, to hi: Int) -> [(x: Double, width: Double)] {
        guard lo < hi else { return [] }
        let clusters = line.clusters
        if clusters.isEmpty {
            let x0 = line.carets.first { $0.offset >= lo }?.x ?? 0
            let x1 = line.carets.first { $0.offset >= hi }?.x ?? line.width
            return [(min(x0, x1), abs(x1 - x0))]
        }
        // Clusters are in logical order, so those inside the range are one run of them, found by
        // binary search: a spelling underline asks this for every misspelt word on screen.
        var boxes: [(x: Double, width: Double)] = []
        var inOrder = true
        var i = cluster(startingAt: lo, in: clusters) ?? clusters.count
        while i < clusters.count, clusters[i].range.upperBound <= hi {
            let c = clusters[i]
            i += 1
            guard c.range.lowerBound >= lo else { continue }
            if let last = boxes.last, c.x < last.x { inOrder = false }
            boxes.append((c.x, c.width))
        }
        if !inOrder { boxes.sort { $0.x < $1.x } }
        var merged: [(x: Double, width: Double)] = []
        for box in boxes {
            if let last = merged.last, box.x <= last.x + last.width + 0.01 {
                merged[merged.count - 1].width = max(last.width, box.x + box.width - last.x)
            } else {
                merged.append(box)
            }
        }
        return merged
    }
}
