/// Where a finger puts the caret (SPEC §3): the finger hides the text it lands on, so a tap
/// goes to an edge of the tapped word (UAX #29, as the segmenter finds words: ICU's dictionaries
/// for Thai and CJK), its end unless the tap is on the word's first character; a tap in white
/// space, on punctuation or past the end goes to the nearest character boundary. A mouse keeps
/// character precision.
extension TextEditingView {
    /// The caret offset a tap at a point (this view's coordinates) gives.
    func tapPlacement(at point: Point) -> Int {
        let nearest = offset(at: point)
        let document = model.document
        guard let tapped = tappedCharacter(at: point, nearest: nearest) else { return nearest }
        let (p, local) = document.paragraphPosition(of: tapped.lowerBound)
        let base = tapped.lowerBound - local
        let segments = document.wordSegments(p, around: local, segmenter: model.segmenter)
        guard let word = segments.first(where: { $0.range.contains(local) }), word.isWord else { return nearest }
        let placed = base + (word.range.lowerBound == local ? word.range.lowerBound : word.range.upperBound)
        // The caret sits with the tapped word (the end of a word that ends a wrapped line stays on it).
        lastHit = (placed, placed != base + word.range.lowerBound)
        return placed
    }

    /// The grapheme under the point: the one after the nearest boundary or the one before it,
    /// whichever's span on the tapped line holds the point's x (in either direction); nil in
    /// the margin beside a line, past its end, or between lines.
    private func tappedCharacter(at point: Point, nearest: Int) -> Range<Int>? {
        let document = model.document
        let count = document.utf16Count
        guard count > 0 else { return nil }
        let origin = textOrigin
        let x = point.x - origin.x, y = point.y - origin.y
        let after = nearest < count ? nearest..<document.graphemeBoundary(after: nearest) : nil
        let before = nearest > 0 ? document.graphemeBoundary(before: nearest)..<nearest : nil
        for range in [after, before].compactMap({ $0 }) where !range.isEmpty {
            let start = layout.caretRect(at: range.lowerBound, upstream: false)
            guard y >= start.minY, y < start.maxY else { continue }  // the grapheme is on another line
            let end = layout.caretRect(at: range.upperBound, upstream: true)
            let lo = min(start.minX, end.minX), hi = max(start.minX, end.minX)
            if hi > lo, x >= lo, x <= hi { return range }
        }
        return nil
    }
}
