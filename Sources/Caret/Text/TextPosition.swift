// SPDX-License-Identifier: Apache-2.0
/// A place in the text of a field or text view (UIKit's `UITextPosition`), between two UTF-16
/// code units. Compare and move positions with the control's `offset(from:to:)` and
/// `position(from:offset:)`.
public final class TextPosition: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// UTF-16 units from the beginning of the document.
    public let offset: Int

    /// A position at a UTF-16 offset.
    public init(offset: Int) { self.offset = offset }

    /// Positions at the same offset are equal.
    public static func == (a: TextPosition, b: TextPosition) -> Bool { a.offset == b.offset }
    /// Earlier in the text is smaller.
    public static func < (a: TextPosition, b: TextPosition) -> Bool { a.offset < b.offset }
    /// Hashes the offset.
    public func hash(into hasher: inout Hasher) { hasher.combine(offset) }
    /// The offset, for debugging.
    public var description: String { "TextPosition(\(offset))" }
}
