// SPDX-License-Identifier: Apache-2.0

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Int, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries, falling back to characters for a word longer than the line.
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping = 1
    /// Cut off at the edge.
    case byClipping = 2
    /// Show the end, replacing the start with an ellipsis.
    case byTruncatingHead = 3
    /// Show the start, replacing the end with an ellipsis.
    case byTruncatingTail = 4
    /// Show both ends, replacing the middle with an ellipsis.
    case byTruncatingMiddle = 5
}
