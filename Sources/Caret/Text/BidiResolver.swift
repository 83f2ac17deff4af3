// SPDX-License-Identifier: Apache-2.0

/// Resolves the Unicode Bidirectional Algorithm for a paragraph (docs/behaviour/world-text.md). The backend's font
/// provider gives ICU's (CaretText); `SimpleBidiResolver` serves tests and views in no window.
public protocol BidiResolver: Sendable {
    /// The levels of a paragraph: `direction` sets its base, `.natural` takes its first strong
    /// character's, `fallback` when it has none.
    func resolve(_ text: String, direction: WritingDirection, fallback: WritingDirection) -> BidiParagraph
}

extension BidiResolver {
    /// Left to right when the text has no strong character.
    public func resolve(_ text: String, direction: WritingDirection = .natural) -> BidiParagraph {
        resolve(text, direction: direction, fallback: .leftToRight)
    }
}
