// SPDX-License-Identifier: Apache-2.0

/// What the caret moves by.
public enum TextGranularity: Hashable, Sendable {
    /// One grapheme cluster.
    case character
    /// To a word boundary.
    case word
    /// To the start or end of the visual line.
    case line
    /// To the start or end of the paragraph.
    case paragraph
    /// To the start or end of the text.
    case document
}
