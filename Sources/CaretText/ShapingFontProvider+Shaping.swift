// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Caret
import Foundation

/// Shaping: a string split into graphemes and items of one face, script and direction, each
/// item shaped by HarfBuzz with the whole string as context, and the glyphs' clusters turned
/// into the graphemes' boxes (a ligature's advance shared among the graphemes it covers).
extension ShapingFontProvider {
    /// One item to shape: graphemes `characters` of one face, script and direction.
    private struct Item {
        var characters: Range<Int>
        var face: Face?  // nil: nothing covers it (drawn as one box) or a control character (nothing)
        var script: UInt32
        var level: UInt8
        var isControl: Bool
        var rtl: Bool { level & 1 == 1 }
    }

    private struct Grapheme {
        var utf16: Int
        var scalar: Int
        var scalarCount: Int
        var utf16Count: Int
    }

    /// Shapes a line on its own as a paragraph: its base direction from its first strong
    /// character, its runs in UAX #9's visual order.
    /// Lines of up to 32 UTF-16 units (a label, a button, a key) are kept, a few thousand of them:
    /// a keyboard redrawn after a tap shapes none of its keys again.
    public func shape(_ text: String, font: Font) -> TextRun {
        let kept = text.utf16.count <= 32
        if kept, let run = runs[RunKey(text: text, font: font)] { return run }
        let paragraph = bidi.resolve(text)
        var run = shape(text, font: font, levels: paragraph.levels)
        run.paragraphLevel = paragraph.baseLevel
        if kept {
            if runs.count >= 4_096 { runs.removeAll(keepingCapacity: true) }
            runs[RunKey(text: text, font: font)] = run
        }
        return run
    }

    public func shape(_ text: String, font: Font, levels: [UInt8]) -> TextRun {
        let primary = face(for: font)
        let metrics = self.metrics(for: font)
        let units = Array(text.utf16)
        let scalarCount = text.unicodeScalars.count
        guard !units.isEmpty else {
            return TextRun(text: text, font: font, scalarOffsets: [0], metrics: metrics)
        }
        let language = textLanguage(text)

        // Graphemes, and items of one face, script and direction.
        var graphemes: [Grapheme] = []
        graphemes.reserveCapacity(units.count)
        var items: [Item] = []
        var utf16 = 0, scalar = 0
        var lastScript: UInt32 = 0
        for character in text {
            let scalars = character.unicodeScalars
            let g = Grapheme(utf16: utf16, scalar: scalar, scalarCount: scalars.count, utf16Count: character.utf16.count)
            let isControl = scalars.allSatisfy(Self.isControl)
            let face = isControl ? nil : self.face(for: character, primary: primary, language: language)
            var script: UInt32 = lastScript
            for s in scalars {
                let candidate = s.value < 0x80 ? Self.latin(s) : caret_script_of(s.value)
                if candidate != 0, caret_script_is_neutral(candidate) == 0 {
                    script = candidate
                    break
                }
            }
            lastScript = script
            let level = g.utf16 < levels.count ? levels[g.utf16] : (script != 0 && caret_script_is_rtl(script) != 0 ? 1 : 0)
            let index = graphemes.count
            graphemes.append(g)
            if var last = items.last, last.face === face, !isControl, !last.isControl, face != nil,
                last.script == script || last.script == 0, last.level == level
            {
                last.characters = last.characters.lowerBound..<(index + 1)
                last.script = script
                items[items.count - 1] = last
            } else {
                items.append(
                    Item(characters: index..<(index + 1), face: face, script: script, level: level, isControl: isControl))
            }
            utf16 += g.utf16Count
            scalar += g.scalarCount
        }

        // Shape each item: glyphs at item-relative x, and a box per grapheme.
        var boxes = [(x: Double, width: Double)](repeating: (0, 0), count: graphemes.count)
        var itemGlyphs: [[ShapedGlyph]] = []
        var itemWidths: [Double] = []
        for item in items {
            let (glyphs, width) = shapeItem(item, graphemes: graphemes, units: units, primary: primary, language: language, boxes: &boxes)
            itemGlyphs.append(glyphs)
            itemWidths.append(width)
        }

        // Place the items: level runs in UAX #9's visual order (L2), and inside a right-to-left
        // level run its items right to left.
        var levelRuns: [Range<Int>] = []
        var i = 0
        while i < items.count {
            var j = i
            while j < items.count && items[j].level == items[i].level { j += 1 }
            levelRuns.append(i..<j)
            i = j
        }
        var itemX = [Double](repeating: 0, count: items.count)
        var pen = 0.0
        for r in visualOrder(ofLevels: levelRuns.map { items[$0.lowerBound].level }) {
            let run = levelRuns[r]
            for k in items[run.lowerBound].rtl ? Array(run.reversed()) : Array(run) {
                itemX[k] = pen
                pen += itemWidths[k]
            }
        }

        var offsets = [Double](repeating: 0, count: scalarCount + 1)
        var widths = [Double](repeating: 0, count: scalarCount)
        var scalarLevels = [UInt8](repeating: 0, count: scalarCount)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(itemGlyphs.reduce(0) { $0 + $1.count })
        var anyLevel = false
        for (k, item) in items.enumerated() {
            let dx = itemX[k]
            for g in item.characters {
                let grapheme = graphemes[g]
                let box = boxes[g]
                for s in grapheme.scalar..<(grapheme.scalar + grapheme.scalarCount) {
                    offsets[s] = (dx + box.x) / scale
                    scalarLevels[s] = item.level
                }
                widths[grapheme.scalar] = box.width / scale
            }
            anyLevel = anyLevel || item.level != 0
            for var glyph in itemGlyphs[k] {
                glyph.x = (glyph.x + dx) / scale
                glyph.y /= scale
                glyphs.append(glyph)
            }
        }
        offsets[scalarCount] = pen / scale
        return TextRun(
            text: text, font: font, scalarOffsets: offsets, scalarWidths: widths, scalarLevels: anyLevel ? scalarLevels : [],
            glyphs: glyphs, metrics: metrics)
    }

    /// Shapes one item; fills the boxes (item-relative, pixels) of its graphemes and returns its
    /// glyphs (item-relative, pixels, clusters in UTF-16 offsets of the whole text) and width.
    private func shapeItem(
        _ item: Item, graphemes: [Grapheme], units: [UInt16], primary: Face, language: String?,
        boxes: inout [(x: Double, width: Double)]
    ) -> ([ShapedGlyph], Double) {
        if item.isControl {
            // Control and format characters take no space and draw nothing (tabs are the layout's).
            for g in item.characters { boxes[g] = (0, 0) }
            return ([], 0)
        }
        let first = graphemes[item.characters.lowerBound]
        let last = graphemes[item.characters.upperBound - 1]
        let face = item.face ?? primary
        let start = first.utf16
        // A cluster nothing covers is one missing-glyph box: only its first scalar is shaped.
        let length =
            item.face == nil ? (UTF16.isLeadSurrogate(units[start]) ? 2 : 1) : last.utf16 + last.utf16Count - start
        let count = shapeRaw(face, units: units, start: start, length: length, item: item, language: language)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(count)
        // Cluster extents: glyphs of one cluster are consecutive (monotone clusters).
        var clusterStarts: [Int] = []
        var extents: [Int: (Double, Double)] = [:]
        var pen = 0.0
        for k in 0..<count {
            let g = glyphBuffer[k]
            let cluster = Int(g.cluster)
            let advance = Double(g.x_advance)
            if let (lo, hi) = extents[cluster] {
                extents[cluster] = (min(lo, pen), max(hi, pen + advance))
            } else {
                extents[cluster] = (pen, pen + advance)
                clusterStarts.append(cluster)
            }
            glyphs.append(
                ShapedGlyph(
                    face: face.id, id: g.glyph, x: pen + Double(g.x_offset), y: -Double(g.y_offset), cluster: cluster,
                    isColor: face.isColor))
            pen += advance
        }
        clusterStarts.sort()
        // Graphemes take the extents of the clusters that start inside them; graphemes inside one
        // cluster (a ligature) share its extent in equal parts, in the item's direction.
        var c = 0
        var g = item.characters.lowerBound
        while g < item.characters.upperBound {
            let grapheme = graphemes[g]
            let end = grapheme.utf16 + grapheme.utf16Count
            var lo = Double.infinity, hi = -Double.infinity
            while c < clusterStarts.count && clusterStarts[c] < end {
                if let (a, b) = extents[clusterStarts[c]] {
                    lo = min(lo, a)
                    hi = max(hi, b)
                }
                c += 1
            }
            // The graphemes after this one that no cluster starts in belong to the same cluster.
            var sharing = 1
            while g + sharing < item.characters.upperBound {
                let next = graphemes[g + sharing]
                if c < clusterStarts.count && clusterStarts[c] < next.utf16 + next.utf16Count { break }
                sharing += 1
            }
            if lo > hi { (lo, hi) = (0, 0) }
            let part = (hi - lo) / Double(sharing)
            for s in 0..<sharing {
                let x = item.rtl ? hi - part * Double(s + 1) : lo + part * Double(s)
                boxes[g + s] = (x, part)
            }
            g += sharing
        }
        return (glyphs, pen)
    }

    private func shapeRaw(_ face: Face, units: [UInt16], start: Int, length: Int, item: Item, language: String?) -> Int {
        let script = item.script
        func run() -> Int {
            units.withUnsafeBufferPointer { text in
                glyphBuffer.withUnsafeMutableBufferPointer { out in
                    caret_font_shape(
                        face.handle, text.baseAddress, Int32(text.count), Int32(start), Int32(length), item.rtl ? 1 : 0,
                        script, language, out.baseAddress, Int32(out.count))
                }
            }.toInt
        }
        var count = run()
        if count > glyphBuffer.count {
            glyphBuffer = [caret_glyph](repeating: caret_glyph(), count: count)
            count = run()
        }
        return count
    }

    /// The Latin script for ASCII letters, common for the rest, without asking HarfBuzz.
    private nonisolated static func latin(_ scalar: Unicode.Scalar) -> UInt32 {
        let v = scalar.value
        return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) ? latinScript : 0
    }

    private nonisolated static let latinScript = caret_script_of(0x41)

    /// The language Han text is drawn in: Japanese with kana, Korean with Hangul, else the provider's.
    private func textLanguage(_ text: String) -> String? {
        for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0xAC00...0xD7AF, 0x3130...0x318F: return "ko"
            default: continue
            }
        }
        return language
    }
}

extension Int32 {
    fileprivate var toInt: Int { Int(self) }
}

/// A shaped line's text and font (`ShapingFontProvider.runs`).
struct RunKey: Hashable {
    let text: String
    let font: Font
}
