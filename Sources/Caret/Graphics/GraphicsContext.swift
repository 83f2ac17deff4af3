// SPDX-License-Identifier: Apache-2.0
/// What a view draws into during `draw(_:in:)`: the renderer seen through the view's own
/// coordinates, its clip and its inherited opacity. Views never see window coordinates.
@preconcurrency @MainActor
public final class GraphicsContext {
    /// The backend renderer behind this context.
    public let renderer: Renderer
    /// The font provider text is shaped with.
    public let fontProvider: FontProvider

    /// The high-contrast theme: named colours are drawn as their darker variants (set by the window).
    var increasesContrast = false
    /// The view whose background the frame's clear already painted: its fill is skipped.
    weak var clearedBackground: View?

    private struct State {
        var origin: Point
        var clip: Rect?
        var alpha: Double
        var style = UserInterfaceStyle.light
    }

    private var state: State
    private var stack: [State] = []

    /// Creates a context drawing into a renderer, starting in window coordinates.
    public init(renderer: Renderer, fontProvider: FontProvider) {
        self.renderer = renderer
        self.fontProvider = fontProvider
        self.state = State(origin: .zero, clip: nil, alpha: 1)
    }

    /// The current opacity applied to everything drawn.
    public var alpha: Double { state.alpha }

    /// The current clip in local coordinates, or `nil` when nothing clips.
    public var clipBounds: Rect? { state.clip.map { $0.offsetBy(dx: -state.origin.x, dy: -state.origin.y) } }

    /// Saves the translation, clip and opacity; `restoreGState()` brings them back.
    public func saveGState() { stack.append(state) }

    /// Restores the last saved state.
    public func restoreGState() {
        guard let saved = stack.popLast() else { return }
        let clipChanged = saved.clip != state.clip
        state = saved
        if clipChanged { renderer.setClip(state.clip) }
    }

    /// Sets the renderer's clip to this context's again (after drawing into a layer).
    public func reapplyClip() { renderer.setClip(state.clip) }

    /// Moves the origin of the local coordinate system.
    public func translateBy(x: Double, y: Double) {
        state.origin = Point(x: state.origin.x + x, y: state.origin.y + y)
    }

    /// Multiplies the opacity.
    public func multiplyAlpha(_ alpha: Double) { state.alpha *= max(0, min(1, alpha)) }

    /// Intersects the clip with a rectangle in local coordinates.
    public func clip(to rect: Rect) {
        let windowRect = toWindow(rect)
        let newClip = state.clip.map { $0.intersection(windowRect) } ?? windowRect
        state.clip = newClip.isNull ? Rect(x: windowRect.minX, y: windowRect.minY, width: 0, height: 0) : newClip
        renderer.setClip(state.clip)
    }

    /// Whether a local rectangle can show at all under the current clip.
    public func isVisible(_ rect: Rect) -> Bool {
        guard let clip = state.clip else { return true }
        return clip.intersects(toWindow(rect))
    }

    /// Converts a local point to window coordinates.
    public func toWindow(_ point: Point) -> Point { point + state.origin }
    /// Converts a local rectangle to window coordinates.
    public func toWindow(_ rect: Rect) -> Rect { rect.offsetBy(dx: state.origin.x, dy: state.origin.y) }

    /// The style dynamic colours are drawn in: the view's being drawn (set as each view draws).
    var userInterfaceStyle: UserInterfaceStyle {
        get { state.style }
        set { state.style = newValue }
    }

    /// A colour as this context draws it: resolved for the style, in the high-contrast theme's variant.
    func resolved(_ color: Color) -> Color {
        let color = color.resolvedColor(with: state.style)
        // The high-contrast variants are darker ones, for light grounds: the dark appearance keeps its own.
        return increasesContrast && state.style != .dark ? color.increasedContrast : color
    }

    private func faded(_ color: Color) -> Color {
        let color = resolved(color)
        return state.alpha >= 1 ? color : color.withAlphaComponent(color.alpha * state.alpha)
    }

    /// How many drawing calls were made through the context (a view that made none drew nothing of its own).
    private(set) var drawCount = 0

    /// Fills a rectangle.
    public func fill(_ rect: Rect, color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0 else { return }
        renderer.fill(toWindow(rect), color: faded(color))
    }

    /// Fills several rectangles in one colour, as one call to the renderer.
    public func fill(_ rects: [Rect], color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0, !rects.isEmpty else { return }
        // A loop, not `map(toWindow)`: a main-actor method passed as a function checks its actor per call.
        var moved: [Rect] = []
        moved.reserveCapacity(rects.count)
        for rect in rects { moved.append(rect.offsetBy(dx: state.origin.x, dy: state.origin.y)) }
        renderer.fill(moved, color: faded(color))
    }

    /// Fills a rectangle with rounded corners.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0 else { return }
        renderer.fillRoundedRect(toWindow(rect), radius: radius, color: faded(color))
    }

    /// Strokes a rectangle's outline inside its edges.
    public func stroke(_ rect: Rect, lineWidth: Double = 1, color: Color) {
        strokeRoundedRect(rect, radius: 0, lineWidth: lineWidth, color: color)
    }

    /// Strokes a rounded rectangle's outline inside its edges.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double = 1, color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0, lineWidth > 0 else { return }
        renderer.strokeRoundedRect(toWindow(rect), radius: radius, lineWidth: lineWidth, color: faded(color))
    }

    /// Draws a line.
    public func drawLine(from start: Point, to end: Point, width: Double = 1, color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0 else { return }
        renderer.drawLine(from: toWindow(start), to: toWindow(end), width: width, color: faded(color))
    }

    /// Draws an image scaled into a rectangle.
    public func drawImage(_ image: Image, in rect: Rect) {
        drawCount &+= 1
        guard state.alpha > 0 else { return }
        renderer.drawImage(image, in: toWindow(rect), alpha: state.alpha)
    }

    /// Shapes a line of text with the context's font provider.
    public func shape(_ text: String, font: Font) -> TextRun { fontProvider.shape(text, font: font) }

    /// Draws a shaped run with the top-left of its line box at `origin`.
    public func drawText(_ run: TextRun, at origin: Point, color: Color) {
        drawCount &+= 1
        guard color.alpha > 0, state.alpha > 0, !run.text.isEmpty else { return }
        renderer.drawText(run, at: toWindow(origin), color: faded(color))
    }

    /// Shapes and draws one line of text.
    public func drawText(_ text: String, font: Font, at origin: Point, color: Color) {
        drawText(shape(text, font: font), at: origin, color: color)
    }
}
