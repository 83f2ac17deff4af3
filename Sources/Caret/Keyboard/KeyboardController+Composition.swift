import Foundation

/// The keyboard's languages as input modes, and composition: keys of Korean, Japanese and Chinese
/// go to the language's engine, whose preedit the client shows as marked text and whose
/// candidates fill the suggestion bar (docs/behaviour/world-input.md).
extension KeyboardController {
    /// The language shown, as UIKit's input mode.
    public var currentInputMode: TextInputMode? {
        guard let model = keyboardView?.model, let language = model.layouts.languages[model.language] else { return nil }
        return TextInputMode(language: language)
    }

    /// The languages offered, as input modes, in the globe key's order.
    public var inputModes: [TextInputMode] {
        guard let model = keyboardView?.model else { return [] }
        return model.languages.compactMap { model.layouts.languages[$0].map(TextInputMode.init(language:)) }
    }

    /// The identifiers of `wanted` this keyboard can show: with a layout, and for a composing
    /// language an engine that is here. Each one left out is named in `problems`, once.
    func usableLanguages(_ wanted: [String], in layouts: KeyboardLayouts) -> [String] {
        wanted.filter { identifier in
            guard let language = layouts.languages[identifier] else { return false }
            guard let composition = language.composition else { return true }
            let problem: CaretError?
            if let provider = window.backend.textComposers {
                problem = provider.unavailability(of: composition)
                if problem == nil { provider.prepare(composition) }
            } else {
                problem = .backendUnavailable(
                    subsystem: "composition (\(composition.engine))",
                    reason: "this backend has no composition engines: \(identifier) is left out")
            }
            if let problem {
                if !problems.contains(problem) { problems.append(problem) }
                return false
            }
            return true
        }
    }

    /// The language changed (globe key, `showLanguage`, a responder's remembered language): the
    /// open composition is committed as it stands, the focused responder remembers the language
    /// under its context identifier, and the change is posted.
    func languageDidChange() {
        inputLanguageDidChange()
        // A composing language's engine starts now, not at the first key (or the language goes).
        _ = activeComposer
        languageWordsDidChange()
        keyboardView?.hideCandidatePanel()
        languageRowsDidChange()
        TextInputMode.currentKeyboard = self
        if let identifier = window.firstResponder?.textInputContextIdentifier, let language = currentLanguage {
            Responder.languageByContext[identifier] = language
        }
        postInputModeChange()
    }

    private func postInputModeChange() {
        NotificationCenter.default.post(name: TextInputMode.currentInputModeDidChangeNotification, object: currentInputMode)
    }

    /// A responder became first: it gets the language it was last typed in, if it names a context.
    func restoreLanguage(for responder: Responder) {
        TextInputMode.currentKeyboard = self
        guard let identifier = responder.textInputContextIdentifier, let language = Responder.languageByContext[identifier],
            let view = keyboardView, view.model.languages.contains(language), view.model.language != language
        else { return }
        view.model.show(language: language)
        view.setNeedsLayout()
        languageWordsDidChange()
        postInputModeChange()
    }

    // MARK: Composition

    /// The engine of the language shown, made the first time it is needed; nil for a language
    /// whose keys type, or when the engine could not start (then the language is left out).
    var activeComposer: TextComposer? {
        guard let model = keyboardView?.model, let composition = model.composition else {
            return nil
        }
        if let composer = composers[model.language] { return composer }
        guard let provider = window.backend.textComposers else { return nil }
        do throws(CaretError) {
            let composer = try provider.makeComposer(for: composition)
            composers[model.language] = composer
            return composer
        } catch {
            // The engine failed to start: the language goes, with the reason.
            if !problems.contains(error) { problems.append(error) }
            let remaining = model.languages.filter { $0 != model.language }
            if !remaining.isEmpty {
                keyboardView?.model.setLanguages(remaining)
                keyboardView?.setNeedsLayout()
                languageDidChange()
            }
            return nil
        }
    }

    /// Whether the client composes: it shows marked text and is not secure.
    private var composingClient: MarkedTextInput? {
        guard let client = textClient as? MarkedTextInput else { return nil }
        if (client as? TextInputTraits)?.isSecureTextEntry == true { return nil }
        return client
    }

    /// What the engine shows now (nothing when the language does not compose).
    public var compositionState: CompositionState {
        guard composingClient != nil, keyboardView?.model.composition != nil, let composer = composers[currentLanguage ?? ""] else {
            return .empty
        }
        return composer.state
    }

    /// Gives a key to the language's engine; true when it took it (the keyboard does nothing
    /// more), false when the keyboard types the key itself, after the engine's preedit was
    /// committed as it stands.
    func compose(_ action: KeyboardKeyAction, plane: String) -> Bool {
        guard let client = composingClient, let composer = activeComposer, let composition = keyboardView?.model.composition
        else { return false }
        let input: ComposerInput
        switch action {
        case let .text(text) where plane == "letters": input = .key(composition.keys?[text] ?? text)
        case .space: input = .space
        case .backspace: input = .backspace
        case .return: input = .return
        default:
            settleComposition(of: client, composer: composer)
            return false
        }
        // A composition of another input method's (a system one) is committed before this one begins.
        if client.markedTextRange != nil && composer.state.preedit.isEmpty { client.unmarkText() }
        guard let committed = composer.handle(input) else {
            settleComposition(of: client, composer: composer)
            return false
        }
        show(committed, composer.state, in: client)
        return true
    }

    /// Takes a candidate of the page shown.
    public func chooseCandidate(at index: Int) {
        guard let client = composingClient, let composer = activeComposer,
            let committed = composer.handle(.candidate(index))
        else { return }
        show(committed, composer.state, in: client)
    }

    /// Shows the next or previous page of candidates.
    public func turnCandidatePage(forward: Bool) {
        guard let client = composingClient, let composer = activeComposer,
            let committed = composer.handle(forward ? .nextPage : .previousPage)
        else { return }
        show(committed, composer.state, in: client)
    }

    /// The engine's commit goes through the client's change path (one change, one undo step;
    /// it replaces the marked text), then its preedit becomes the marked text (asking nothing).
    private func show(_ committed: String, _ state: CompositionState, in client: MarkedTextInput) {
        window.isApplyingOnScreenComposition = true
        defer { window.isApplyingOnScreenComposition = false }
        if !committed.isEmpty { window.deliverText(committed, to: client, origin: .inputMethod) }
        if !state.preedit.isEmpty || client.markedTextRange != nil {
            client.setMarkedText(state.preedit, selectedRange: NSRange(location: state.caret, length: 0))
        }
        keyboardView?.compositionDidChange()
    }

    /// Commits an open composition as it stands before the caret is moved away from it (the
    /// space-bar trackpad): the next key composes where the caret is then.
    func commitOpenComposition() {
        guard let client = composingClient, let language = currentLanguage, let composer = composers[language],
            client.markedTextRange != nil || !composer.state.preedit.isEmpty
        else { return }
        settleComposition(of: client, composer: composer)
    }

    /// Commits the client's marked text as it stands and empties the engine.
    private func settleComposition(of client: MarkedTextInput, composer: TextComposer) {
        if client.markedTextRange != nil { client.unmarkText() }
        composer.reset()
        keyboardView?.compositionDidChange()
    }

    /// The text view committed or dropped its marked text itself (a tap elsewhere, focus moved,
    /// the language changed): the engines forget what they were composing.
    func compositionWasSettled() {
        var changed = false
        for composer in composers.values where !composer.state.preedit.isEmpty || !composer.state.candidates.isEmpty {
            composer.reset()
            changed = true
        }
        if changed { keyboardView?.compositionDidChange() }
    }
}
