// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One way an event may change the focused editor's text, derived from what the soak sent and
/// what the screen showed before it (never from what the editor reports).
enum OracleExplanation {
    /// A range replaced with one of these texts (cleaned as the editor keeps typed text).
    case replace(Range<Int>, [String])
    /// Something removed that ends at an offset (a backspace, held or with a word modifier).
    case removalEnding(Int)
    /// Something removed that starts at an offset (forward delete).
    case removalStarting(Int)
    /// The whole text replaced with one of these (a secure field's first edit, the clear button).
    case whole([String])
    /// The word around a range (from its start to its end, or to the range) replaced with one of
    /// these: autocorrection, a suggestion, a spelling replacement.
    case word(Range<Int>, [String])
    /// Text decoded from raw bytes inserted at a range: its scalars are among the bytes' or U+FFFD.
    case decoded(Range<Int>, Set<Unicode.Scalar>)
    /// Undo or redo: a state the editor held since code last set its text.
    case history

    /// Whether `result` is `text` changed this way, for an editor of one line or more; `states`
    /// are the hashes of the states the editor held.
    func explains(_ result: [UInt16], from text: [UInt16], singleLine: Bool, states: Set<Int>) -> Bool {
        func kept(_ s: String) -> [UInt16] { OracleText.kept(s, singleLine: singleLine) }
        switch self {
        case let .replace(range, texts):
            return texts.contains { OracleText.isReplacement(result, of: text, range: range, with: kept($0)) }
        case let .removalEnding(end):
            let n = text.count - result.count
            return n > 0 && end - n >= 0 && end <= text.count
                && OracleText.isReplacement(result, of: text, range: (end - n)..<end, with: [])
        case let .removalStarting(start):
            let n = text.count - result.count
            return n > 0 && start >= 0 && start + n <= text.count
                && OracleText.isReplacement(result, of: text, range: start..<(start + n), with: [])
        case let .whole(texts):
            return texts.contains { kept($0) == result }
        case let .word(range, texts):
            // From anywhere in the word before the range (a suggestion completes the letters typed
            // after punctuation) to the range's end or the word's: the lengths fix where it starts.
            guard range.upperBound <= text.count else { return false }
            let earliest = OracleText.wordStart(text, before: range.lowerBound)
            let ends = Set([OracleText.wordEnd(text, after: range.upperBound), range.upperBound])
            return ends.contains { end in
                texts.contains { candidate in
                    let insert = kept(candidate)
                    let start = end - (text.count + insert.count - result.count)
                    return start >= earliest && start <= range.lowerBound
                        && OracleText.isReplacement(result, of: text, range: start..<end, with: insert)
                }
            }
        case let .decoded(range, scalars):
            guard range.upperBound <= text.count, result.count >= text.count - range.count else { return false }
            let inserted = result.count - (text.count - range.count)
            let insert = Array(result[range.lowerBound..<(range.lowerBound + inserted)])
            guard OracleText.isReplacement(result, of: text, range: range, with: insert) else { return false }
            return String(decoding: insert, as: UTF16.self).unicodeScalars.allSatisfy {
                scalars.contains($0) || $0 == "\u{FFFD}" || $0 == " "
            }
        case .history:
            return states.contains(result.hashValue)
        }
    }

    /// A few of the texts, each cut short.
    private static func short(_ texts: [String]) -> String {
        "[" + texts.prefix(4).map { String($0.prefix(24)).debugDescription + ($0.count > 24 ? "…" : "") }.joined(separator: ", ") + "]"
    }

    /// A short description for a failure message.
    var summary: String {
        switch self {
        case let .replace(range, texts): return "\(range) replaced with one of \(Self.short(texts))"
        case let .removalEnding(end): return "a removal ending at \(end)"
        case let .removalStarting(start): return "a removal starting at \(start)"
        case let .whole(texts): return "all replaced with one of \(Self.short(texts))"
        case let .word(range, texts): return "the word at \(range) replaced with one of \(Self.short(texts))"
        case let .decoded(range, _): return "decoded bytes at \(range)"
        case .history: return "an earlier state (undo, redo)"
        }
    }
}
