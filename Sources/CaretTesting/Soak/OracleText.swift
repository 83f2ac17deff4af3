// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The soak oracle's own text rules, written from docs/behaviour/changing-text.md rather than
/// taken from the editor: how typed text is cleaned, what a word is, and how a change the user
/// made is recognised in the text that results.
enum OracleText {
    /// Typed or pasted text as an editor keeps it: CR LF and CR become LF, the other line breaks
    /// (NEL, VT, FF, LS, PS) become LF, other control characters are dropped (tab stays).
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            defer { afterCR = v == 0x0D }
            switch v {
            case 0x0D: result.append("\n")
            case 0x0A: if !afterCR { result.append("\n") }
            case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: result.append("\n")
            case 0x09: result.append(scalar)
            case 0..<0x20, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Text as a single-line field keeps it: cleaned, each line break a space.
    static func flattened(_ text: String) -> String {
        String(String.UnicodeScalarView(clean(text).unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }

    /// The text an editor keeps of what was typed.
    static func kept(_ text: String, singleLine: Bool) -> [UInt16] {
        Array((singleLine ? flattened(text) : clean(text)).utf16)
    }

    /// Whether a UTF-16 unit separates words (white space and line breaks).
    static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0xA0 || unit == 0x3000
    }

    /// Where the word that ends at `offset` starts (scanning back over anything but white space).
    static func wordStart(_ units: [UInt16], before offset: Int) -> Int {
        var i = min(offset, units.count)
        while i > 0, !isSpace(units[i - 1]) { i -= 1 }
        return i
    }

    /// Where the word that starts at `offset` ends.
    static func wordEnd(_ units: [UInt16], after offset: Int) -> Int {
        var i = max(0, offset)
        while i < units.count, !isSpace(units[i]) { i += 1 }
        return i
    }

    /// Whether `result` is `text` with `range` replaced by `insert` (compared in place: nothing is copied).
    static func isReplacement(_ result: [UInt16], of text: [UInt16], range: Range<Int>, with insert: [UInt16]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= text.count, range.lowerBound <= range.upperBound,
            result.count == text.count - range.count + insert.count
        else { return false }
        let head = range.lowerBound, tail = text.count - range.upperBound
        for i in 0..<head where result[i] != text[i] { return false }
        for i in 0..<insert.count where result[head + i] != insert[i] { return false }
        for i in 0..<tail where result[result.count - 1 - i] != text[text.count - 1 - i] { return false }
        return true
    }

    /// The part of `text` that `result` changed: (range in `text`, what replaced it), trimmed of
    /// what both share at the start and the end.
    static func difference(_ text: [UInt16], _ result: [UInt16]) -> (range: Range<Int>, inserted: ArraySlice<UInt16>) {
        var head = 0
        let limit = min(text.count, result.count)
        while head < limit, text[head] == result[head] { head += 1 }
        var tail = 0
        while tail < limit - head, text[text.count - 1 - tail] == result[result.count - 1 - tail] { tail += 1 }
        return (head..<(text.count - tail), result[head..<(result.count - tail)])
    }

    /// The texts part way through an insertion, after each word it ends: one event may type two
    /// keys (a pair of fingers: a space, then a letter) that undo takes back one word at a time
    /// (soak seed 261440008: " z" typed by a pair, "C", then undo left "fox ").
    static func wordSteps(from old: [UInt16], to new: [UInt16]) -> [Int] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let inserted = new[head..<(new.count - tail)]
        // Keys typed in one event are a few units; a paste is one change, never stepped through.
        guard inserted.count > 1, inserted.count <= 8 else { return [] }
        var steps: [Int] = []
        for k in inserted.indices.dropLast() where isSpace(new[k]) {
            steps.append((Array(old[..<head]) + Array(new[head...k]) + Array(old[(old.count - tail)...])).hashValue)
        }
        return steps
    }
}
