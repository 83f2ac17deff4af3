import Foundation

/// What is laid out and drawn: the masked or decorated document, the layout made from it, and
/// the secure field's briefly revealed character.
extension TextEditingView {
    func refreshDisplay() {
        if let dirty = layout.update(displayDocument) { damage(band: dirty) }
        setNeedsDisplay()
    }

    func reveal(_ range: Range<Int>?) {
        if let token = revealTimer { window?.animator.cancel(token) }
        revealTimer = nil
        revealedRange = range
        guard range != nil, let animator = window?.animator else { return }
        revealTimer = animator.schedule(after: revealDuration) { [weak self] in
            guard let self else { return }
            self.revealTimer = nil
            self.revealedRange = nil
            self.refreshDisplay()
        }
    }

    /// Lays the text out again after the host's decorations (`EditorHost.editor(_:decorating:)`) changed.
    func decorationsDidChange() {
        decorationCache = nil
        refreshDisplay()
    }

    /// The model's document with its decorations, made once per edit (the layout reads it often).
    var decoratedDocument: TextDocument {
        let document = model.document
        guard let host, host.decoratesText else { return document }
        let lineage = ObjectIdentifier(document.lineage)
        if let cache = decorationCache, cache.editCount == document.editCount, cache.lineage == lineage {
            return cache.document
        }
        let made = host.editor(self, decorating: document.detached())  // a lineage of its own: layouts lay it out whole
        decorationCache = (document.editCount, lineage, made)
        return made
    }

    /// A layout of the displayed document (its own copy: paragraphs are stored in chunks, so the
    /// model's next edit does not copy them all).
    func makeLayout(fontProvider: FontProvider) -> TextLayout {
        model.segmenter = fontProvider.segmenter  // words as the fonts' backend finds them (UAX #29)
        let made = TextLayout(
            document: displayDocument, font: appearance.font, fontProvider: fontProvider,
            wrapWidth: isSingleLine ? nil : (fixedWrapWidth ?? max(1, bounds.width - appearance.contentInsets.horizontal)))
        made.alignment = appearance.textAlignment
        made.naturalDirection = naturalDirection
        return made
    }

    func rebuildLayout() {
        layout = makeLayout(fontProvider: fontProvider)
        setNeedsDisplay()
    }

    /// What is laid out and drawn: the model's document, or for masked text its mask (a bullet
    /// per character, offsets kept).
    public var displayDocument: TextDocument {
        masksText ? mask.masked(model.document, revealing: revealedRange) : decoratedDocument
    }

    /// Lays the text out again when the fonts it measures with are no longer the view's.
    func syncFontProvider() {
        if layout.fontProvider !== fontProvider { rebuildLayout() }
    }
}
