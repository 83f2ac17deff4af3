/// Font metrics, shaping and text segmentation, from the backend (HarfBuzz, FreeType and ICU
/// through CaretText) or a test font.
@MainActor
public protocol FontProvider: AnyObject {
    /// Vertical metrics of a font.
    func metrics(for font: Font) -> FontMetrics
    /// Shapes one line of text: the start of every Unicode scalar, kerning included.
    func shape(_ text: String, font: Font) -> TextRun
    /// Word and line-break segmentation (a default extension gives `SimpleTextSegmenter`).
    var segmenter: TextSegmenter { get }
}
