// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Secure text as it is drawn: a bullet per character, padded with zero-width spaces to the
/// character's UTF-16 length, so that every offset means the same place in the text and in its
/// mask; one range may be revealed (the character just typed). The last mask is kept: after a
/// keystroke only what the edit touched is masked again, so a long secret costs what a short one
/// does per keystroke.
package struct SecureTextMask {
    private var cache: (editCount: Int, lineage: ObjectIdentifier, revealed: Range<Int>?, document: TextDocument)?

    /// Creates a mask with nothing kept.
    public init() {}

    /// The mask of `document`, showing `revealed` as it is.
    public mutating func masked(_ document: TextDocument, revealing revealed: Range<Int>?) -> TextDocument {
        let lineage = ObjectIdentifier(document.lineage)
        guard let cache, cache.lineage == lineage else { return remask(document, revealing: revealed) }
        if cache.editCount == document.editCount, cache.revealed == revealed { return cache.document }
        // Since the kept mask: at most one edit inside the line, and perhaps another revealed
        // character. Mask just those.
        var masked = cache.document
        let edits = document.editCount - cache.editCount
        let edit = document.recentEdits.last
        guard edits == 0 || (edits == 1 && edit?.local != nil && edit?.removed == 0..<1 && document.paragraphs.count == 1)
        else { return remask(document, revealing: revealed) }
        let attributes = document.attributes(at: 0)
        if let old = cache.revealed, old.upperBound <= masked.utf16Count {
            masked.replace(old, with: Self.bullets(masked.substring(old)), attributes: attributes)
        }
        if edits == 1, let change = edit?.local {
            let new = change.range.lowerBound..<(change.range.lowerBound + change.length)
            masked.replace(change.range, with: Self.bullets(document.substring(new)), attributes: attributes)
        }
        if let revealed, revealed.upperBound <= document.utf16Count {
            masked.replace(revealed, with: document.substring(revealed), attributes: attributes)
        }
        guard masked.utf16Count == document.utf16Count else { return remask(document, revealing: revealed) }
        self.cache = (document.editCount, lineage, revealed, masked)
        return masked
    }

    /// A bullet per character, padded with zero-width spaces to its UTF-16 length.
    static func bullets(_ text: String) -> String {
        var masked = String.UnicodeScalarView()
        for character in text {
            masked.append("\u{2022}")
            for _ in 1..<max(1, character.utf16.count) { masked.append("\u{200B}") }
        }
        return String(masked)
    }

    /// The mask made anew.
    private mutating func remask(_ document: TextDocument, revealing revealed: Range<Int>?) -> TextDocument {
        var masked = String.UnicodeScalarView()
        var offset = 0
        for character in document.string {
            let length = character.utf16.count
            if let revealed, revealed.contains(offset) {
                masked.append(contentsOf: character.unicodeScalars)
            } else {
                masked.append("\u{2022}")
                for _ in 1..<max(1, length) { masked.append("\u{200B}") }
            }
            offset += length
        }
        let made = TextDocument(String(masked), attributes: document.attributes(at: 0))
        cache = (document.editCount, ObjectIdentifier(document.lineage), revealed, made)
        return made
    }
}
