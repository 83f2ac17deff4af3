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

    /// The bundled list of a language, read once per process; nil when it has none or the file is
    /// broken (then named in `problems`).
    private func bundledWords(for language: KeyboardLanguage) -> SuggestionProvider? {
        for name in Self.wordListNames(for: language) {
            switch BundledWordLists.shared.list(named: name) {
            case .missing: continue
            case let .loaded(provider): return provider
            case let .broken(error):
                if !problems.contains(error) { problems.append(error) }
                return nil
            }
        }
        return nil
    }

    /// Reads the lists of the offered languages in the background, so that switching to one
    /// finds its list ready.
    func prefetchWordLists(for identifiers: [String], in layouts: KeyboardLayouts) {
        guard case .bundled = wordSource else { return }
        let names = identifiers.compactMap { layouts.languages[$0] }.flatMap(Self.wordListNames(for:))
        BundledWordLists.shared.prefetch(names)
    }
}

/// The bundled word lists (`Assets/Words`), read once per process and shared by every keyboard;
/// read in the background when offered, or when first needed.
final class BundledWordLists: @unchecked Sendable {
    enum Entry: Sendable {
        case missing
        case loaded(SuggestionProvider)
        case broken(CaretError)
    }

    static let shared = BundledWordLists()
    private let lock = NSCondition()
    private var entries: [String: Entry] = [:]
    private var loading: Set<String> = []

    /// A list by name, read now if no one has (waiting for a background read under way).
    func list(named name: String) -> Entry {
        lock.lock()
        while loading.contains(name) { lock.wait() }
        if let entry = entries[name] {
            lock.unlock()
            return entry
        }
        loading.insert(name)
        lock.unlock()
        let entry = Self.read(name)
        store(entry, for: name)
        return entry
    }

    /// Reads lists in the background (those not read or being read).
    func prefetch(_ names: [String]) {
        lock.lock()
        let wanted = names.filter { entries[$0] == nil && !loading.contains($0) }
        loading.formUnion(wanted)
        lock.unlock()
        guard !wanted.isEmpty else { return }
        Thread.detachNewThread { [self] in
            for name in wanted { store(Self.read(name), for: name) }
        }
    }

    private func store(_ entry: Entry, for name: String) {
        lock.lock()
        entries[name] = entry
        loading.remove(name)
        lock.broadcast()
        lock.unlock()
    }

    private static func read(_ name: String) -> Entry {
        guard let path = try? Assets.path(for: "Words/\(name).txt") else { return .missing }
        do throws(CaretError) {
            return .loaded(try SuggestionProvider.load(contentsOf: path))
        } catch {
            return .broken(error)
        }
    }
}
