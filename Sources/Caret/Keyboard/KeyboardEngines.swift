// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The on-screen keyboard's composition engines as a source of the input session: keys of Korean,
/// Japanese, Chinese and the transliterations (m17n) go to the language's engine, whose preedit the session shows as the
/// client's marked text and whose candidates fill the keyboard's bar (docs/behaviour/world-input.md).
@MainActor
final class KeyboardEngines: TextInputSource {
    private unowned let keyboard: KeyboardController
    /// The engines made so far, by language.
    var composers: [String: TextComposer] = [:]
    /// The candidates shown while the engine offers none: the word as typed (when the marked
    /// text is all of it), then its completions from the language's word list; and the part of
    /// the word already committed before the marked text (Korean's syllables).
    private var completions: [String] = []
    private var committedPart = ""

    init(keyboard: KeyboardController) { self.keyboard = keyboard }

    private var window: Window { keyboard.window }

    /// The engine of the language shown, made the first time it is needed; nil for a language
    /// whose keys type, or when the engine could not start (then the language is left out).
    var activeComposer: TextComposer? {
        guard let model = keyboard.keyboardView?.model, let composition = model.composition else { return nil }
        if let composer = composers[model.language] { return composer }
        guard let provider = window.backend.textComposers else { return nil }
        do throws(CaretError) {
            let composer = try provider.makeComposer(for: composition)
            composers[model.language] = composer
            return composer
        } catch {
            keyboard.engineFailed(error)
            return nil
        }
    }

    /// The session, when its client composes: it shows marked text and is not secure.
    private var composingSession: TextInputSession? {
        guard let session = window.inputSession, let client = session.client as? MarkedTextInput,
            client === keyboard.textClient
        else { return nil }
        if (client as? TextInputTraits)?.isSecureTextEntry == true { return nil }
        return session
    }

    /// What the engine of the language shown holds now (nothing when the language does not compose).
    var state: CompositionState {
        guard composingSession != nil, keyboard.keyboardView?.model.composition != nil,
            let composer = composers[keyboard.currentLanguage ?? ""]
        else { return .empty }
        return composer.state
    }

    /// Gives a key to the language's engine; true when it took it (the keyboard does nothing
    /// more), false when the keyboard types the key itself, after the engine's preedit was
    /// committed as it stands.
    func compose(_ action: KeyboardKeyAction, plane: KeyboardPlane) -> Bool {
        guard let session = composingSession, let composer = activeComposer,
            let composition = keyboard.keyboardView?.model.composition
        else { return false }
        let input: ComposerInput
        switch action {
        // A key of one letter; a key of several (the URL keyboard's ".com") types as it is
        // (soak seed 271100012: pinyin took ".com" as "。" and the reading "com").
        case let .text(text) where plane == .letters && text.count == 1: input = .key(composition.keys?[text] ?? text)
        case .space: input = .space
        case .backspace: input = .backspace
        case .return: input = .return
        default:
            settle(session, composer)
            return false
        }
        guard let committed = composer.handle(input) else {
            settle(session, composer)
            return false
        }
        show(committed, composer.state, in: session)
        return true
    }

    /// Where each page of the engine's candidates starts in the panel's list (`allCandidates`).
    private var pageStarts: [Int] = []

    /// Every candidate of the open composition, page after page (at most `limit`), for the
    /// panel's scrolling grid; nil when the composition is not this source's. The engine is
    /// left on the page the bar shows.
    func allCandidates(limit: Int = 240) -> [String]? {
        guard let session = composingSession, session.composingSource === self, let composer = activeComposer,
            !composer.state.candidates.isEmpty, completions.isEmpty
        else { return nil }
        let shown = composer.state.page
        turn(composer, to: 0)
        var all: [String] = []
        pageStarts = []
        while true {
            pageStarts.append(all.count)
            all += composer.state.candidates
            let page = composer.state.page
            if composer.state.isLastPage || all.count >= limit { break }
            _ = composer.handle(.nextPage)
            if composer.state.page == page || composer.state.candidates.isEmpty { break }
        }
        turn(composer, to: shown)
        return all
    }

    /// Turns the engine's pages until it shows `page` (or can turn no further).
    private func turn(_ composer: TextComposer, to page: Int) {
        while composer.state.page != page {
            let before = composer.state.page
            _ = composer.handle(before < page ? .nextPage : .previousPage)
            if composer.state.page == before { return }
        }
    }

    /// The panel's candidate at `index` of `allCandidates` is chosen: the engine turns to its
    /// page and takes it.
    func chooseFromAll(_ index: Int) {
        guard let session = composingSession, session.composingSource === self, let composer = activeComposer,
            let page = pageStarts.lastIndex(where: { $0 <= index })
        else { return }
        let shown = composer.state.page
        turn(composer, to: page)
        guard composer.state.page == page, let committed = composer.handle(.candidate(index - pageStarts[page])) else {
            turn(composer, to: shown)  // the bar's page, as the session shows it
            return
        }
        show(committed, composer.state, in: session)
    }

    /// A clause button of the bar while converting: the engine moves or resizes its clause.
    func adjustConversion(_ input: ComposerInput) {
        guard let session = composingSession, session.composingSource === self, let composer = activeComposer,
            let committed = composer.handle(input)
        else { return }
        show(committed, composer.state, in: session)
    }

    /// The keyboard's language changes with a composition open: the engine that holds it commits
    /// it as its Return would, in place of the marked text (romaji's trailing n as ん, pinyin's
    /// letters as typed, without the spaces of its syllables); an engine without Return's commit
    /// (Hangul's syllables are the text) leaves the marked text as it stands.
    func finishCompositionAsTyped() {
        // Only the composition the session shows as this source's (another source's, or none,
        // is settled by the editor's own commit that follows).
        guard let session = composingSession, session.composingSource === self else { return }
        for composer in composers.values where !composer.state.preedit.isEmpty {
            if let committed = composer.handle(.return), !committed.isEmpty {
                show(committed, .empty, in: session)
            }
            composer.reset()
        }
    }

    /// The engine's commit replaces its preedit (one change, one undo step), then its preedit and
    /// candidates are the session's composition.
    private func show(_ committed: String, _ state: CompositionState, in session: TextInputSession) {
        if !committed.isEmpty { session.insertText(committed, origin: .inputMethod, from: self) }
        session.setComposition(completing(state, in: session), from: self)
    }

    /// A composition without candidates whose language has a word list (Hindi by ITRANS,
    /// Vietnamese by Telex, Korean): the bar offers the word as typed, when the marked text is
    /// all of it, and the completions of the word the marked text ends (the syllables before it
    /// that libhangul committed, and its own).
    private func completing(_ state: CompositionState, in session: TextInputSession) -> CompositionState {
        completions = []
        committedPart = ""
        guard state.candidates.isEmpty, !state.preedit.isEmpty, let view = keyboard.keyboardView, view.offersSuggestions,
            let words = view.suggestionProvider
        else { return state }
        // The text before the marked text still shown (the last preedit, or none after a commit),
        // with the caret at its end.
        var before = (keyboard.textClient as? TextInputClient)?.documentContextBeforeInput ?? ""
        let marked = session.composingSource === self ? session.composition.preedit : ""
        if !marked.isEmpty { before = before.hasSuffix(marked) ? String(before.dropLast(marked.count)) : "" }
        let segmenter = keyboard.window.backend.fontProvider.segmenter
        committedPart = String(InputSuggestion.partialWord(before: before, segmenter: segmenter))
        // Only a word the marked text goes on with (Hangul syllables); not 中国 before Telex's tiếng.
        // A consonant waiting for its vowel goes on with the word as its syllables would: ICU's
        // word breaks part 한 from a lone ㄱ (a compatibility letter), and the bar offered
        // words beginning with ㄱ instead of 한국 and 한글.
        var goingOn = state.preedit
        if let last = goingOn.unicodeScalars.last, let syllables = Self.syllables(beginningWith: last) {
            goingOn = String(String.UnicodeScalarView(goingOn.unicodeScalars.dropLast())) + String(syllables.lowerBound)
        }
        if !committedPart.isEmpty,
            InputSuggestion.partialWord(before: committedPart + goingOn, segmenter: segmenter) != committedPart + goingOn
        {
            committedPart = ""
        }
        let word = committedPart + state.preedit
        // A consonant waiting for its vowel (ITRANS shows नमस्त् for "namast") is completed as
        // the consonant: नमस्त → नमस्ते.
        var stem = word
        if let last = stem.unicodeScalars.last, last.properties.canonicalCombiningClass == .virama {
            stem = String(String.UnicodeScalarView(stem.unicodeScalars.dropLast()))
        }
        // A syllable begun with its first consonant only (한 + ㄱ): the words going on with any
        // syllable that consonant begins.
        let candidatesOfStem: [String]
        if let last = stem.unicodeScalars.last, let syllables = Self.syllables(beginningWith: last) {
            let before = String(String.UnicodeScalarView(stem.unicodeScalars.dropLast()))
            candidatesOfStem = words.completions(of: before, nextIn: syllables, limit: 4)
        } else {
            candidatesOfStem = words.completions(of: stem, limit: 4)
        }
        let completed = candidatesOfStem.filter {
            $0 != word && $0.unicodeScalars.starts(with: committedPart.unicodeScalars)
        }
        completions = (committedPart.isEmpty ? [word] : []) + completed
        guard !completions.isEmpty else { return state }
        var shown = state
        shown.candidates = completions
        shown.page = 0
        shown.isLastPage = true
        return shown
    }

    /// The Hangul syllables a compatibility consonant begins (ㄱ → 가…깋), nil for any other character.
    static func syllables(beginningWith jamo: Unicode.Scalar) -> ClosedRange<Unicode.Scalar>? {
        // The compatibility consonants in the order of the syllables' initials (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ).
        let initials: [UInt32] = [
            0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C,
            0x314D, 0x314E,
        ]
        guard let index = initials.firstIndex(of: jamo.value), let first = Unicode.Scalar(0xAC00 + UInt32(index) * 588),
            let last = Unicode.Scalar(0xAC00 + UInt32(index) * 588 + 587)
        else { return nil }
        return first...last
    }

    /// A completion was chosen: what it adds to the committed part of the word takes the marked
    /// text's place, followed by a space, in one change.
    private func choose(completion index: Int, in session: TextInputSession) {
        guard completions.indices.contains(index) else { return }
        let word = completions[index]
        let rest = String(String.UnicodeScalarView(word.unicodeScalars.dropFirst(committedPart.unicodeScalars.count)))
        activeComposer?.reset()
        show(rest + " ", .empty, in: session)
    }

    /// Commits the client's marked text as it stands and empties the engine.
    private func settle(_ session: TextInputSession, _ composer: TextComposer) {
        session.settleComposition()
        composer.reset()
    }

    // MARK: TextInputSource

    func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool) {
        completions = []
        for composer in composers.values where !composer.state.preedit.isEmpty || !composer.state.candidates.isEmpty {
            composer.reset()
        }
    }

    func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int) {
        if !completions.isEmpty { return choose(completion: index, in: session) }
        guard let composer = activeComposer, let committed = composer.handle(.candidate(index)) else { return }
        show(committed, composer.state, in: session)
    }

    func inputSession(_ session: TextInputSession, didTurnCandidatePageForward forward: Bool) {
        guard completions.isEmpty, let composer = activeComposer, let committed = composer.handle(forward ? .nextPage : .previousPage) else { return }
        show(committed, composer.state, in: session)
    }
}

extension KeyboardController {
    /// What the engine of the language shown holds now (nothing when the language does not compose).
    public var compositionState: CompositionState { engines.state }

    /// Takes a candidate of the page shown (whichever source's candidates the bar shows).
    public func chooseCandidate(at index: Int) { window.inputSession?.chooseCandidate(at: index) }

    /// While a clause is converted: moves the conversion to another clause or resizes it.
    public func adjustConversion(_ input: ComposerInput) { engines.adjustConversion(input) }

    /// Shows the next or previous page of candidates.
    public func turnCandidatePage(forward: Bool) { window.inputSession?.turnCandidatePage(forward: forward) }

    /// The engine of the language shown failed to start: the language goes, with the reason.
    func engineFailed(_ error: CaretError) {
        if !problems.contains(error) { problems.append(error) }
        guard let model = keyboardView?.model else { return }
        let remaining = model.languages.filter { $0 != model.language }
        if !remaining.isEmpty {
            keyboardView?.model.setLanguages(remaining)
            keyboardView?.setNeedsLayout()
            languageDidChange()
        }
    }

    /// The session's composition changed (any source's): the bar shows its candidates.
    func inputSessionCompositionDidChange() { keyboardView?.compositionDidChange() }
}
