// SPDX-License-Identifier: Apache-2.0

/// How a paragraph is laid out (UIKit's `NSParagraphStyle`, the parts Caret uses).
public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's base direction; `.natural` takes its first strong character's (UAX #9).
    public var baseWritingDirection: WritingDirection

    /// Creates a style.
    public init(baseWritingDirection: WritingDirection = .natural) {
        self.baseWritingDirection = baseWritingDirection
    }
}
