// SPDX-License-Identifier: Apache-2.0
/// The app's own words (UIKit's `UILexicon`): never autocorrected, and each entry's typed form
/// is replaced by its text as autocorrection would (a text replacement: "omw" → "On my way!").
package struct Lexicon: Hashable, Sendable {
    /// The words.
    public var entries: [LexiconEntry]
    /// Creates a lexicon.
    public init(entries: [LexiconEntry]) { self.entries = entries }

    /// The entry typed as a word (case ignored), if any.
    func entry(typed word: String) -> LexiconEntry? {
        let lower = word.lowercased()
        return entries.first { $0.userInput.lowercased() == lower }
    }

    /// Whether a word is one of the lexicon's texts (case ignored).
    func contains(_ word: String) -> Bool {
        let lower = word.lowercased()
        return entries.contains { $0.documentText.lowercased() == lower }
    }
}

/// One word of a `Lexicon` (UIKit's `UILexiconEntry`).
package struct LexiconEntry: Hashable, Sendable {
    /// What is typed.
    public var userInput: String
    /// What goes into the text.
    public var documentText: String
    /// Creates an entry.
    public init(userInput: String, documentText: String) {
        self.userInput = userInput
        self.documentText = documentText
    }
}
