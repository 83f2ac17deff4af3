// SPDX-License-Identifier: Apache-2.0
import Foundation

extension TextField {
    /// Whether a change the delegate allowed also passes the field's own rules: `maximumLength`
    /// (in characters; shortening is always allowed), `allowedCharacters`, and the formatter's
    /// partial-input check.
    func rulesAccept(range: Range<Int>, replacement: String) -> Bool {
        if let allowed = allowedCharacters, !replacement.unicodeScalars.allSatisfy({ allowed.contains($0) }) { return false }
        let numbers = formatter as? NumberFormatter
        guard maximumLength != nil || numbers != nil else { return true }
        // The rules read committed text: an open composition's preedit is not part of it yet.
        let document = editor.model.document
        let end = document.utf16Count
        let marked = editor.model.markedRange.flatMap { $0 == range ? $0 : nil }
        let committed = marked.map { document.substring(0..<$0.lowerBound) + document.substring($0.upperBound..<end) }
        let proposed = document.substring(0..<range.lowerBound) + replacement + document.substring(range.upperBound..<end)
        if let limit = maximumLength, Self.exceeds(proposed, limit) {
            // Over the limit is refused, unless the text only gets shorter (it was set longer in code).
            let current = committed ?? document.string
            if proposed.count >= current.count { return false }
        }
        if let numbers, !Self.isPartialNumber(proposed, for: numbers) { return false }
        return true
    }

    /// Whether text has more than `limit` characters, counting no further than that.
    static func exceeds(_ text: String, _ limit: Int) -> Bool {
        text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map { $0 < text.endIndex } ?? false
    }

    /// Whether text could be on its way to a number the formatter reads: ASCII digits, the
    /// locale's separators (one decimal separator, no more fraction digits than allowed), a leading
    /// minus sign when negatives are allowed, the currency symbol and spaces.
    public static func isPartialNumber(_ text: String, for formatter: NumberFormatter) -> Bool {
        if text.isEmpty { return true }
        let decimal = formatter.decimalSeparator ?? "."
        let grouping = formatter.groupingSeparator ?? ","
        let minus = formatter.minusSign ?? "-"
        let allowsNegative = formatter.minimum.map { $0.doubleValue < 0 } ?? true
        var body = text
        if let symbol = formatter.currencySymbol, !symbol.isEmpty { body = body.replacingOccurrences(of: symbol, with: "") }
        for space in [" ", "\u{00A0}", "\u{202F}"] { body = body.replacingOccurrences(of: space, with: "") }
        if allowsNegative, body.hasPrefix(minus) { body.removeFirst(minus.count) }
        let parts = body.components(separatedBy: decimal)
        guard parts.count <= 2 else { return false }
        if parts.count == 2 && (formatter.maximumFractionDigits == 0 || parts[1].count > formatter.maximumFractionDigits) {
            return false
        }
        // Grouping separators must sit where the number would group: 1 to 3 digits first, then groups
        // of 3; only the last group may still be short while it is being typed.
        let groups = grouping.isEmpty ? [parts[0]] : parts[0].components(separatedBy: grouping)
        if groups.count > 1 {
            guard let first = groups.first, !first.isEmpty, first.count <= 3,
                groups.dropFirst().dropLast().allSatisfy({ $0.count == 3 }),
                let last = groups.last, parts.count == 2 ? last.count == 3 : last.count <= 3
            else { return false }
        }
        let integer = groups.joined()
        let digits = integer + (parts.count == 2 ? parts[1] : "")
        return digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// The text formatted by the formatter, read leniently (a raw "1234,5" for a German currency
    /// field); nil when the text is empty or cannot be read.
    func formattedText() -> String? {
        guard let numbers = formatter as? NumberFormatter, let current = text, !current.isEmpty else { return nil }
        var number = numbers.number(from: current)
        if number == nil {
            // Typed without the currency symbol or grouping: read it with a plain decimal twin.
            let lenient = NumberFormatter()
            lenient.locale = numbers.locale
            lenient.numberStyle = .decimal
            var raw = current
            if let symbol = numbers.currencySymbol, !symbol.isEmpty { raw = raw.replacingOccurrences(of: symbol, with: "") }
            number = lenient.number(from: raw.trimmingCharacters(in: .whitespaces))
        }
        return number.flatMap { numbers.string(from: $0) }
    }
}
