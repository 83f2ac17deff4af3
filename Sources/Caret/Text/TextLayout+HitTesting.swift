// SPDX-License-Identifier: Apache-2.0
import Foundation

/// From a point to an offset: the nearest grapheme boundary, the side of a direction boundary
/// it touched, and the offset on a line above or below at an x.
extension TextLayout {
    /// The offset nearest to a point (clamped into the text).
    public func offset(at point: Point) -> Int { position(at: point).offset }

    /// The grapheme boundary nearest to a point, and whether a caret there sits against the
    /// character before it: at a direction boundary, the side that was touched.
    public func position(at point: Point) -> (offset: Int, upstream: Bool) {
        guard point.y >= 0 else { return (0, false) }
        if point.y >= height {
            let p = document.paragraphs.count - 1
            let (b, l) = lastLine(of: p)
            return nearestPosition(paragraph: p, block: b, line: l, x: point.x)
        }
        var p = heights.index(containing: point.y)
        _ = paragraphLayout(p)  // may change this paragraph's height
        p = heights.index(containing: point.y)
        let layout = paragraphLayout(p)
        guard wrapWidth != nil else { return nearestPosition(paragraph: p, block: 0, line: 0, x: point.x) }
        var b = 0
        for _ in 0..<2 {  // laying the block out may change its height: look again once
            b = layout.extents.index(containing: point.y - paragraphTop(p))
            _ = lines(p, b)
        }
        var y = paragraphTop(p) + layout.extents.prefixSum(b)
        let blockLines = lines(p, b)
        for (l, line) in blockLines.enumerated() {
            if point.y < y + line.height || l == blockLines.count - 1 {
                return nearestPosition(paragraph: p, block: b, line: l, x: point.x)
            }
            y += line.height
        }
        return (document.startOffset(ofParagraph: p), false)
    }

    /// The offset nearest to `x` on the line `delta` lines away from the one holding `offset`.
    public func offset(onLineOffsetBy delta: Int, from offset: Int, x: Double) -> Int? {
        var (p, b, l, _) = locate(offset)
        var remaining = delta
        while remaining != 0 {
            if remaining > 0 {
                if l + 1 < lines(p, b).count {
                    l += 1
                } else if b + 1 < paragraphLayout(p).blocks.count {
                    b += 1
                    l = 0
                } else if p + 1 < document.paragraphs.count {
                    p += 1
                    b = 0
                    l = 0
                } else {
                    return nil
                }
                remaining -= 1
            } else {
                if l > 0 {
                    l -= 1
                } else if b > 0 {
                    b -= 1
                    l = lines(p, b).count - 1
                } else if p > 0 {
                    p -= 1
                    (b, l) = lastLine(of: p)
                } else {
                    return nil
                }
                remaining += 1
            }
        }
        return nearestOffset(paragraph: p, block: b, line: l, x: x)
    }
}
