// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The keyboard's words: completions of the word being typed from the word list of the language
/// shown (`Assets/Words/<list>.txt`, loaded the first time that language shows, or the app's own
/// provider), and autocorrection (docs/behaviour/changing-text.md, spelling): while a word is typed the suggestion bar shows it in
/// quotes beside the correction; space or punctuation puts the correction in its place (one
/// change through the delegate, one undo step); the first Backspace right after gives back what
/// was typed, and that word is never corrected again (as iOS learns it). The keyboard controller
/// owns one.
@MainActor
final class KeyboardWords {
    /// Where completions come from.
    enum Source {
        /// No suggestion bar.
        case none
        /// The bundled list of each language (`Assets/Words`).
        case bundled
        /// The app's own provider, for every language.
        case provider(SuggestionProvider)
    }

    /// The keyboard controller (it owns these words).
    private unowned let keyboard: KeyboardController
    /// Where the suggestion bar's completions come from.
    var source = Source.none
    /// The checker autocorrection asks (the keyboard's own, with its window's dictionaries).
    let checker: TextChecker
    /// The last correction made, while nothing else has been typed: what was typed, and what
    /// replaced it (the correction and the separator).
    var lastCorrection: (typed: String, inserted: String)?
    /// Words put back by Backspace: the person meant them, so they are not corrected again.
    private(set) var kept: Set<String> = []
    /// Autocorrection's search for the word being typed, made a step at a time, and what it is for.
    private var search: CorrectionSearch?
    private var searchKey: SearchKey?
    private var searchStep: Animator.Token?
    /// The app's own words: never autocorrected; each entry's typed form becomes its text.
    var lexicon: Lexicon? { didSet { keyboard.keyboardView?.refreshSuggestions() } }

    /// Where the bundled word lists and bigram tables are read (tests give their own).
    var bundledLists = BundledWords.lists, bundledPairs = BundledWords.pairs
    /// What the bar completes the language shown from; a bundled list is read when first needed.
    var suggestionProvider: SuggestionProvider? {
        if let language = unreadLanguage {
            unreadLanguage = nil
            provider = bundledWords(for: language)
        }
        return provider
    }
    private var provider: SuggestionProvider?
    /// The language whose bundled list the bar completes from, until it is read.
    private var unreadLanguage: KeyboardLanguage?
    private func setSuggestionProvider(_ provider: SuggestionProvider?) {
        self.provider = provider
        unreadLanguage = nil
    }
    /// The name of the word list shown (what learned words are kept under).
    private var listName: String?
    /// What follows each word of the language shown (its bigram table), for the bar's next words:
    /// read ahead in the background once the keyboard's frame is shown, or now if needed first.
    private var pairs: WordPairs? {
        guard let listName else { return nil }
        switch bundledPairs.entry(named: listName) {
        case .missing: return nil
        case let .loaded(pairs): return pairs
        case let .broken(error):
            if !keyboard.problems.contains(error) { keyboard.problems.append(error) }
            return nil
        }
    }
    /// What the guest has typed after each word (the bar's next words learn from it).
    let learned = LearnedWordPairs()
    /// The text before the caret when a word was last learned (a word is learned once).
    private var lastLearnedText: String?

    init(keyboard: KeyboardController) {
        self.keyboard = keyboard
        checker = TextChecker(window: { [unowned keyboard] in keyboard.window })
    }

    // MARK: Completions

    /// The language shown changed (or the keyboard loaded): its completions come from its list.
    func languageDidChange() {
        guard let view = keyboard.keyboardView else { return }
        let language = view.model.layouts.languages[view.model.language]
        switch source {
        case .none:
            view.offersSuggestions = false
            setSuggestionProvider(nil)
        case let .provider(provider):
            view.offersSuggestions = true
            setSuggestionProvider(provider)
        case .bundled:
            view.offersSuggestions = true
            // Read when the bar first needs it, or ahead in the background after the next frame.
            setSuggestionProvider(nil)
            unreadLanguage = language
        }
        view.nextWords = view.offersSuggestions ? language.flatMap(bundledNextWords(for:)) : nil
        listName = view.offersSuggestions ? language.flatMap { KeyboardController.wordListNames(for: $0).first } : nil
        if let listName { afterNextFrame { [bundledPairs] in bundledPairs.prefetch([listName]) } }
        view.refreshSuggestions()
    }

    /// The bundled list of a language, read once per process; nil when it has none or the file is
    /// broken (then named in the keyboard's `problems`).
    private func bundledWords(for language: KeyboardLanguage) -> SuggestionProvider? {
        for name in KeyboardController.wordListNames(for: language) {
            switch bundledLists.entry(named: name) {
            case .missing: continue
            case let .loaded(provider): return provider
            case let .broken(error):
                if !keyboard.problems.contains(error) { keyboard.problems.append(error) }
                return nil
            }
        }
        return nil
    }

    /// The bundled predictions of a language, read once per process; nil when it has none or the
    /// file is broken (then named in the keyboard's `problems`).
    private func bundledNextWords(for language: KeyboardLanguage) -> NextWords? {
        switch language.nextWords.flatMap(BundledNextWords.named) {
        case nil: return nil
        case let .success(words)?: return words
        case let .failure(error)?:
            if !keyboard.problems.contains(error) { keyboard.problems.append(error) }
            return nil
        }
    }

    // MARK: Next words

    /// The completions of the word being typed, or after a space the likeliest next words, ranked
    /// by the word before (docs/behaviour/changing-text.md, next words); a finished word is learned.
    func wordsInContext(before text: String, partial: String, client: Responder, in view: KeyboardView) -> [String] {
        guard let provider = view.suggestionProvider else { return [] }
        let predictor = WordPredictor(provider: provider, pairs: pairs, learned: listName.flatMap(learned.table(for:)))
        let previous = WordPredictor.context(before: text.dropLast(partial.count), segmenter: view.fontProvider.segmenter)
        guard partial.isEmpty else { return predictor.completions(of: partial, after: previous) }
        // Next words where the field's words may be learned (not secure, e-mail, URL or number
        // text, nor where autocorrection or spell checking is off).
        guard learns(from: client) else { return [] }
        learnFinishedWord(before: text, in: client, list: listName)
        // An empty field that can be swiped says so until the first swipe, rather than guess; next
        // words come after a space or a new line, not right after punctuation.
        if text.isEmpty, view.showsSwipeHint { return [] }
        if let last = text.last, !last.isWhitespace { return [] }
        let words = predictor.predictions(after: previous)
        switch view.model.shift {
        case .off: return words
        case .once: return words.map(SuggestionProvider.capitalised)
        case .locked: return words.map { $0.uppercased() }
        }
    }

    // MARK: Learning

    /// Learns the word that ends `text` (before a space or punctuation) after the word before it,
    /// once per such text, where the client lets words be learned.
    func learnFinishedWord(before text: String, in client: Responder, list: String?) {
        guard let list, text != lastLearnedText else { return }
        lastLearnedText = text
        let trimmed = text.reversed().drop { $0.isWhitespace || ($0.isPunctuation && $0 != "'" && $0 != "’") }
        guard trimmed.count < text.count, let last = trimmed.first, last.isLetter else { return }
        let before = String(trimmed.reversed())
        let segmenter = keyboard.keyboardView?.fontProvider.segmenter ?? SimpleTextSegmenter()
        let word = InputSuggestion.partialWord(before: before, segmenter: segmenter)
        guard !word.isEmpty, let context = WordPredictor.context(before: before.dropLast(word.count), segmenter: segmenter) else { return }
        learned.learn(String(word), after: context, list: list)
    }

    /// Whether what is typed in a client may be learned: not secure, autocorrection and spell
    /// checking not turned off, and not e-mail, URL, number or phone text.
    func learns(from client: Responder) -> Bool {
        guard let traits = client as? TextInputTraits, !traits.isSecureTextEntry, traits.autocorrectionType != .no,
            traits.spellCheckingType != .no
        else { return false }
        switch traits.keyboardType {
        case .emailAddress, .URL, .numberPad, .phonePad, .decimalPad, .numbersAndPunctuation, .asciiCapableNumberPad: return false
        default: return true
        }
    }

    /// Reads the lists of the offered languages in the background once the keyboard's frame is
    /// shown (never holding up an app's first frame), so that switching to one finds its list ready.
    func prefetchLists(for identifiers: [String], in layouts: KeyboardLayouts) {
        guard case .bundled = source else { return }
        let names = identifiers.compactMap { layouts.languages[$0] }.flatMap(KeyboardController.wordListNames(for:))
        afterNextFrame { [bundledLists] in bundledLists.prefetch(names) }
    }

    /// Work for after the next frame is shown (`Animator.scheduleIdle`).
    private func afterNextFrame(_ work: @escaping @MainActor () -> Void) {
        keyboard.window.animator.scheduleIdle(work)
    }

    // MARK: Autocorrection
    /// Whether the client's text is autocorrected: its `autocorrectionType`, not secure, and by
    /// default not for e-mail, URL, number or phone text; a composing language never is.
    func autocorrects(_ responder: Responder?) -> Bool {
        guard keyboard.window.spellingDictionaries != nil, let traits = responder as? TextInputTraits, !traits.isSecureTextEntry,
            let view = keyboard.keyboardView, view.model.composition == nil
        else { return false }
        switch traits.autocorrectionType {
        case .no: return false
        case .yes: return true
        case .default: return SpellingState.checksByDefault(keyboardType: traits.keyboardType, contentType: traits.textContentType)
        }
    }

    /// The language corrections are made in: the keyboard's.
    var correctionLanguage: String? {
        guard let view = keyboard.keyboardView, let language = view.model.layouts.languages[view.model.language] else { return nil }
        return language.locale ?? language.identifier
    }

    /// Autocorrection's search for the word being typed (nil: the word is not corrected here).
    private func correctionSearch(forPartialWord word: String) -> CorrectionSearch? {
        guard !word.isEmpty, !kept.contains(word), autocorrects(keyboard.window.firstResponder), let language = correctionLanguage else { return nil }
        return CorrectionSearch(typed: word, language: language, lexicon: lexicon)
    }

    // MARK: The word being typed

    /// What a correction search is for: a new word, language, client or kept word starts another.
    private struct SearchKey: Equatable {
        var word: String
        var language: String?
        var client: ObjectIdentifier
        var keptWords: Int
    }

    /// The correction of the word being typed, as far as its search got: a new word starts a
    /// search that makes its first step now, within a tap's budget (`SearchBudget.tap`), and goes
    /// on after frames; the bar reads the correction again when the search is over.
    func correction(forPartialWord word: String, in client: Responder) -> String? {
        let key = SearchKey(word: word, language: correctionLanguage, client: ObjectIdentifier(client), keptWords: kept.count)
        if key != searchKey {
            forgetWord()
            searchKey = key
            search = correctionSearch(forPartialWord: word)
            var budget = SearchBudget.tap
            if search?.advance(checker: checker, budget: &budget) == false { scheduleSearchStep() }
        }
        return search?.result ?? nil
    }

    /// No word is being typed (the bar is off, or shows candidates): no search goes on.
    func forgetWord() {
        search = nil
        searchKey = nil
        if let step = searchStep { keyboard.window.animator.cancel(step) }
        searchStep = nil
    }

    /// Goes on with the correction's search after the frame; the bar shows what it finds. One
    /// step waits at a time: a new word's search takes the place of the last one's.
    private func scheduleSearchStep() {
        let animator = keyboard.window.animator
        if let step = searchStep { animator.cancel(step) }
        searchStep = animator.scheduleIdle { [weak self] in
            guard let self else { return }
            self.searchStep = nil
            guard var search = self.search else { return }
            var budget = SearchBudget.idleStep
            let done = search.advance(checker: self.checker, budget: &budget)
            self.search = search
            if !done { return self.scheduleSearchStep() }
            self.keyboard.keyboardView?.refreshSuggestions()
        }
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
        // A token holding punctuation that ends words ("N@", an address being typed) is not a
        // word to correct: its correction dropped the "@" and then the key's "@" with it, so a
        // second "@" typed nothing (soak seed 360000059).
        guard ends, let client = client as? TextInputClient, let view = keyboard.keyboardView,
            let correction = view.correction, let typed = view.typedWord,
            !typed.contains(where: { Self.endsWord(String($0)) }),
            client.replaceWordBeforeInput(typed, with: correction + text)
        else { return false }
        lastCorrection = (typed, correction + text)
        return true
    }

    /// Backspace right after a correction: what was typed comes back in one change; true when
    /// it did.
    func revertCorrection(in client: KeyInput) -> Bool {
        guard let last = lastCorrection, let client = client as? TextInputClient,
            client.documentContextBeforeInput?.hasSuffix(last.inserted) == true
        else {
            lastCorrection = nil
            return false
        }
        lastCorrection = nil
        guard client.replaceWordBeforeInput(last.inserted, with: last.typed) else { return false }
        kept.insert(last.typed)
        return true
    }
}

extension KeyboardController {
    /// The word list's name for a language: its file's `words`, else its identifier, else the
    /// identifier's language part ("pt-BR" → "pt"); none for a composing language unless its file
    /// names one (a transliteration's words complete its marked text; other engines give the
    /// candidates).
    public static func wordListNames(for language: KeyboardLanguage) -> [String] {
        if let words = language.words { return [words] }
        if language.composition != nil { return [] }
        let base = String(language.identifier.prefix { $0 != "-" })
        return base == language.identifier ? [base] : [language.identifier, base]
    }

    /// The app's own words: never autocorrected; each entry's typed form becomes its text.
    package var lexicon: Lexicon? {
        get { words.lexicon }
        set { words.lexicon = newValue }
    }
}
