// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Finds web addresses and telephone numbers in text. Foundation's `NSDataDetector` is not
/// available on Linux, so the patterns are Caret's own, deliberately plain.
public enum DataDetector {
    private static let linkPattern = try! NSRegularExpression(
        pattern: #"\b(?:https?://|www\.)[^\s<>"]+[^\s<>".,;:!?)\]]"#, options: [.caseInsensitive])
    private static let phonePattern = try! NSRegularExpression(
        pattern: #"(?<![\w+])\+?\d[\d ().\-]{5,}\d(?!\w)"#)

    /// The detected items of a string: UTF-16 ranges with the URL each opens (`tel:` for phones).
    public static func matches(in string: String, types: DataDetectorTypes) -> [(range: NSRange, url: URL)] {
        let whole = NSRange(location: 0, length: (string as NSString).length)
        var found: [(NSRange, URL)] = []
        let text = string as NSString
        if types.contains(.link) {
            for match in linkPattern.matches(in: string, range: whole) {
                var address = text.substring(with: match.range)
                if !address.lowercased().hasPrefix("http") { address = "https://" + address }
                if let url = URL(string: address) { found.append((match.range, url)) }
            }
        }
        if types.contains(.phoneNumber) {
            for match in phonePattern.matches(in: string, range: whole)
            where !found.contains(where: { NSIntersectionRange($0.0, match.range).length > 0 }) {
                let digits = text.substring(with: match.range).filter { $0.isNumber || $0 == "+" }
                guard digits.filter(\.isNumber).count >= 7, let url = URL(string: "tel:" + digits) else { continue }
                found.append((match.range, url))
            }
        }
        return found.sorted { $0.0.location < $1.0.location }
    }

    /// A copy of a document with the detected items marked as links (its text unchanged).
    public static func decorate(_ document: TextDocument, types: DataDetectorTypes) -> TextDocument {
        var decorated = document
        for (range, url) in matches(in: document.string, types: types) {
            let r = range.location..<(range.location + range.length)
            var attributes = document.attributes(at: r.lowerBound)
            attributes.link = url.absoluteString
            decorated.setAttributes(attributes, range: r)
        }
        return decorated
    }
}
