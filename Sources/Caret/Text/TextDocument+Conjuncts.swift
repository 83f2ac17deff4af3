// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a caret may stay inside a grapheme cluster: right after a virama that joins the consonant
/// after it (Unicode 15.1's Indic conjunct rule makes "न्" + "न" one cluster). Typing Hindi before
/// a consonant puts the caret there after the virama, so that the next consonant typed goes between
/// them ("न्द" then "न"), as every Indic keyboard expects.
extension TextDocument {
    /// The viramas that join the next consonant (Indic_Conjunct_Break=Linker): Devanagari,
    /// Bengali, Gujarati, Oriya, Telugu and Malayalam.
    static let conjunctLinkers: Set<UInt16> = [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D]

    /// Whether the offset lies right after a conjunct-joining virama with a letter after it.
    public func isAfterConjunctLinker(_ offset: Int) -> Bool {
        guard offset > 0, offset < utf16Count else { return false }
        let (p, o) = paragraphPosition(of: offset)
        let units = paragraphs[p].text.utf16
        guard o > 0, o < units.count else { return false }
        let before = units[units.index(units.startIndex, offsetBy: o - 1)]
        let after = units[units.index(units.startIndex, offsetBy: o)]
        guard Self.conjunctLinkers.contains(before), let scalar = Unicode.Scalar(after) else { return false }
        return scalar.properties.generalCategory == .otherLetter
    }

    /// Whether a caret may stand at the offset: a grapheme boundary, or just after a joining virama.
    public func isCaretStop(_ offset: Int) -> Bool { isGraphemeBoundary(offset) || isAfterConjunctLinker(offset) }
}
