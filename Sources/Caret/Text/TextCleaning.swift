// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What text goes through on its way into a document: line breaks made one, controls dropped,
/// and the scans that decide whether any of that is needed. A pasted megabyte passes through
/// here several times (the proposal, the change, the document), so each scan runs over the
/// UTF-8 bytes at memory speed and nothing is copied when nothing changes.
extension TextDocument {
    // MARK: Input cleaning

    /// Every line-break form — CR LF, CR, LF, NEL, vertical tab, form feed, and the line and
    /// paragraph separators U+2028 and U+2029 (UAX #14's mandatory breaks) — becomes one "\n";
    /// NUL and other control characters (except tab) are dropped.
    public static func sanitize(_ string: String) -> String {
        guard needsCleaning(string) else { return string }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in string.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
                previousWasCR = true
                continue
            }
            defer { previousWasCR = false }
            if scalar == "\n" {
                if !previousWasCR { result.append(scalar) }
                continue
            }
            if isLineBreak(scalar) {
                result.append("\n")
                continue
            }
            if needsCleaning(scalar) { continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// Line breaks other than LF and CR: NEL, VT, FF, LS, PS.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether a string holds anything `sanitize` changes, by a scan of its UTF-8 bytes (a pasted
    /// megabyte is checked at memory speed): C0 controls but tab and LF, DEL, C1 controls
    /// (C2 80–C2 9F), LS and PS (E2 80 A8, E2 80 A9).
    static func needsCleaning(_ string: String) -> Bool {
        var copy = string
        return copy.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x20 {
                    if b != 0x09 && b != 0x0A { return true }
                } else if b == 0x7F {
                    return true
                } else if b == 0xC2, i + 1 < n, bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F {
                    return true
                } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    return true
                }
                i += 1
            }
            return false
        }
    }

    /// Splits clean text at its line feeds (bytes: a line feed is always a scalar of its own).
    static func lines(_ clean: String) -> [String] {
        guard containsLineFeed(clean) else { return [clean] }
        var copy = clean
        return copy.withUTF8 { bytes in
            var result: [String] = []
            var start = 0
            for i in 0..<bytes.count where bytes[i] == 0x0A {
                result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                start = i + 1
            }
            result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
            return result
        }
    }

    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0x0D || (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// Whether clean text holds a line feed (memchr over its bytes: `utf8.contains` walks a
    /// megabyte one element at a time).
    static func containsLineFeed(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, 0x0A, bytes.count) != nil
        }
    }

    /// The UTF-16 length of a string, by one pass over its UTF-8 bytes: one unit per scalar's
    /// lead byte, two for a four-byte one. (`utf16.count` builds an index of a long string's
    /// offsets first, and every new string of a paste would build its own.)
    static func utf16Length(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            var count = 0
            for b in bytes { count &+= (b & 0xC0 != 0x80 ? 1 : 0) &+ (b >= 0xF0 ? 1 : 0) }
            return count
        }
    }
}

extension TextEditingModel {
    /// Line breaks in pasted or typed text for a single-line field become spaces (docs/behaviour/changing-text.md).
    public static func flattenLineBreaks(_ text: String) -> String {
        let clean = TextDocument.sanitize(text)
        guard TextDocument.containsLineFeed(clean) else { return clean }
        // By byte (a line feed is one byte and one scalar): Foundation's replacingOccurrences on
        // Linux compares by grapheme cluster and misses a line feed before a combining mark.
        var bytes = Array(clean.utf8)
        for i in bytes.indices where bytes[i] == 0x0A { bytes[i] = 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
