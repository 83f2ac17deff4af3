// SPDX-License-Identifier: Apache-2.0
/// A range of the text of a field or text view (UIKit's `UITextRange`), from `start` to `end`.
public final class TextRange: Hashable, CustomStringConvertible, Sendable {
    /// Where the range begins.
    public let start: TextPosition
    /// Where the range ends (never before `start`).
    public let end: TextPosition

    /// A range between two positions, in either order.
    public init(start: TextPosition, end: TextPosition) {
        self.start = min(start, end)
        self.end = max(start, end)
    }

    /// A range of UTF-16 offsets.
    public convenience init(_ range: Range<Int>) {
        self.init(start: TextPosition(offset: range.lowerBound), end: TextPosition(offset: range.upperBound))
    }

    /// Whether the range holds no text.
    public var isEmpty: Bool { start == end }
    /// The UTF-16 offsets of the range.
    public var offsets: Range<Int> { start.offset..<end.offset }
    /// Ranges with the same ends are equal.
    public static func == (a: TextRange, b: TextRange) -> Bool { a.start == b.start && a.end == b.end }
    /// Hashes both ends.
    public func hash(into hasher: inout Hasher) { hasher.combine(start); hasher.combine(end) }
    /// The offsets, for debugging.
    public var description: String { "TextRange(\(start.offset)..<\(end.offset))" }
}
