// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What smart punctuation reads of its editor (`TextEditingView` conforms).
@MainActor
protocol SmartPunctuationHost: AnyObject {
    /// The text, its selection and marked range.
    var model: TextEditingModel { get }
    /// The text before the caret (quotes opened and closed so far).
    var textBeforeCaret: String { get }
    /// Secure or masked text is never substituted; the traits say what else is.
    var isSecure: Bool { get }
    var display: TextDisplay { get }
    var traits: TextTraits { get }
    /// The language quotes are made in, where a paragraph has none of its own.
    var spelling: SpellingState { get }
}

/// Smart punctuation (docs/behaviour): a typed straight quote becomes the language's opening or
/// closing quote, two hyphens a dash, and pasting or deleting whole words keeps one space
/// between them. Each is the change the delegate is offered, so it sees what goes in. Made for
/// one edit, reading the editor's text, traits and language.
@MainActor
struct SmartPunctuation {
    /// The editor edited.
    let editor: any SmartPunctuationHost

    /// The quotation marks of a language: opening and closing double, then single.
    static func quotationMarks(for language: String) -> (open: String, close: String, openSingle: String, closeSingle: String) {
        switch String(language.prefix { $0 != "_" && $0 != "-" }).lowercased() {
        case "de", "cs", "sk", "sl", "hr", "lt", "is", "ka": return ("„", "“", "‚", "‘")
        case "fr": return ("«\u{00A0}", "\u{00A0}»", "‹\u{00A0}", "\u{00A0}›")
        case "es", "it", "el", "pt-pt", "ca", "eu", "gl", "ru", "uk", "be", "fa", "ar", "hy", "kk", "uz", "tr", "az":
            return ("«", "»", "“", "”")
        case "pl", "ro", "hu", "nl-be", "bg": return ("„", "”", "‚", "’")
        case "sv", "fi": return ("”", "”", "’", "’")
        case "da": return ("»", "«", "›", "‹")
        case "ja", "zh": return ("「", "」", "『", "』")
        case "he": return ("”", "”", "’", "’")
        default: return ("“", "”", "‘", "’")
        }
    }

    /// Whether a smart substitution of a kind is on for this text: its trait, and by default
    /// not for secure, e-mail or URL text.
    private func smartSubstitutionIsOn(_ setting: Bool?) -> Bool {
        if editor.isSecure || editor.display.masksText { return false }
        if let setting { return setting }
        let plain: Set<KeyboardType> = [.URL, .emailAddress]
        let plainContent: Set<TextContentType> = [.URL, .emailAddress, .password, .newPassword, .oneTimeCode]
        return !plain.contains(editor.traits.keyboardType) && !(editor.traits.textContentType.map(plainContent.contains) ?? false)
    }

    private static func setting<T: RawRepresentable<Int>>(_ value: T) -> Bool? {
        value.rawValue == 0 ? nil : value.rawValue == 2
    }

    /// The change an edit proposes, with smart punctuation applied.
    func apply(to change: TextEditingModel.Change, for edit: TextEditingModel.Edit) -> TextEditingModel.Change {
        switch edit {
        case let .insert(text) where editor.model.markedRange == nil && text.count == 1:
            return smartTyping(text, change)
        case let .paste(text) where smartSubstitutionIsOn(Self.setting(editor.traits.smartInsertDeleteType)):
            return smartPaste(text, change)
        case .delete, .cut:
            guard !change.range.isEmpty, !editor.model.selection.isEmpty, smartSubstitutionIsOn(Self.setting(editor.traits.smartInsertDeleteType))
            else { return change }
            return smartDelete(change)
        default:
            return change
        }
    }

    private func character(before offset: Int) -> Character? {
        guard offset > 0 else { return nil }
        return editor.model.document.substring(editor.model.document.graphemeBoundary(before: offset)..<offset).last
    }

    private func character(after offset: Int) -> Character? {
        guard offset < editor.model.utf16Count else { return nil }
        return editor.model.document.substring(offset..<editor.model.document.graphemeBoundary(after: offset)).first
    }

    /// A typed quote or hyphen.
    private func smartTyping(_ text: String, _ change: TextEditingModel.Change) -> TextEditingModel.Change {
        var change = change
        let before = character(before: change.range.lowerBound)
        if text == "\"" || text == "'", smartSubstitutionIsOn(Self.setting(editor.traits.smartQuotesType)) {
            let language =
                editor.model.document.attributes(at: editor.model.document.paragraphRange(at: change.range.lowerBound).lowerBound)
                .languageIdentifier ?? editor.spelling.defaultLanguage
            let marks = Self.quotationMarks(for: language)
            // After a letter or digit a single quote is an apostrophe (don't, l’homme), unless it
            // closes a single quote opened in the paragraph (German ‚nein‘).
            if text == "'", let before, before.isLetter || before.isNumber {
                let opened = editor.textBeforeCaret.components(separatedBy: marks.openSingle).count - 1
                let closed = marks.closeSingle == "’" ? opened : editor.textBeforeCaret.components(separatedBy: marks.closeSingle).count - 1
                change.replacement = opened > closed ? marks.closeSingle : "’"
                return change
            }
            let opens = before.map { $0.isWhitespace || "([{<-–—/“‘„‚«‹「『".contains($0) } ?? true
            if text == "\"" {
                change.replacement = opens ? marks.open : (before == " " ? marks.close.trimmingCharacters(in: .whitespaces) : marks.close)
            } else {
                change.replacement = opens ? marks.openSingle : marks.closeSingle
            }
            return change
        }
        if text == "-", before == "-", change.range.isEmpty, character(before: change.range.lowerBound - 1) != "-",
            smartSubstitutionIsOn(Self.setting(editor.traits.smartDashesType))
        {
            change.range = (change.range.lowerBound - 1)..<change.range.upperBound
            change.replacement = "—"
        }
        return change
    }

    /// Pasted words between words get a space on the side that needs one.
    private func smartPaste(_ text: String, _ change: TextEditingModel.Change) -> TextEditingModel.Change {
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace else { return change }
        var change = change
        if let before = character(before: change.range.lowerBound), before.isLetter, first.isLetter {
            change.replacement = " " + change.replacement
        }
        if let after = character(after: change.range.upperBound), after.isLetter, last.isLetter || last.isPunctuation {
            change.replacement += " "
        }
        return change
    }

    /// Deleting whole words takes one of the spaces around them with them.
    private func smartDelete(_ change: TextEditingModel.Change) -> TextEditingModel.Change {
        let before = character(before: change.range.lowerBound), after = character(after: change.range.upperBound)
        let removed = editor.model.document.substring(change.range)
        guard let first = removed.first, let last = removed.last, first.isLetter || first.isNumber,
            last.isLetter || last.isNumber || last.isPunctuation
        else { return change }
        var change = change
        if before == " ", after == nil || after == " " || after.map({ $0.isPunctuation || $0.isNewline }) == true {
            change.range = (change.range.lowerBound - 1)..<change.range.upperBound
        } else if before == nil || before?.isNewline == true, after == " " {
            change.range = change.range.lowerBound..<(change.range.upperBound + 1)
        }
        return change
    }
}
