// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The suggestion bar: completions of the word being typed from the language's list and, with
/// autocorrection (docs/behaviour/changing-text.md, spelling), the typed word in quotes beside its correction, highlighted.
extension KeyboardView {
    /// What a cell of the suggestion bar holds.
    @_spi(Testing) public enum BarItem: Equatable, Sendable {
        /// The word as typed, in quotes: a tap keeps it.
        case typed(String)
        /// Autocorrection's word: what space or punctuation puts in place of the typed one.
        case correction(String)
        /// A completion.
        case completion(String)
        /// What may come next, where words are not separated by spaces: put in as it is.
        case prediction(String)
        /// The word a swipe put in, highlighted: a tap keeps it.
        case swiped(String)
        /// Another word the swipe may have meant: a tap puts it in place of the swiped word.
        case alternative(String)

        /// The word it puts in.
        public var word: String {
            switch self {
            case let .typed(word), let .correction(word), let .completion(word), let .prediction(word), let .swiped(word), let .alternative(word):
                return word
            }
        }
    }

    /// The bar's cells, left to right: with a correction, the typed word, the correction and one
    /// completion; otherwise three completions.
    @_spi(Testing) public var barItems: [BarItem] {
        let alternatives = controller.swipe.alternatives(in: controller.textClient as? TextInputClient)
        if let swiped = controller.swipe.lastWord, !alternatives.isEmpty {
            return [.alternative(alternatives[0]), .swiped(swiped)] + alternatives.dropFirst().prefix(1).map(BarItem.alternative)
        }
        if let correction, let typedWord {
            return [.typed(typedWord), .correction(correction)] + suggestions.filter { $0 != correction }.prefix(1).map(BarItem.completion)
        }
        return suggestions.prefix(3).map(predictsNextWords ? BarItem.prediction : BarItem.completion)
    }

    /// The suggestion cells' rectangles.
    @_spi(Testing) public var suggestionFrames: [Rect] {
        guard showsSuggestionBar else { return [] }
        let width = bounds.width / 3
        return (0..<3).map { Rect(x: Double($0) * width, y: 0, width: width, height: suggestionBarHeight) }
    }

    func drawSuggestionBar(in context: GraphicsContext) {
        if controller.emoji.search != nil { return controller.emoji.drawSearchBar(in: context, view: self) }
        let cells = suggestionFrames
        let items = barItems
        let font = Font.systemFont(ofSize: (keyHeight * 0.38).rounded())
        let metrics = context.fontProvider.metrics(for: font)
        if items.isEmpty, showsSwipeHint, !controller.emoji.isOpen {
            // Until the first swipe, an empty bar says that the letters can be swiped (iOS's "slide to type").
            let run = context.shape(swipeHint, font: font)
            context.drawText(
                run, at: Point(x: (bounds.midX - run.width / 2).rounded(), y: ((suggestionBarHeight - metrics.lineHeight) / 2).rounded()),
                color: highContrast ? .white : .barHint)
            return
        }
        for i in 1..<3 {
            context.fill(Rect(x: cells[i].minX, y: 8, width: 1, height: suggestionBarHeight - 16), color: .barDivider)
        }
        for (i, item) in items.enumerated() where i < 3 {
            let cell = cells[i]
            var label = item.word
            var color: Color = highContrast ? .white : .label
            switch item {
            case .typed: label = "“" + label + "”"
            case .correction, .swiped:
                // The correction (the swiped word) stands out: a key-like plate behind it.
                context.fillRoundedRect(cell.insetBy(dx: 4, dy: 4), radius: 6, color: highContrast ? .white : .barPlate)
                color = highContrast ? .black : .label
            case .completion, .prediction, .alternative: break
            }
            let run = context.shape(label, font: font)
            context.drawText(
                run, at: Point(x: (cell.midX - run.width / 2).rounded(), y: (cell.midY - metrics.lineHeight / 2).rounded()),
                color: color)
        }
    }

    /// A cell was tapped: its word goes in (the typed word as it was typed).
    func suggestionCellTapped(_ cell: Int) {
        let items = barItems
        guard cell < items.count else { return }
        switch items[cell] {
        case let .prediction(word): return pickPrediction(word)
        case let .alternative(word): return pickSwipeAlternative(word)
        case .swiped: return
        default: break
        }
        pickSuggestion(items[cell].word)
    }

    /// Puts a prediction in at the caret as it is (no space: Japanese), as one change.
    @_spi(Testing) public func pickPrediction(_ word: String) {
        guard let client = controller.textClient as? TextInputClient, client.replaceWordBeforeInput("", with: word) else { return }
        afterOutput()
    }

    // MARK: Suggestions

    /// Reads the word being typed again: its completions and its correction (as far as its
    /// search got: the rest comes after frames, and the bar is read again then).
    func refreshSuggestions() {
        let before = (suggestions, correction, typedWord, predictsNextWords)
        let itemsBefore = shownBarItems
        predictsNextWords = false
        if showsSuggestionBar, candidates.isEmpty, let nextWords, let client = controller.textClient as? Responder,
            (client as? MarkedTextInput)?.markedTextRange == nil
        {
            // A language whose words run on (Japanese): what follows the committed text.
            suggestions = nextWords.predictions(after: context(of: client))
            predictsNextWords = true
            correction = nil
            typedWord = nil
        } else if showsSuggestionBar, candidates.isEmpty, let client = controller.textClient as? Responder {
            let text = context(of: client)
            let partial = String(InputSuggestion.partialWord(before: text, segmenter: fontProvider.segmenter))
            suggestions = controller.words.wordsInContext(before: text, partial: partial, client: client, in: self)
            correction = controller.words.correction(forPartialWord: partial, in: client)
            typedWord = correction == nil ? nil : partial
        } else {
            suggestions = []
            controller.words.forgetWord()
            correction = nil
            typedWord = nil
        }
        shownBarItems = barItems
        if before != (suggestions, correction, typedWord, predictsNextWords) || itemsBefore != shownBarItems {
            if let correction, let typedWord { window?.textEditObserver?.keyboard(showedCorrection: correction, for: typedWord) }
            setNeedsDisplay(Rect(x: 0, y: 0, width: bounds.width, height: suggestionBarHeight))
        }
    }

    /// Reads the word being typed again as a tap does, its correction's search started anew when
    /// `restartingSearch` (what a benchmark times).
    @_spi(Testing) public func refreshSuggestions(restartingSearch: Bool) {
        if restartingSearch { controller.words.forgetWord() }
        refreshSuggestions()
    }

    /// Inserts a suggestion (and a space) through the client, as a tap on the bar does.
    @_spi(Testing) public func pickSuggestion(_ word: String) {
        guard let client = controller.textClient else { return }
        let suggestion = InputSuggestion(text: word + " ")
        if let textClient = client as? TextInputClient {
            textClient.insertInputSuggestion(suggestion)
        } else {
            client.insertText(suggestion.text)
        }
        afterOutput()
    }
}
