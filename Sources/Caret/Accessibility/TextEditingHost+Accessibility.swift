// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Fields and text views as assistive technology reads and edits them (AT-SPI's Text and
/// EditableText): a secure field shows one bullet per character and never its text.
extension TextEditingHost {
    /// The text a screen reader may read: a secure field's is bullets.
    public var accessibilityText: String {
        editor.isSecure ? String(repeating: "•", count: editor.model.document.string.count) : editor.text
    }

    /// The UTF-16 length of the text as it reads.
    public var accessibilityTextLength: Int {
        editor.isSecure ? editor.model.document.string.count : editor.model.document.utf16Count
    }

    /// The part of the text in a UTF-16 range (bullets when secure), without copying the rest.
    public func accessibilityText(in range: Range<Int>) -> String {
        let length = accessibilityTextLength
        let lower = min(max(0, range.lowerBound), length), upper = min(max(lower, range.upperBound), length)
        return editor.isSecure ? String(repeating: "•", count: upper - lower) : editor.model.document.substring(lower..<upper)
    }

    /// The code-point offset of a UTF-16 offset (a bullet is one of each).
    public func accessibilityCharacterOffset(ofUTF16 offset: Int) -> Int {
        if editor.isSecure { return min(max(0, offset), accessibilityTextLength) }
        editor.model.indexScalars()
        return editor.model.document.scalarOffset(ofUTF16: offset)
    }

    /// The UTF-16 offset of a code-point offset.
    public func accessibilityUTF16Offset(ofCharacter offset: Int) -> Int {
        if editor.isSecure { return min(max(0, offset), accessibilityTextLength) }
        editor.model.indexScalars()
        return editor.model.document.utf16Offset(ofScalar: offset)
    }

    /// The unit around an offset; a secure field is one word, sentence, line and paragraph.
    public func accessibilityTextRange(enclosing offset: Int, granularity: AccessibilityTextGranularity) -> Range<Int> {
        let document = editor.model.document
        let length = accessibilityTextLength
        let offset = min(max(0, offset), length)
        if editor.isSecure {
            return granularity == .character ? offset..<min(length, offset + 1) : 0..<length
        }
        switch granularity {
        case .character: return offset..<max(offset, document.graphemeBoundary(after: offset))
        case .word: return document.accessibilityWordRange(at: offset, segmenter: editor.model.segmenter)
        case .sentence: return document.accessibilitySentenceRange(at: offset)
        case .paragraph: return document.accessibilityParagraphRange(at: offset)
        case .line:
            let line = editor.layout.lineRange(containing: offset)
            let paragraph = document.paragraphRange(at: offset)
            // A hard break belongs to the line it ends; a soft wrap's next line starts right after.
            return line.lowerBound..<(line.upperBound == paragraph.upperBound ? min(length, line.upperBound + 1) : line.upperBound)
        }
    }

    /// The selection, or the caret when empty (UTF-16 offsets).
    public var accessibilitySelectedRange: Range<Int> {
        let range = editor.model.selection.range
        guard editor.isSecure else { return range }
        // Bullets are one UTF-16 unit each: offsets count characters.
        let text = editor.text
        func bullets(_ offset: Int) -> Int { String(text.utf16.prefix(offset))?.count ?? offset }
        return bullets(range.lowerBound)..<bullets(range.upperBound)
    }

    /// Whether the text is one line.
    public var accessibilityIsSingleLine: Bool { editor.isSingleLine }
    /// Whether the text can be changed.
    public var accessibilityIsEditable: Bool { editor.isEditable && ((self as? Control)?.isEnabled ?? true) }

    /// Moves the caret or selection (offsets clamped to the text).
    public func accessibilitySetSelectedRange(_ range: Range<Int>) {
        let range = utf16Range(fromAccessible: range)
        editor.selectedRange = range
    }

    /// The frame of a range's characters in window coordinates (its caret for an empty range).
    public func accessibilityFrame(forRange range: Range<Int>) -> Rect {
        let range = utf16Range(fromAccessible: range)
        let rects = range.isEmpty ? [] : selectionRects(for: TextRange(range))
        let local = rects.isEmpty ? caretRect(for: TextPosition(offset: range.lowerBound)) : rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        return convert(local, to: nil)
    }

    /// The offset of the character at a window point.
    public func accessibilityOffset(at point: Point) -> Int {
        let offset = closestPosition(to: convert(point, from: nil))?.offset ?? 0
        guard editor.isSecure else { return offset }
        return String(editor.text.utf16.prefix(offset))?.count ?? offset
    }

    /// Replaces text as typing would: the delegate is asked, and the change is one undo step.
    public func accessibilityReplace(_ range: Range<Int>, with text: String) -> Bool {
        guard accessibilityIsEditable else { return false }
        let range = utf16Range(fromAccessible: range)
        let change = TextEditingModel.Change(range: range, replacement: text, kind: .other)
        return editor.commit(change).isApplied
    }

    /// Offsets of a secure field's bullets are characters; others are UTF-16 already.
    private func utf16Range(fromAccessible range: Range<Int>) -> Range<Int> {
        let text = editor.text
        let count = text.utf16.count
        guard editor.isSecure else { return min(max(0, range.lowerBound), count)..<min(max(0, range.upperBound), count) }
        func units(_ characters: Int) -> Int { text.prefix(max(0, characters)).utf16.count }
        return units(range.lowerBound)..<units(range.upperBound)
    }
}

extension TextField: AccessibilityTextNode {}
extension TextView: AccessibilityTextNode {}

extension TextEditingView {
    /// Tells accessibility observers that a change the user asked for was refused.
    func accessibilityChangeWasRefused() {
        guard let window, window.hasAccessibilityObservers, let element = accessibilityElementAncestor else { return }
        window.postAccessibility(.changeRefused(element))
    }

    /// Tells accessibility observers what an edit changed, as the element that stands for this
    /// editor (its field or text view); a secure field's text changes are reported as bullets.
    func accessibilityEditDidFinish(_ replacements: [TextEditingModel.Replacement], selectionBefore: TextSelection?) {
        guard let window, let element = accessibilityElementAncestor else { return }
        for replacement in replacements {
            guard isSecure else {
                window.postAccessibility(
                    .textChanged(element, range: replacement.range, replacement: replacement.text, removed: replacement.removedText))
                continue
            }
            // Bullets: offsets and lengths count characters (the text before the range is unchanged).
            let removed = replacement.removedText.count, inserted = replacement.text.count
            let start = model.document.substring(0..<replacement.range.lowerBound).count
            window.postAccessibility(
                .textChanged(
                    element, range: start..<(start + removed), replacement: String(repeating: "•", count: inserted),
                    removed: String(repeating: "•", count: removed)))
        }
        if !replacements.isEmpty || selectionBefore != model.selection {
            let range = (element as? AccessibilityTextNode)?.accessibilitySelectedRange ?? model.selection.range
            window.postAccessibility(.selectionChanged(element, range))
        }
    }
}
