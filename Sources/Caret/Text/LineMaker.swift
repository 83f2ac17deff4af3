// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Makes the lines of a paragraph: its attribute runs shaped at their bidi levels (UAX #9), lines
/// broken at the fonts' line-break opportunities within the wrap width (UAX #14, falling back to
/// grapheme boundaries), tabs expanded, each line reordered for display. A value with no view and
/// no cache: paragraph in, lines out (`TextLayout` keeps what it makes and asks again after an edit).
@MainActor
struct LineMaker {
    /// Measures, shapes and resolves directions.
    let fontProvider: FontProvider
    /// The font of text with none of its own.
    let font: Font
    /// How lines sit in the wrap width.
    let alignment: TextAlignment
    /// The width lines wrap at; nil for one line per paragraph.
    let wrapWidth: Double?
    /// The distance between tab stops.
    let tabInterval: Double

    /// A cluster: its UTF-16 range in the paragraph, its box (x where it starts on the unwrapped
    /// line, its width), where it starts in logical order (the sum of the advances before it),
    /// whether it is white space, its embedding level, and which shaped piece it is in.
    private struct Cluster {
        var range: Range<Int>
        var x: Double
        var width: Double
        var logicalX: Double
        var isSpace: Bool
        var level: UInt8
        var piece: Int
    }

    /// The lines of a range of a paragraph (one line when unwrapped), and its unwrapped width.
    func makeLines(_ paragraph: TextDocument.Paragraph, _ range: Range<Int>, baseLevel: UInt8) -> ([TextLayout.Line], Double) {
        let text = paragraph.text
        let rangeText = range == 0..<paragraph.utf16Count ? text : TextDocument.slice(text, range.lowerBound, range.upperBound)
        // Embedding levels of the range (UAX #9), one per UTF-16 unit.
        let levels = fontProvider.bidi.resolve(rangeText, direction: baseLevel & 1 == 1 ? .rightToLeft : .leftToRight).levels
        // Shape each attribute run's part once, at its levels; clusters carry their box along the
        // unwrapped range.
        var clusters: [Cluster] = []
        var shapes: [(run: TextRun, start: Int, attributes: TextAttributes)] = []
        var x = 0.0
        var logicalX = 0.0
        var runStart = 0
        for attributeRun in paragraph.runs {
            let runEnd = runStart + attributeRun.length
            defer { runStart = runEnd }
            let lo = max(runStart, range.lowerBound), hi = min(runEnd, range.upperBound)
            guard lo < hi else { continue }
            let piece = TextDocument.slice(text, lo, hi)
            let pieceLevels = Array(levels[(lo - range.lowerBound)..<(hi - range.lowerBound)])
            var shaped = fontProvider.shape(piece, font: attributeRun.attributes.font ?? font, levels: pieceLevels)
            // Tabs jump to the next tab stop: shift everything after them.
            if piece.contains("\t") { shaped = expandTabs(shaped, startX: x) }
            var offset = lo
            var scalarIndex = 0
            for character in piece {
                let first = scalarIndex
                scalarIndex += character.unicodeScalars.count
                let box = shaped.box(ofScalars: first..<scalarIndex)
                let length = character.utf16.count
                clusters.append(
                    Cluster(
                        range: offset..<(offset + length), x: x + box.x, width: box.width, logicalX: logicalX,
                        isSpace: character.isWhitespace, level: levels[offset - range.lowerBound], piece: shapes.count))
                logicalX += box.width
                offset += length
            }
            shapes.append((shaped, lo, attributeRun.attributes))
            x += shaped.width
        }
        let defaultMetrics = fontProvider.metrics(for: paragraph.runs.first?.attributes.font ?? font)

        // Break into lines, measuring advances in logical order, at line-break opportunities
        // (UAX #14: after spaces, between CJK characters, never inside an emoji sequence).
        var lineRanges: [Range<Int>] = []  // cluster index ranges
        if let width = wrapWidth, width > 0, !clusters.isEmpty, logicalX > width {
            let opportunities = Set(fontProvider.segmenter.lineBreakOpportunities(in: rangeText).map { $0 + range.lowerBound })
            var start = 0
            while start < clusters.count {
                var end = start
                let origin = clusters[start].logicalX
                while end < clusters.count
                    && (clusters[end].isSpace || clusters[end].logicalX + clusters[end].width - origin <= width)
                {
                    end += 1
                }
                if end < clusters.count {
                    // Back up to the last break opportunity on the line, if there is one.
                    if !clusters[end].isSpace,
                        let last = clusters[start..<end].lastIndex(where: { opportunities.contains($0.range.upperBound) })
                    {
                        end = last + 1
                    }
                    if end == start { end = start + 1 }  // one cluster wider than the line
                }
                lineRanges.append(start..<end)
                start = end
            }
        }
        if lineRanges.isEmpty { lineRanges = [0..<clusters.count] }

        var lines: [TextLayout.Line] = []
        for clusterRange in lineRanges {
            let utf16Start = clusterRange.isEmpty ? range.lowerBound : clusters[clusterRange.lowerBound].range.lowerBound
            let utf16End = clusterRange.isEmpty ? range.lowerBound : clusters[clusterRange.upperBound - 1].range.upperBound
            // The line's levels, with trailing white space at the paragraph's level (UAX #9 L1).
            var lineLevels = clusters[clusterRange].map(\.level)
            var t = lineLevels.count - 1
            while t >= 0 && clusters[clusterRange.lowerBound + t].isSpace {
                lineLevels[t] = baseLevel
                t -= 1
            }
            // Segments: runs of clusters of one shaped piece and one level. Each keeps its glyphs'
            // order (a right-to-left run's first characters are its right part, so a line holding
            // part of it shows that part); the segments go in visual order (L2).
            var segments: [(clusters: Range<Int>, level: UInt8)] = []
            var c = 0
            while c < lineLevels.count {
                var e = c + 1
                let piece = clusters[clusterRange.lowerBound + c].piece
                while e < lineLevels.count && lineLevels[e] == lineLevels[c] && clusters[clusterRange.lowerBound + e].piece == piece {
                    e += 1
                }
                segments.append(((clusterRange.lowerBound + c)..<(clusterRange.lowerBound + e), lineLevels[c]))
                c = e
            }
            var lineClusters = [TextLayout.LineCluster](
                repeating: TextLayout.LineCluster(range: 0..<0, x: 0, width: 0, level: 0), count: clusterRange.count)
            var pieces: [(run: TextRun, x: Double, attributes: TextAttributes)] = []
            var ascent = defaultMetrics.ascender, descent = -defaultMetrics.descender, lineGap = defaultMetrics.lineHeight
            if !segments.isEmpty {
                ascent = 0
                descent = 0
                lineGap = 0
            }
            var pen = 0.0
            for index in visualOrder(ofLevels: segments.map(\.level)) {
                let segment = segments[index]
                var minX = Double.infinity, maxX = -Double.infinity
                for k in segment.clusters {
                    minX = min(minX, clusters[k].x)
                    maxX = max(maxX, clusters[k].x + clusters[k].width)
                }
                for k in segment.clusters {
                    let cluster = clusters[k]
                    lineClusters[k - clusterRange.lowerBound] = TextLayout.LineCluster(
                        range: cluster.range, x: cluster.x - minX + pen, width: cluster.width, level: segment.level)
                }
                let shape = shapes[clusters[segment.clusters.lowerBound].piece]
                let piece = Self.slice(
                    shape.run, from: clusters[segment.clusters.lowerBound].range.lowerBound - shape.start,
                    to: clusters[segment.clusters.upperBound - 1].range.upperBound - shape.start)
                pieces.append((piece, pen, shape.attributes))
                ascent = max(ascent, piece.metrics.ascender)
                descent = max(descent, -piece.metrics.descender)
                lineGap = max(lineGap, piece.metrics.lineHeight)
                pen += maxX - minX
            }
            // A caret before each cluster sits at its leading edge; the end's after the last one.
            var carets: [(Int, Double)] = lineClusters.map { ($0.range.lowerBound, $0.leadingX) }
            let isRTL = baseLevel & 1 == 1
            carets.append((utf16End, lineClusters.last?.trailingX ?? 0))
            // The visible width leaves out trailing spaces.
            var visibleWidth = pen
            var w = clusterRange.upperBound - 1
            while w >= clusterRange.lowerBound && clusters[w].isSpace {
                visibleWidth -= clusters[w].width
                w -= 1
            }
            let alignedX = wrapWidth.map { alignment.offset(lineWidth: visibleWidth, in: $0, rightToLeft: isRTL) } ?? 0
            var line = TextLayout.Line(
                range: utf16Start..<utf16End, carets: carets, x: max(0, alignedX), width: max(0, visibleWidth),
                ascent: ascent, height: max(lineGap, ascent + descent), pieces: pieces)
            line.clusters = lineClusters
            line.isRightToLeft = isRTL
            lines.append(line)
        }
        return (lines, x)
    }

    /// Moves everything after each tab to the next tab stop.
    private func expandTabs(_ run: TextRun, startX: Double) -> TextRun {
        var offsets = run.scalarOffsets
        var widths = run.scalarWidths
        var shifts = [Double](repeating: 0, count: offsets.count)
        var utf16Scalar: [Int: Int] = [:]  // a scalar's UTF-16 offset to its index, for the glyphs
        var shift = 0.0
        var utf16 = 0
        for (i, scalar) in run.text.unicodeScalars.enumerated() {
            utf16Scalar[utf16] = i
            utf16 += scalar.utf16.count
            offsets[i] += shift
            shifts[i] = shift
            if scalar == "\t" {
                let position = startX + offsets[i]
                let next = ((position / tabInterval).rounded(.down) + 1) * tabInterval
                let advance = run.scalarWidth(i)
                shift += (next - position) - advance
                if !widths.isEmpty { widths[i] = next - position }
            }
        }
        offsets[offsets.count - 1] += shift
        let glyphs = run.glyphs.map { glyph in
            var moved = glyph
            moved.x += shifts[utf16Scalar[glyph.cluster] ?? 0]
            return moved
        }
        return TextRun(
            text: run.text, font: run.font, scalarOffsets: offsets, scalarWidths: widths, scalarLevels: run.scalarLevels,
            glyphs: glyphs, metrics: run.metrics)
    }

    /// The part of a shaped run between two UTF-16 offsets, positioned from its left edge at 0.
    nonisolated private static func slice(_ run: TextRun, from: Int, to: Int) -> TextRun {
        if from == 0 && to == run.text.utf16.count { return run }
        let text = TextDocument.slice(run.text, from, to)
        let u = run.text.utf16
        let firstScalar = run.text.unicodeScalars.distance(from: run.text.startIndex, to: u.index(u.startIndex, offsetBy: from))
        let count = text.unicodeScalars.count
        let scalars = firstScalar..<(firstScalar + count)
        let box = run.box(ofScalars: scalars)
        let base = box.x
        var offsets = scalars.map { run.scalarOffsets[$0] - base }
        offsets.append(box.width)
        let glyphs = run.glyphs.compactMap { glyph -> ShapedGlyph? in
            guard glyph.cluster >= from && glyph.cluster < to else { return nil }
            var moved = glyph
            moved.x -= base
            moved.cluster -= from
            return moved
        }
        return TextRun(
            text: text, font: run.font, scalarOffsets: offsets,
            scalarWidths: run.scalarWidths.isEmpty ? [] : Array(run.scalarWidths[scalars]),
            scalarLevels: run.scalarLevels.isEmpty ? [] : Array(run.scalarLevels[scalars]), glyphs: glyphs, metrics: run.metrics)
    }
}
