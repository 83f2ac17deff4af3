// SPDX-License-Identifier: Apache-2.0
/// Font metrics, shaping and text segmentation, from the backend (HarfBuzz, FreeType and ICU
/// through CaretText) or a test font.
@preconcurrency @MainActor
public protocol FontProvider: AnyObject {
    /// Vertical metrics of a font.
    func metrics(for font: Font) -> FontMetrics
    /// Shapes one line of text: the start of every Unicode scalar, kerning included.
    func shape(_ text: String, font: Font) -> TextRun
    /// Shapes one line of text whose embedding levels are known (one per UTF-16 unit, from the
    /// paragraph's `BidiParagraph`): each level run in its direction, the runs in visual order.
    func shape(_ text: String, font: Font, levels: [UInt8]) -> TextRun
    /// Word and line-break segmentation (a default extension gives `SimpleTextSegmenter`).
    var segmenter: TextSegmenter { get }
    /// The bidirectional algorithm (a default extension gives `SimpleBidiResolver`).
    var bidi: BidiResolver { get }
    /// Where a shaped run's glyphs put ink, from its pen origin on the baseline (y down), in
    /// points; nil when nothing is inked or the provider cannot tell (a default extension).
    func inkBounds(of run: TextRun) -> Rect?
}

extension FontProvider {
    /// Providers that draw by scalar ignore the levels: every run left to right.
    public func shape(_ text: String, font: Font, levels: [UInt8]) -> TextRun { shape(text, font: font) }
    /// UAX #9 reduced to script ranges, unless the provider gives the full algorithm.
    public var bidi: BidiResolver { SimpleBidiResolver() }
    /// A provider that draws no glyphs of its own cannot tell where ink goes.
    public func inkBounds(of run: TextRun) -> Rect? { nil }
}
