import Foundation

/// The composition engine's candidates: in the suggestion bar, as many of the page as fit, with
/// a button that expands them into a panel over the keys (the whole page, with page turns).
extension KeyboardView {
    /// The candidates of the page shown (empty when nothing is being composed).
    public var candidates: [String] { shownComposition.candidates }

    /// The input session's composition, whichever source it is from.
    private var shownComposition: CompositionState { controller.window.inputSession?.composition ?? .empty }

    var candidateFont: Font { Font.systemFont(ofSize: (keyHeight * 0.42).rounded()) }

    /// The expand button's width at the bar's right end.
    private var expandButtonWidth: Double { (keyHeight * 1.1).rounded() }

    private var candidateStrip: CandidateStrip {
        CandidateStrip(font: candidateFont, height: suggestionBarHeight, unit: keyHeight, highContrast: highContrastTheme)
    }

    /// The bar's candidate cells, left to right, as many as fit before the expand button.
    public var candidateFrames: [Rect] {
        guard showsSuggestionBar, !candidates.isEmpty else { return [] }
        return candidateStrip.frames(for: candidates, width: bounds.width - expandButtonWidth, fontProvider: fontProvider)
    }

    /// The button that opens (or closes) the candidate panel.
    public var candidateExpandButtonFrame: Rect? {
        guard showsSuggestionBar, !candidates.isEmpty else { return nil }
        return Rect(x: bounds.width - expandButtonWidth, y: 0, width: expandButtonWidth, height: suggestionBarHeight)
    }

    func drawCandidateBar(in context: GraphicsContext) {
        candidateStrip.draw(candidates, in: candidateFrames, context: context)
        if let button = candidateExpandButtonFrame {
            let metrics = context.fontProvider.metrics(for: candidateFont)
            let run = context.shape(candidatePanel == nil ? "⌄" : "⌃", font: candidateFont)
            context.drawText(
                run, at: Point(x: (button.midX - run.width / 2).rounded(), y: (button.midY - metrics.lineHeight / 2).rounded()),
                color: highContrastTheme ? .white : .black)
        }
    }

    /// A touch in the bar while composing: a candidate is taken, the button opens the panel.
    func candidateBarTouched(at point: Point) {
        if let button = candidateExpandButtonFrame, button.contains(point) {
            if candidatePanel == nil { showCandidatePanel() } else { hideCandidatePanel() }
            setNeedsDisplay()
            return
        }
        if let index = candidateFrames.firstIndex(where: { $0.contains(point) }) { controller.chooseCandidate(at: index) }
    }

    /// The session's composition changed: the bar and the panel show its candidates.
    func compositionDidChange() {
        if candidates.isEmpty {
            hideCandidatePanel()
        } else {
            candidatePanel?.candidates = candidates
            candidatePanel?.canTurnBack = shownComposition.page > 0
            candidatePanel?.canTurnForward = !shownComposition.isLastPage
        }
        refreshSuggestions()
        setNeedsDisplay()
    }

    /// Opens the panel over the keys with the page's candidates.
    public func showCandidatePanel() {
        guard !candidates.isEmpty else { return }
        let panel = candidatePanel ?? CandidatePanelView(font: candidateFont)
        panel.frame = Rect(x: 0, y: suggestionBarHeight, width: bounds.width, height: bounds.height - suggestionBarHeight)
        panel.candidates = candidates
        panel.canTurnBack = shownComposition.page > 0
        panel.canTurnForward = !shownComposition.isLastPage
        panel.onChoose = { [weak self] index in self?.controller.chooseCandidate(at: index) }
        panel.onTurn = { [weak self] forward in self?.controller.turnCandidatePage(forward: forward) }
        if panel.superview !== self { addSubview(panel) }
        candidatePanel = panel
    }

    /// Closes the candidate panel.
    public func hideCandidatePanel() {
        candidatePanel?.removeFromSuperview()
        candidatePanel = nil
    }
}
