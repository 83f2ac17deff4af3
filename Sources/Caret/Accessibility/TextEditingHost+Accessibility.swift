import Foundation

/// Fields and text views as assistive technology reads and edits them (AT-SPI's Text and
/// EditableText): a secure field shows one bullet per character and never its text.
extension TextEditingHost {
    /// The text a screen reader may read: a secure field's is bullets.
    public var accessibilityText: String {
        editor.isSecure ? String(repeating: "•", count: editor.model.document.string.count) : editor.text
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
    /// Tells accessibility observers what an edit changed, as the element that stands for this
    /// editor (its field or text view); a secure field's text changes are reported as bullets.
    func accessibilityEditDidFinish(_ replacements: [TextEditingModel.Replacement], selectionBefore: TextSelection?) {
        guard let window, let element = accessibilityElementAncestor else { return }
        for replacement in replacements {
            let text = isSecure ? String(repeating: "•", count: replacement.text.count) : replacement.text
            window.postAccessibility(.textChanged(element, range: replacement.range, replacement: text))
        }
        if !replacements.isEmpty || selectionBefore != model.selection {
            let range = (element as? AccessibilityTextNode)?.accessibilitySelectedRange ?? model.selection.range
            window.postAccessibility(.selectionChanged(element, range))
        }
    }
}
