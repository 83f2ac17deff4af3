// SPDX-License-Identifier: Apache-2.0
/// Following edits: a `TextLayout` takes an edited copy of its document and re-lays out only
/// what the edits touched: paragraphs replaced, or, inside a long paragraph, the block edited and,
/// in a wrapped block, only the lines around the edit (the blocks after it move lazily).
extension TextLayout {
    /// Follows an edited copy of the document, re-laying out only what its edits touched.
    /// Returns the vertical span (text coordinates) whose drawing changed: to infinity when
    /// heights changed and everything below moved; nil when nothing changed.
    @discardableResult
    public func update(_ newDocument: TextDocument) -> ClosedRange<Double>? {
        if newDocument.lineage !== syncedLineage || newDocument.editCount != syncedEditCount { changeCount += 1 }
        let edits = newDocument.editCount - syncedEditCount
        let follows = newDocument.lineage === syncedLineage && edits >= 0 && edits <= newDocument.recentEdits.count
        let old = document
        document = newDocument
        guard follows else {
            invalidateAll(keepingHeightsOf: old)
            return 0...Double.infinity
        }
        guard edits > 0 else { return nil }
        var dirty: ClosedRange<Double>?
        for edit in newDocument.recentEdits.suffix(edits) {
            let span: ClosedRange<Double>
            if edits == 1, let change = edit.local, edit.removed.count == 1, edit.inserted == 1,
                let existing = paragraphs[edit.removed.lowerBound],
                existing.blocks.count > 1 || newDocument.paragraphs[edit.removed.lowerBound].utf16Count > Self.blockLength * 3 / 2
                    || followsInPlace(change, existing, newDocument.paragraphs[edit.removed.lowerBound])
            {
                span = followEdit(change, in: edit.removed.lowerBound, existing)
            } else {
                span = replaceParagraphs(edit, layOutNow: edits == 1 && edit.inserted <= 8)
            }
            dirty = dirty.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
        }
        syncedEditCount = newDocument.editCount
        if paragraphs.count != document.paragraphs.count { invalidateAll() }  // never out of step
        return dirty
    }

    /// Drops the layouts of edited paragraphs; with `layOutNow`, lays the new ones out at once so
    /// that, if their height held, only they are redrawn.
    func replaceParagraphs(_ edit: TextDocument.ParagraphEdit, layOutNow: Bool) -> ClosedRange<Double> {
        let top = heights.prefixSum(edit.removed.lowerBound)
        let oldHeight = heights.prefixSum(edit.removed.upperBound) - top
        let inserted = edit.removed.lowerBound..<(edit.removed.lowerBound + edit.inserted)
        let estimates = inserted.map { estimatedHeight(ofParagraph: $0) }
        if edit.removed.count == edit.inserted {
            for (i, p) in edit.removed.enumerated() {
                paragraphs[p] = nil
                heights.set(p, to: estimates[i])
            }
        } else {
            paragraphs.replaceSubrange(edit.removed, with: Array(repeating: nil, count: edit.inserted))
            heights.replaceSubrange(edit.removed, with: estimates)
        }
        // Only short paragraphs are laid out now: a pasted megabyte waits until it is drawn.
        guard layOutNow, inserted.allSatisfy({ document.paragraphs[$0].utf16Count <= Self.blockLength * 4 }) else {
            return top...Double.infinity
        }
        var newHeight = 0.0
        for p in inserted {
            let made = paragraphLayout(p)
            for b in made.blocks.indices { _ = lines(p, b) }
            newHeight += heights[p]
        }
        return newHeight == oldHeight ? top...(top + newHeight) : top...Double.infinity
    }

    /// Follows an edit inside a long paragraph: the blocks around it are cut again and the
    /// others keep their lines.
    /// Whether an edit inside a one-block wrapped paragraph is followed in place (its lines made
    /// again around it) rather than the paragraph laid out anew: a long laid-out paragraph, edited
    /// past where its direction was found.
    private func followsInPlace(_ change: TextDocument.LocalChange, _ layout: ParagraphLayout, _ paragraph: TextDocument.Paragraph)
        -> Bool
    {
        wrapWidth != nil && layout.blocks.count == 1 && layout.blocks[0].lines != nil && layout.baseLevel != nil
            && paragraph.utf16Count > 256 && change.range.lowerBound > 64
    }

    func followEdit(_ change: TextDocument.LocalChange, in p: Int, _ layout: ParagraphLayout) -> ClosedRange<Double> {
        let paragraph = document.paragraphs[p]
        let delta = change.length - change.range.count
        var first = layout.block(containing: change.range.lowerBound)
        var last = layout.block(containing: max(change.range.lowerBound, change.range.upperBound - 1))
        var lower = layout.blocks[first].range.lowerBound
        var upper = layout.blocks[last].range.upperBound + delta
        // Only the edited block is cut again, unless the edit joined a cluster across one of its
        // boundaries (a combining mark typed at a block's start, a flag's pairing shifted).
        while first > 0, !TextDocument.isBoundary(lower, in: paragraph.text, count: paragraph.utf16Count) {
            first -= 1
            lower = layout.blocks[first].range.lowerBound
        }
        while last + 1 < layout.blocks.count, !TextDocument.isBoundary(upper, in: paragraph.text, count: paragraph.utf16Count) {
            last += 1
            upper = layout.blocks[last].range.upperBound + delta
        }
        lower = min(lower, upper)
        let ranges = Self.cut(paragraph.text, lower..<upper)
        // Where the edited block's lines started, and at which height: the new lines resynchronise there.
        let editBlock = layout.block(containing: change.range.lowerBound)
        var oldStarts: [Int: Double] = [:]
        let oldBlockRange = layout.blocks[editBlock].range
        var editBlockLines = settledLines(layout, editBlock)
        if let oldLines = editBlockLines {
            var y = layout.extents.prefixSum(editBlock)
            for line in oldLines {
                oldStarts[line.range.lowerBound] = y
                y += line.height
            }
        }
        let top = heights.prefixSum(p)
        let oldTop = wrapWidth == nil ? 0 : layout.extents.prefixSum(first)
        let oldParagraphHeight = heights[p]
        for b in (last + 1)..<layout.blocks.count {
            let r = layout.blocks[b].range
            layout.blocks[b].range = (r.lowerBound + delta)..<(r.upperBound + delta)
            if layout.blocks[b].lines != nil { layout.blocks[b].pendingShift += delta }
        }
        // One wrapped block edited inside: its lines are made again only around the edit.
        var remade: (lines: [Line], firstMade: Int)?
        if first == last, first == editBlock, ranges == [oldBlockRange.lowerBound..<(oldBlockRange.upperBound + delta)],
            wrapWidth != nil, var old = editBlockLines
        {
            // The old lines are the remake's alone now: the ones it keeps move in place.
            editBlockLines = nil
            layout.blocks[editBlock].lines = nil
            remade = remakeLines(&old, of: paragraph, in: ranges[0], after: change, baseLevel: baseLevel(p, layout))
        }
        layout.blocks.replaceSubrange(first...last, with: ranges.map { ParagraphLayout.Block(range: $0, lines: nil) })
        var extents = layout.extents.values
        extents.replaceSubrange(first...last, with: ranges.map { estimatedExtent(of: $0.count) })
        layout.extents = FenwickTree(extents)
        layout.revision = paragraph.revision
        setLineMetrics(layout, paragraph)
        if let remade {
            layout.blocks[first].lines = remade.lines
            layout.extents.set(first, to: remade.lines.reduce(0) { $0 + $1.height })
            paragraphLayoutCount += 1
            changeCount += 1
        } else if ranges.count <= 4 {
            for b in first..<(first + ranges.count) { _ = lines(p, b) }
        }
        syncHeight(p, layout)
        if wrapWidth == nil { return top...(top + heights[p]) }
        let blockTop = top + min(oldTop, layout.extents.prefixSum(first))
        guard heights[p] == oldParagraphHeight && ranges.count <= 4 else { return blockTop...Double.infinity }
        // The neighbours were cut again the same way and their lines are unchanged: what changed
        // runs from the line before the edit (a word may move up) to the end of the block the
        // edit ends in.
        let start = change.range.lowerBound, end = change.range.lowerBound + change.length
        let b0 = layout.block(containing: start), b1 = layout.block(containing: end)
        let startLines = lines(p, b0)
        // Lines remade in place start where they may differ (the edit's line, or the one before it
        // when a word may move up); otherwise the line before the edit's may have changed.
        let l =
            remade.map { b0 == first ? $0.firstMade : 0 }
            ?? max(0, (startLines.lastIndex { $0.range.lowerBound <= start } ?? 0) - 1)
        let editTop = top + layout.extents.prefixSum(b0) + startLines[..<l].reduce(0) { $0 + $1.height }
        if b0 == b1 {
            // The first line after the edit that starts where an old one did, at the same height,
            // and everything below it, are as they were.
            var y = layout.extents.prefixSum(b0)
            for line in startLines {
                if line.range.lowerBound > end, oldStarts[line.range.lowerBound - delta] == y {
                    return editTop...(top + y)
                }
                y += line.height
            }
        }
        return editTop...(top + layout.extents.prefixSum(b1 + 1))
    }

    /// A block's lines with the shifts of edits before it applied (nil if not laid out).
    func settledLines(_ layout: ParagraphLayout, _ b: Int) -> [Line]? {
        guard layout.blocks[b].lines != nil else { return nil }
        let shift = layout.blocks[b].pendingShift
        guard shift != 0 else { return layout.blocks[b].lines }
        // Moved in place: the block lets go of its lines first, so they are not copied.
        var moved = layout.blocks[b].lines ?? []
        layout.blocks[b].lines = nil
        for index in moved.indices { Self.shift(&moved[index], by: shift) }
        layout.blocks[b].lines = moved
        layout.blocks[b].pendingShift = 0
        return moved
    }

    /// The lines of a wrapped block after an edit inside it, made again from the line before the
    /// edit (a word may move up) only until a new line ends where an old one, moved by the edit,
    /// began: the lines after it are the old ones, moved. The window made grows until that
    /// happens or reaches the block's end. Text with tabs is made whole (tab stops count from the
    /// block's start). Keeps a keystroke's cost independent of the block's length.
    private func remakeLines(
        _ old: inout [Line], of paragraph: TextDocument.Paragraph, in block: Range<Int>,
        after change: TextDocument.LocalChange, baseLevel: UInt8
    ) -> (lines: [Line], firstMade: Int)? {
        let delta = change.length - change.range.count
        let editStart = change.range.lowerBound, oldEditEnd = change.range.upperBound, newEditEnd = editStart + change.length
        guard let k = old.lastIndex(where: { $0.range.lowerBound <= editStart }) else { return nil }
        // The line before can change only when the edit deletes or falls in the line's first
        // word (that word, or a part of it cut off by a typed space, may then fit on it).
        let inFirstWord = !TextDocument.slice(paragraph.text, old[k].range.lowerBound, editStart).contains { $0.isWhitespace }
        let first = k > 0 && (change.range.count > 0 || inFirstWord) ? k - 1 : k
        let start = old[first].range.lowerBound
        guard start >= block.lowerBound else { return nil }
        // Old lines that begin after the edit, by where they begin now.
        var oldAfter: [Int: Int] = [:]
        for index in (k + 1)..<old.count where old[index].range.lowerBound >= oldEditEnd {
            oldAfter[old[index].range.lowerBound + delta] = index
        }
        // First the edit's line and a few units after it (its break needs the next word's start),
        // then lines to the one `extra` lines after it as they were (moved by the edit).
        var extra = 0
        while true {
            let last = k + extra
            var end = block.upperBound
            if last < old.count {
                let target = max(newEditEnd, old[last].range.upperBound + delta) + (extra == 0 ? 16 : 0)
                end =
                    target >= block.upperBound
                    ? block.upperBound : TextDocument.boundary(atOrBefore: target, in: paragraph.text, count: block.upperBound)
            }
            if TextDocument.slice(paragraph.text, start, end).contains("\t") { return nil }
            let (made, _) = lineMaker.makeLines(paragraph, start..<end, baseLevel: baseLevel)
            unitsLaidOut += end - start
            if end == block.upperBound { return (Array(old[..<first]) + made, first) }
            // The window's last line may be cut short by its end: only the lines before it count.
            for index in 0..<max(0, made.count - 1) {
                let next = made[index].range.upperBound
                if next >= newEditEnd, let resumed = oldAfter[next] {
                    for kept in resumed..<old.count { Self.shift(&old[kept], by: delta) }
                    return (Array(old[..<first]) + made[...index] + old[resumed...], first)
                }
            }
            extra = max(1, extra * 4)
        }
    }

    /// Moves a line's offsets by `delta`, in place (no copy when its arrays are not shared).
    private static func shift(_ line: inout Line, by delta: Int) {
        line.range = (line.range.lowerBound + delta)..<(line.range.upperBound + delta)
        line.carets.withUnsafeMutableBufferPointer { carets in
            for index in carets.indices { carets[index].offset += delta }
        }
        line.clusters.withUnsafeMutableBufferPointer { clusters in
            for index in clusters.indices {
                clusters[index].range = (clusters[index].range.lowerBound + delta)..<(clusters[index].range.upperBound + delta)
            }
        }
    }
}
