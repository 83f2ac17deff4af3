// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The composition engine's candidates: in the suggestion bar, as many of the page as fit, with
/// a button that expands them into a panel over the keys (the whole page, with page turns).
extension KeyboardView {
    /// The candidates of the page shown (empty when nothing is being composed).
    @_spi(Testing) public var candidates: [String] { shownComposition.candidates }

    /// The input session's composition, whichever source it is from.
    private var shownComposition: CompositionState { controller.window.inputSession?.composition ?? .empty }

    package var candidateFont: Font { Font.systemFont(ofSize: (keyHeight * 0.42).rounded()) }

    /// The expand button's width at the bar's right end.
    private var expandButtonWidth: Double { (keyHeight * 1.1).rounded() }

    private var candidateStrip: CandidateStrip {
        CandidateStrip(font: candidateFont, height: suggestionBarHeight, unit: keyHeight, highContrast: highContrastTheme)
    }

    /// The bar's candidate cells, left to right, as many as fit between the clause buttons and
    /// the expand button.
    @_spi(Testing) public var candidateFrames: [Rect] {
        guard showsSuggestionBar, !candidates.isEmpty else { return [] }
        let buttons = clauseButtonFrames.last?.frame.maxX ?? 0
        return candidateStrip.frames(for: candidates, width: bounds.width - expandButtonWidth - buttons, fontProvider: fontProvider)
            .map { $0.offsetBy(dx: buttons, dy: 0) }
    }

    /// While a clause is converted (Japanese), the buttons at the bar's left that move the
    /// conversion to the clause before or after, and make the clause a kana shorter or longer.
    @_spi(Testing) public var clauseButtonFrames: [(input: ComposerInput, label: String, frame: Rect)] {
        guard showsSuggestionBar, !candidates.isEmpty, shownComposition.convertingSegment != nil else { return [] }
        let width = (keyHeight * 0.9).rounded()
        let buttons: [(ComposerInput, String)] = [
            (.focusSegment(next: false), "◀"), (.focusSegment(next: true), "▶"),
            (.resizeSegment(longer: false), "縮"), (.resizeSegment(longer: true), "伸"),
        ]
        return buttons.enumerated().map { index, button in
            (button.0, button.1, Rect(x: Double(index) * width, y: 0, width: width, height: suggestionBarHeight))
        }
    }

    /// What a clause button does, as a screen reader says it.
    static func clauseButtonName(_ input: ComposerInput, in language: String) -> String {
        let word: BarHintWord =
            switch input {
            case .focusSegment(next: false): .previousClause
            case .focusSegment(next: true): .nextClause
            case .resizeSegment(longer: false): .shorterClause
            default: .longerClause
            }
        return word.text(language)
    }

    /// The button that opens (or closes) the candidate panel.
    @_spi(Testing) public var candidateExpandButtonFrame: Rect? {
        guard showsSuggestionBar, !candidates.isEmpty else { return nil }
        return Rect(x: bounds.width - expandButtonWidth, y: 0, width: expandButtonWidth, height: suggestionBarHeight)
    }

    func drawCandidateBar(in context: GraphicsContext) {
        let selected = shownComposition.selectedCandidate
        if let selected, candidateFrames.indices.contains(selected) {
            context.fill(candidateFrames[selected].insetBy(dx: 2, dy: 4), color: Color.systemBlue.withAlphaComponent(0.18))
        }
        candidateStrip.draw(candidates, in: candidateFrames, context: context, highlighted: selected ?? 0)
        let metrics = context.fontProvider.metrics(for: candidateFont)
        for button in clauseButtonFrames {
            let run = context.shape(button.label, font: candidateFont)
            context.fill(button.frame.insetBy(dx: 2, dy: 4), color: highContrastTheme ? Color(white: 0.3) : .cardBackground)
            context.drawText(
                run, at: Point(x: (button.frame.midX - run.width / 2).rounded(), y: (button.frame.midY - metrics.lineHeight / 2).rounded()),
                color: highContrastTheme ? .white : .label)
        }
        if let button = candidateExpandButtonFrame {
            let metrics = context.fontProvider.metrics(for: candidateFont)
            let run = context.shape(candidatePanel == nil ? "⌄" : "⌃", font: candidateFont)
            context.drawText(
                run, at: Point(x: (button.midX - run.width / 2).rounded(), y: (button.midY - metrics.lineHeight / 2).rounded()),
                color: highContrastTheme ? .white : .label)
        }
    }

    /// A touch in the bar while composing: a candidate is taken, the button opens the panel.
    func candidateBarTouched(at point: Point) {
        if let button = candidateExpandButtonFrame, button.contains(point) {
            if candidatePanel == nil { showCandidatePanel() } else { hideCandidatePanel() }
            setNeedsDisplay()
            return
        }
        if let button = clauseButtonFrames.first(where: { $0.frame.contains(point) }) {
            controller.adjustConversion(button.input)
            return
        }
        if let index = candidateFrames.firstIndex(where: { $0.contains(point) }) { controller.chooseCandidate(at: index) }
    }

    /// The session's composition changed: the bar and the panel show its candidates.
    func compositionDidChange() {
        let composition = shownComposition
        model.compositionPhase =
            composition.convertingSegment != nil
            ? .converting
            : composition.preedit.isEmpty || model.composition == nil ? .none : .reading
        if candidates.isEmpty {
            hideCandidatePanel()
        } else if let panel = candidatePanel {
            fill(panel)
        }
        refreshSuggestions()
        setNeedsDisplay()
    }

    /// Opens the panel over the keys with the page's candidates.
    @_spi(Testing) public func showCandidatePanel() {
        guard !candidates.isEmpty else { return }
        let panel = candidatePanel ?? CandidatePanelView(font: candidateFont)
        panel.frame = Rect(x: 0, y: suggestionBarHeight, width: bounds.width, height: bounds.height - suggestionBarHeight)
        fill(panel)
        panel.onTurn = { [weak self] forward in self?.controller.turnCandidatePage(forward: forward) }
        if panel.superview !== self { addSubview(panel) }
        candidatePanel = panel
    }

    /// The panel shows every candidate of the keyboard's engine in its grid, or another source's
    /// page with page turns.
    private func fill(_ panel: CandidatePanelView) {
        if let all = controller.engines.allCandidates() {
            // Rare characters no installed font draws (librime offers CJK extension B) are left out.
            let drawable = all.indices.filter { index in
                !fontProvider.shape(all[index], font: candidateFont).glyphs.contains { $0.id == 0 }
            }
            panel.candidates = drawable.map { all[$0] }
            panel.canTurnBack = false
            panel.canTurnForward = false
            panel.onChoose = { [weak self] index in
                if drawable.indices.contains(index) { self?.controller.engines.chooseFromAll(drawable[index]) }
            }
        } else {
            panel.candidates = candidates
            panel.canTurnBack = shownComposition.page > 0
            panel.canTurnForward = !shownComposition.isLastPage
            panel.onChoose = { [weak self] index in self?.controller.chooseCandidate(at: index) }
        }
    }

    /// Closes the candidate panel.
    @_spi(Testing) public func hideCandidatePanel() {
        candidatePanel?.removeFromSuperview()
        candidatePanel = nil
    }
}
