// SPDX-License-Identifier: Apache-2.0

/// A word the suggestion bar offers (UIKit's `UIInputSuggestion`).
public struct InputSuggestion: Hashable, Sendable {
    /// The text inserted when it is picked.
    public var text: String
    /// Creates a suggestion.
    public init(text: String) { self.text = text }
}
