import Foundation

/// Autocorrection by the on-screen keyboard (SPEC §13): while a word is typed the suggestion bar
/// shows it in quotes beside the correction; space or punctuation puts the correction in its
/// place (one change through the delegate, one undo step); the first Backspace right after
/// gives back what was typed, and that word is never corrected again (as iOS learns it).
@MainActor
final class CorrectionState {
    /// The checker autocorrection asks (the keyboard's own).
    let checker = TextChecker()
    /// The last correction made, while nothing else has been typed: what was typed, and what
    /// replaced it (the correction and the separator).
    var last: (typed: String, inserted: String)?
    /// Words put back by Backspace: the person meant them, so they are not corrected again.
    var kept: Set<String> = []
}

extension KeyboardController {
    /// Whether the client's text is autocorrected: its `autocorrectionType`, not secure, and by
    /// default not for e-mail, URL, number or phone text; a composing language never is.
    func autocorrects(_ responder: Responder?) -> Bool {
        guard TextChecker.dictionaries != nil, let traits = responder as? TextInputTraits, !traits.isSecureTextEntry,
            let view = keyboardView, view.model.composition == nil
        else { return false }
        switch traits.autocorrectionType {
        case .no: return false
        case .yes: return true
        case .default: return SpellingState.checksByDefault(keyboardType: traits.keyboardType, contentType: traits.textContentType)
        }
    }

    /// The language corrections are made in: the keyboard's.
    var correctionLanguage: String? {
        guard let view = keyboardView, let language = view.model.layouts.languages[view.model.language] else { return nil }
        return language.locale ?? language.identifier
    }

    /// Autocorrection's search for the word being typed (nil: the word is not corrected here).
    func correctionSearch(forPartialWord word: String) -> CorrectionSearch? {
        guard !word.isEmpty, !corrections.kept.contains(word), autocorrects(window.firstResponder), let language = correctionLanguage else { return nil }
        return CorrectionSearch(typed: word, language: language, lexicon: lexicon, checker: corrections.checker)
    }

    /// Whether a key's text ends a word (space or punctuation, apostrophes and hyphens aside).
    static func endsWord(_ text: String) -> Bool {
        guard let character = text.first, text.count == 1 else { return false }
        return character == " " || (character.isPunctuation && !"'’-‐".contains(character))
    }

    /// Space or punctuation after a word with a correction: the word becomes the correction,
    /// followed by the key's text, in one change; true when it was made.
    func applyCorrection(before text: String, to client: KeyInput) -> Bool {
        let ends = text.isEmpty || Self.endsWord(text)
        guard ends, let client = client as? TextInputClient, let view = keyboardView,
            let correction = view.correction, let typed = view.typedWord,
            client.replaceWordBeforeInput(typed, with: correction + text)
        else { return false }
        corrections.last = (typed, correction + text)
        return true
    }

    /// Backspace right after a correction: what was typed comes back in one change; true when
    /// it did.
    func revertCorrection(in client: KeyInput) -> Bool {
        guard let last = corrections.last, let client = client as? TextInputClient,
            client.documentContextBeforeInput?.hasSuffix(last.inserted) == true
        else {
            corrections.last = nil
            return false
        }
        corrections.last = nil
        guard client.replaceWordBeforeInput(last.inserted, with: last.typed) else { return false }
        corrections.kept.insert(last.typed)
        return true
    }
}
