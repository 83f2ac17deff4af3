// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Selection rectangles (one per visual piece), walking the lines in a span, and drawing them.
extension TextLayout {
    /// Rectangles covering a range, one per line it touches; with `span`, only lines in that
    /// vertical span (a huge selection then costs what the screen shows).
    public func selectionRects(for range: Range<Int>, in span: ClosedRange<Double>? = nil) -> [Rect] {
        guard !range.isEmpty else { return [] }
        let (p0, _) = document.paragraphPosition(of: range.lowerBound)
        let (p1, _) = document.paragraphPosition(of: range.upperBound)
        var rects: [Rect] = []
        var p = p0
        if let span { p = max(p0, heights.index(containing: max(0, span.lowerBound))) }
        while p <= p1 {
            defer { p += 1 }
            if let span, paragraphTop(p) > span.upperBound { break }
            let start = document.startOffset(ofParagraph: p)
            let lo = max(range.lowerBound - start, 0), hi = min(range.upperBound - start, document.paragraphs[p].utf16Count)
            // A selected line break shows as a little extra width at the end of the line.
            let includesBreak = p < p1
            if wrapWidth == nil {
                let top = paragraphTop(p)
                let layout = paragraphLayout(p)
                let b0 = layout.block(containing: lo), b1 = layout.block(containing: max(lo, hi - 1))
                if b0 == b1 {
                    // One block: a rectangle per visual piece (a range across a direction change
                    // is two or more pieces on screen).
                    let line = placed(p, b0, 0)
                    var pieces = Self.visualPieces(of: line, from: lo, to: hi)
                    if includesBreak {
                        let end = line.clusters.last?.trailingX ?? 0
                        if let k = pieces.firstIndex(where: { abs($0.x + $0.width - end) < 0.01 }) {
                            pieces[k].width += 6
                        } else {
                            pieces.append((end, 6))
                        }
                    }
                    for piece in pieces {
                        rects.append(Rect(x: line.x + piece.x, y: top, width: piece.width, height: layout.lineHeight))
                    }
                    continue
                }
                let x0 = caretX(at: start + lo), x1 = caretX(at: start + hi)
                rects.append(
                    Rect(x: min(x0, x1), y: top, width: abs(x1 - x0) + (includesBreak ? 6 : 0), height: layout.lineHeight))
                continue
            }
            let layout = paragraphLayout(p)
            for b in layout.block(containing: lo)...layout.block(containing: hi) {
                var y = paragraphTop(p) + layout.extents.prefixSum(b)
                if let span, y > span.upperBound { break }
                // A block above the span is not laid out to be skipped.
                if let span, paragraphTop(p) + layout.extents.prefixSum(b + 1) < span.lowerBound { continue }
                let blockLines = lines(p, b)
                for (l, line) in blockLines.enumerated() {
                    defer { y += line.height }
                    if let span, y + line.height < span.lowerBound { continue }
                    let lineLo = max(lo, line.range.lowerBound), lineHi = min(hi, line.range.upperBound)
                    let isLast = isLastLine(p, b, l)
                    let breakHere = includesBreak && isLast
                    guard lineLo < lineHi || (breakHere && lineLo <= lineHi && lo <= line.range.upperBound) else { continue }
                    var pieces = Self.visualPieces(of: line, from: lineLo, to: lineHi)
                    if breakHere {
                        // The selected line break: a little width at the line's end, in its direction.
                        let end = line.clusters.last?.trailingX ?? (line.carets.first { $0.offset >= lineLo }?.x ?? 0)
                        if line.isRightToLeft {
                            if let k = pieces.firstIndex(where: { abs($0.x - end) < 0.01 }) {
                                pieces[k] = (pieces[k].x - 6, pieces[k].width + 6)
                            } else {
                                pieces.append((end - 6, 6))
                            }
                        } else if let k = pieces.firstIndex(where: { abs($0.x + $0.width - end) < 0.01 }) {
                            pieces[k].width += 6
                        } else {
                            pieces.append((end, 6))
                        }
                    }
                    for piece in pieces {
                        rects.append(Rect(x: line.x + piece.x, y: y, width: piece.width, height: line.height))
                    }
                }
            }
        }
        return rects
    }

    /// Calls `body` with each line that intersects a vertical span (and, for unwrapped text, a
    /// horizontal one): its paragraph's start offset, the line, and its top y. Lays out only those.
    public func forEachLine(in span: ClosedRange<Double>, x xSpan: ClosedRange<Double>? = nil, _ body: (Int, Line, Double) -> Void) {
        guard !document.paragraphs.isEmpty else { return }
        var p = heights.index(containing: max(0, span.lowerBound))
        while p < document.paragraphs.count {
            if paragraphTop(p) > span.upperBound { break }
            let layout = paragraphLayout(p)
            let start = document.startOffset(ofParagraph: p)
            if wrapWidth == nil {
                let y = paragraphTop(p)
                if y + layout.lineHeight >= span.lowerBound {
                    var b = xSpan.map { layout.extents.index(containing: max(0, $0.lowerBound)) } ?? 0
                    while b < layout.blocks.count {
                        _ = lines(p, b)
                        let line = placed(p, b, 0)
                        if let xSpan, line.x > xSpan.upperBound { break }
                        body(start, line, y)
                        b += 1
                    }
                }
            } else {
                var b = 0
                while b < layout.blocks.count {
                    if paragraphTop(p) + layout.extents.prefixSum(b) > span.upperBound { break }
                    if paragraphTop(p) + layout.extents.prefixSum(b + 1) < span.lowerBound {
                        b += 1
                        continue
                    }
                    let blockLines = lines(p, b)
                    var y = paragraphTop(p) + layout.extents.prefixSum(b)
                    for line in blockLines {
                        if y + line.height >= span.lowerBound && y <= span.upperBound { body(start, line, y) }
                        y += line.height
                    }
                    b += 1
                }
            }
            p += 1
        }
    }

    /// Draws the lines in a vertical span (and horizontal, for unwrapped text) at `origin` in the
    /// context, in each run's colour (`defaultColor` where none is set), with backgrounds and underlines.
    public func draw(
        in context: GraphicsContext, at origin: Point, span: ClosedRange<Double>, x xSpan: ClosedRange<Double>? = nil,
        defaultColor: Color, linkAttributes: TextAttributes? = nil
    ) {
        forEachLine(in: span, x: xSpan) { _, line, y in
            for piece in line.pieces {
                var attributes = piece.attributes
                if attributes.link != nil, let link = linkAttributes {
                    attributes.foregroundColor = link.foregroundColor ?? attributes.foregroundColor
                    attributes.underlineStyle = link.underlineStyle ?? attributes.underlineStyle
                }
                let x = origin.x + line.x + piece.x
                if let xSpan, x - origin.x > xSpan.upperBound || x - origin.x + piece.run.width < xSpan.lowerBound { continue }
                let top = origin.y + y
                if let background = attributes.backgroundColor {
                    context.fill(Rect(x: x, y: top, width: piece.run.width, height: line.height), color: background)
                }
                let color = attributes.foregroundColor ?? defaultColor
                // Baselines line up across fonts: each run sits so that its ascent meets the line's.
                let runTop = top + line.ascent - piece.run.metrics.ascender
                context.drawText(piece.run, at: Point(x: x, y: runTop), color: color)
                if let underline = attributes.underlineStyle, underline != .none {
                    let baseline = top + line.ascent
                    let thickness = underline == .thick ? 2.0 : 1.0
                    context.fill(
                        Rect(x: x, y: (baseline + 1.5).rounded(.down), width: piece.run.width, height: thickness), color: color)
                    if underline == .double {
                        context.fill(
                            Rect(x: x, y: (baseline + 3.5).rounded(.down), width: piece.run.width, height: 1), color: color)
                    }
                }
            }
        }
    }
}
