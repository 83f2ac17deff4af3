// SPDX-License-Identifier: Apache-2.0
/// What a backend draws with. Coordinates are window points; the renderer applies the pixel
/// scale itself. The core only ever draws through this protocol (via `GraphicsContext`).
@preconcurrency @MainActor
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
    /// Starts a frame that redraws `damage` but fills only `clearing` (inside it) with the colour:
    /// the rest is about to be covered by something opaque (the keyboard).
    func beginFrame(clearColor: Color, damage: [Rect], clearing: [Rect])
    /// Whether `scrollPixels(in:by:)` can move the kept pixels of the window.
    var movesPixels: Bool { get }
    /// Moves the pixels of a window area up by `dy` points (down when negative), before the frame
    /// begins; false when it could not (the area is then drawn).
    func scrollPixels(in area: Rect, by dy: Double) -> Bool
    /// Finishes the frame and shows it.
    func endFrame()
    /// Restricts drawing to a rectangle in window points, or lifts the restriction with `nil`.
    func setClip(_ rect: Rect?)
    /// Fills a rectangle.
    func fill(_ rect: Rect, color: Color)
    /// Fills several rectangles in one colour (one call for many small ones: dotted underlines).
    func fill(_ rects: [Rect], color: Color)
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
    /// Starts drawing into `owner`'s kept layer again only inside `rect` (layer points, whole
    /// pixels): that part is cleared to transparent, the rest kept; false when there is no layer
    /// of this size (the caller then draws the layer whole).
    func updateLayer(for owner: AnyObject, size: Size, in rect: Rect) -> Bool
    /// Goes back to drawing the frame.
    func endLayer()
    /// Copies `owner`'s layer with its top-left at a point (window points); false if there is none
    /// (never drawn, or lost with the GPU's textures). `opaque` copies without blending.
    func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool
    /// The pixels drawn so far in a rectangle of the frame (window points, cut to the frame): what
    /// the text loupe magnifies. Nil when the renderer cannot read back what it drew.
    func snapshot(of rect: Rect) -> Image?
}

extension Renderer {
    /// Each rectangle on its own by default.
    public func fill(_ rects: [Rect], color: Color) {
        for rect in rects { fill(rect, color: color) }
    }
}

extension Renderer {
    /// No read-back by default.
    public func snapshot(of rect: Rect) -> Image? { nil }
}

extension Renderer {
    /// No layers by default.
    public func beginLayer(for owner: AnyObject, size: Size) -> Bool { false }
    /// No layers by default.
    public func updateLayer(for owner: AnyObject, size: Size, in rect: Rect) -> Bool { false }
    /// No layers by default.
    public func endLayer() {}
    /// Pixels are drawn, not moved, by default.
    public var movesPixels: Bool { false }
    /// Nothing to move by default.
    public func scrollPixels(in area: Rect, by dy: Double) -> Bool { false }
    /// No layers by default.
    public func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool { false }
}

extension Renderer {
    /// Fills all of the damage: correct for every renderer, if not the cheapest.
    public func beginFrame(clearColor: Color, damage: [Rect], clearing: [Rect]) {
        beginFrame(clearColor: clearColor, damage: damage)
    }
}
