/// Font metrics and shaping, from the backend (SDL_ttf) or a test font.
@MainActor
public protocol FontProvider: AnyObject {
    /// Vertical metrics of a font.
    func metrics(for font: Font) -> FontMetrics
    /// Shapes one line of text: the start of every Unicode scalar, kerning included.
    func shape(_ text: String, font: Font) -> TextRun
}
