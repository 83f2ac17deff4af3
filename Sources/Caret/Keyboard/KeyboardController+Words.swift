import Foundation

/// Word completions per language: the suggestion bar completes words from the word list of the
/// language shown (`Assets/Words/<list>.txt`), loaded the first time that language shows.
extension KeyboardController {
    /// Where completions come from.
    enum WordSource {
        /// No suggestion bar.
        case none
        /// The bundled list of each language (`Assets/Words`).
        case bundled
        /// The app's own provider, for every language.
        case provider(SuggestionProvider)
    }

    /// The word list's name for a language: its file's `words`, else its identifier, else the
    /// identifier's language part ("pt-BR" → "pt"); nil for composing languages (their engine
    /// gives the candidates).
    public static func wordListNames(for language: KeyboardLanguage) -> [String] {
        if language.composition != nil { return [] }
        if let words = language.words { return [words] }
        let base = String(language.identifier.prefix { $0 != "-" })
        return base == language.identifier ? [base] : [language.identifier, base]
    }

    /// The language shown changed (or the keyboard loaded): its completions come from its list.
    func languageWordsDidChange() {
        guard let view = keyboardView else { return }
        switch wordSource {
        case .none:
            view.offersSuggestions = false
            view.suggestionProvider = nil
        case let .provider(provider):
            view.offersSuggestions = true
            view.suggestionProvider = provider
        case .bundled:
            view.offersSuggestions = true
            view.suggestionProvider = view.model.layouts.languages[view.model.language].flatMap(bundledWords(for:))
        }
        view.refreshSuggestions()
    }

    /// The bundled list of a language, read once; nil when it has none or the file is broken
    /// (then named in `problems`).
    private func bundledWords(for language: KeyboardLanguage) -> SuggestionProvider? {
        for name in Self.wordListNames(for: language) {
            if let loaded = wordLists[name] { return loaded }
            guard let path = try? Assets.path(for: "Words/\(name).txt") else { continue }
            do throws(CaretError) {
                let provider = try SuggestionProvider.load(contentsOf: path)
                wordLists[name] = provider
                return provider
            } catch {
                if !problems.contains(error) { problems.append(error) }
                return nil
            }
        }
        return nil
    }
}
