// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The keyboard's languages as input modes: which are offered, which is shown, and what each
/// focused responder remembers (docs/behaviour/world-input.md).
extension KeyboardController {
    /// The language the keys show (an identifier of `Assets/Keyboards/languages`).
    public var currentLanguage: String? { keyboardView?.model.language }

    /// Whether the keys show a right-to-left language: what an empty field's direction follows.
    public var isRightToLeftLanguage: Bool { keyboardView?.model.isRightToLeft ?? false }

    /// Shows one of the offered languages on the keys, as the globe key would.
    public func showLanguage(_ identifier: String) {
        guard let view = keyboardView, view.model.language != identifier else { return }
        view.model.show(language: identifier)
        guard view.model.language == identifier else { return }
        view.setNeedsLayout()
        view.setNeedsDisplay()
        languageDidChange()
    }

    /// Tells the focused text that the keyboard's language changed: an open composition is
    /// committed as its engine's Return would (the next language composes anew), and empty lines
    /// may turn round.
    func inputLanguageDidChange() {
        engines.finishCompositionAsTyped()
        guard let focus = window.firstResponder as? View else { return }
        var stack = [focus]
        while let view = stack.popLast() {
            if let editor = view as? TextEditingView {
                editor.composition.commit(resettingInputMethod: true)
                editor.updateNaturalDirection()
                editor.spelling.update()
            }
            stack.append(contentsOf: view.subviews)
        }
    }

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
            if let model = language.handwriting {
                // A writing pad needs its model's recogniser (zinnia's data for Chinese and Japanese).
                let problem: CaretError?
                if let provider = window.backend.handwritingRecognizers {
                    problem = provider.unavailability(of: model)
                } else if !BundledHandwritingRecognizers.models.contains(model) {
                    problem = .engineNotAdded(needing: Self.describe(language), engine: "handwriting", product: "CaretHandwriting")
                } else {
                    problem = BundledHandwritingRecognizers.shared.unavailability(of: model)
                }
                guard let problem else { return true }
                if !problems.contains(problem) { problems.append(problem) }
                return false
            }
            guard let composition = language.composition else { return true }
            let problem: CaretError?
            if let provider = window.backend.textComposers {
                problem = provider.unavailability(of: composition)
                if problem == nil { provider.prepare(composition) }
            } else {
                problem = .engineNotAdded(needing: Self.describe(language), engine: "composition", product: "CaretCompose")
            }
            if let problem {
                if !problems.contains(problem) { problems.append(problem) }
                return false
            }
            return true
        }
    }

    /// A language as a problem names it: its English name and identifier ("Korean (ko)").
    static func describe(_ language: KeyboardLanguage) -> String {
        let code = (language.locale ?? language.identifier).split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        let english = code.flatMap { Locale(identifier: "en").localizedString(forLanguageCode: $0) }
        let name = english.flatMap { $0.isEmpty || $0 == code ? nil : $0 } ?? language.name
        return "\(name) (\(language.identifier))"
    }

    /// The language changed (globe key, `showLanguage`, a responder's remembered language): the
    /// open composition is committed as its engine's Return would, the focused responder remembers the language
    /// under its context identifier, and the change is posted.
    func languageDidChange() {
        inputLanguageDidChange()
        // A composing language's engine starts now, not at the first key (or the language goes).
        _ = engines.activeComposer
        words.languageDidChange()
        keyboardView?.hideCandidatePanel()
        presence.languageRowsDidChange()
        TextInputMode.currentKeyboard = self
        if let identifier = window.firstResponder?.textInputContextIdentifier, let language = currentLanguage {
            languageByContext[identifier] = language
        }
        postInputModeChange()
    }

    private func postInputModeChange() {
        NotificationCenter.default.post(name: TextInputMode.currentInputModeDidChangeNotification, object: currentInputMode)
    }

    /// A responder became first: it gets the language it was last typed in, if it names a context.
    func restoreLanguage(for responder: Responder) {
        TextInputMode.currentKeyboard = self
        guard let identifier = responder.textInputContextIdentifier, let language = languageByContext[identifier],
            let view = keyboardView, view.model.languages.contains(language), view.model.language != language
        else { return }
        view.model.show(language: language)
        view.setNeedsLayout()
        words.languageDidChange()
        postInputModeChange()
    }
}
