/// What a backend draws with. Coordinates are window points; the renderer applies the pixel
/// scale itself. The core only ever draws through this protocol (via `GraphicsContext`).
@MainActor
public protocol Renderer: AnyObject {
    /// The drawable size in points.
    var size: Size { get }
    /// Pixels per point.
    var scale: Double { get }
    /// Whether the previous frame's pixels are still there when the next begins (software and
    /// offscreen renderers), so that only damaged areas need drawing.
    var preservesContents: Bool { get }
    /// Starts a frame: fills the `damage` rectangles (window points), or everything when nil, with
    /// a colour.
    func beginFrame(clearColor: Color, damage: [Rect]?)
    /// Finishes the frame and shows it.
    func endFrame()
    /// Restricts drawing to a rectangle in window points, or lifts the restriction with `nil`.
    func setClip(_ rect: Rect?)
    /// Fills a rectangle.
    func fill(_ rect: Rect, color: Color)
    /// Fills a rectangle with rounded corners.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Strokes the outline of a rectangle with rounded corners, inside its edges.
    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color)
    /// Draws a straight line of the given width.
    func drawLine(from start: Point, to end: Point, width: Double, color: Color)
    /// Draws an image scaled into a rectangle, with an opacity.
    func drawImage(_ image: Image, in rect: Rect, alpha: Double)
    /// Draws a shaped run with the top-left of its line box at `origin`.
    func drawText(_ run: TextRun, at origin: Point, color: Color)
    /// Starts drawing into an offscreen layer of a size (points) kept for `owner`, cleared to
    /// transparent, with its top-left at the origin; false when the renderer has no layers (or is
    /// already drawing into one): the caller then draws directly.
    func beginLayer(for owner: AnyObject, size: Size) -> Bool
    /// Goes back to drawing the frame.
    func endLayer()
    /// Copies `owner`'s layer with its top-left at a point (window points); false if there is none
    /// (never drawn, or lost with the GPU's textures). `opaque` copies without blending.
    func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool
}

extension Renderer {
    /// No layers by default.
    public func beginLayer(for owner: AnyObject, size: Size) -> Bool { false }
    /// No layers by default.
    public func endLayer() {}
    /// No layers by default.
    public func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool { false }
}

/// Font metrics and shaping, from the backend (SDL_ttf) or a test font.
@MainActor
public protocol FontProvider: AnyObject {
    /// Vertical metrics of a font.
    func metrics(for font: Font) -> FontMetrics
    /// Shapes one line of text: the start of every Unicode scalar, kerning included.
    func shape(_ text: String, font: Font) -> TextRun
}

/// The system clipboard.
@MainActor
public protocol Clipboard: AnyObject {
    /// The text on the clipboard, if any; invalid UTF-8 arrives repaired with U+FFFD.
    var string: String? { get set }
    /// Whether the clipboard holds text.
    var hasStrings: Bool { get }
}

/// The connection to the platform's text input (IME) service.
@MainActor
public protocol TextInputConnection: AnyObject {
    /// Starts delivering text input and composition events.
    func startTextInput()
    /// Stops delivering text input events.
    func stopTextInput()
    /// Where the caret is, in window points, so the IME candidate window sits beside it.
    func setCaretRect(_ rect: Rect)
    /// Makes the input method drop its composition (the view committed it itself: a click, a
    /// secure field). Input methods may send the preedit again as a commit; the window drops that echo.
    func resetComposition()
    /// Whether text input is currently on.
    var isActive: Bool { get }
}

/// A monotonic time source in seconds. Tests use a virtual clock they advance by hand.
@MainActor
public protocol Clock: AnyObject {
    /// The current time in seconds from an arbitrary start.
    var now: Double { get }
}

/// Everything a window needs from its platform.
@MainActor
public protocol Backend: AnyObject {
    /// Font metrics and shaping.
    var fontProvider: FontProvider { get }
    /// The clipboard.
    var clipboard: Clipboard { get }
    /// The text-input (IME) connection.
    var textInput: TextInputConnection { get }
    /// The clock animations and timers run on.
    var clock: Clock { get }
    /// Asks for a frame to be drawn soon; an idle backend sleeps until this or an event.
    func setNeedsRedraw()
}
