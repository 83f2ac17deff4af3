// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Frames: asking for one (to lay out, or to redraw what was damaged), the damage kept as a few
/// window rectangles until then, and drawing a frame into a renderer — only the damaged area on
/// a renderer that keeps its pixels, the layers under the opaque keyboard skipping its strip.
extension Window {
    /// Whether something must be drawn: a layout or display request, or a running animation.
    @_spi(Backend) public var needsFrame: Bool { frames.isFrameRequested || animator.isAnimating }

    /// Asks for a frame that redraws the whole window.
    @_spi(Backend) public func setNeedsFrame() { frames.requestFullRedraw() }

    /// Asks for a frame (to run layout); it redraws only what was marked damaged.
    @_spi(Backend) public func requestFrame() { frames.requestFrame() }

    /// Marks a rectangle in window coordinates to be drawn again in the next frame. Damage is
    /// kept as a few rectangles, so that a change at the top and one at the bottom (a focused
    /// field and the sliding keyboard) do not redraw everything between them.
    public func setNeedsDisplay(inWindowRect rect: Rect) { frames.add(rect, within: bounds) }

    /// What the next frame will redraw on a renderer that keeps its pixels: nil for everything.
    @_spi(Backend) public var pendingDamage: [Rect]? { frames.pending(adding: scrollBlit.heldDamage, within: bounds) }

    /// Advances animations and timers to the clock's time.
    @_spi(Backend) public func tick() { animator.tick() }

    /// Lays out and draws the window into a renderer, then presents it. A renderer that keeps its
    /// pixels gets only the damaged area redrawn (animations damage where views were and are).
    /// Returns whether anything was drawn.
    @discardableResult
    @_spi(Backend) public func render(to renderer: Renderer) -> Bool {
        screen.drawnScale = renderer.scale
        let drawsDamageOnly = renderer.preservesContents && !kiosk.isScreenBlanked
        layoutPhase(drawsDamageOnly: drawsDamageOnly, movesPixels: drawsDamageOnly && renderer.movesPixels)
        let scroll = scrollBlit.plannedScroll
        scrollBlit.plannedScroll = nil
        if kiosk.isScreenBlanked {
            // Black, all of it: the next frame after waking redraws everything.
            renderer.beginFrame(clearColor: .black, damage: nil)
            renderer.endFrame()
            frames.frameBegins(nextRedrawsAll: true)
            return true
        }
        // The pixels a scroll moves, or, where the renderer could not, the area drawn.
        let moved = scroll.map { renderer.scrollPixels(in: $0.area, by: $0.dy) } ?? false
        if let scroll, !moved { setNeedsDisplay(inWindowRect: scroll.area) }
        let area = renderer.preservesContents ? pendingDamage : nil
        frames.frameBegins()
        if let area, area.isEmpty {  // nothing on screen changed
            frames.lastFrameRects = []
            frames.lastFrameScroll = nil
            return false
        }
        let clips = area.map { rects in FrameDamage.disjoint(rects.map(\.integral)) }
        frames.lastFrameRects = clips ?? [bounds]
        frames.lastFrameScroll = clips != nil && moved ? scroll : nil
        let context = GraphicsContext(renderer: renderer, fontProvider: backend.fontProvider)
        context.increasesContrast = prefersHighContrast
        let cover = keyboard.presence.opaqueRect
        // The layers under the keyboard skip the strip it covers: it is opaque and drawn last.
        func uncovered(_ clip: Rect) -> Rect {
            var under = clip
            if !cover.isNull, cover.minX <= clip.minX, cover.maxX >= clip.maxX, cover.maxY >= clip.maxY {
                under.size.height = max(0, min(clip.maxY, cover.minY) - clip.minY)
            }
            return under
        }
        // A root view whose opaque background covers the window: the clear paints it.
        let base = rootBackground
        context.clearedBackground = base?.view
        context.userInterfaceStyle = drawnStyle
        let background = base?.color ?? context.resolved(presentationBackgroundColor ?? .black)
        if let clips {
            // Nor is the strip cleared first (a point more than the cover leaves, for rounding).
            let clearing = clips.map { clip in
                let under = uncovered(clip)
                return under.height == clip.height
                    ? clip : Rect(x: clip.minX, y: clip.minY, width: clip.width, height: min(clip.height, (under.height + 1).rounded(.up)))
            }
            renderer.beginFrame(clearColor: background, damage: clips, clearing: clearing)
        } else {
            renderer.beginFrame(clearColor: background, damage: nil)
        }
        let before = checksDrawingChangesNothing ? DrawingCheck.geometrySignature(of: [contentLayer, modalLayer, topLayer]) : []
        for clip in clips ?? [bounds] {
            context.saveGState()
            context.clip(to: clip)
            let under = uncovered(clip)
            if !under.isEmpty {
                context.saveGState()
                context.clip(to: under)
                contentLayer.drawHierarchy(in: context)
                modalLayer.drawHierarchy(in: context)
                context.restoreGState()
            }
            topLayer.drawHierarchy(in: context)
            context.restoreGState()
        }
        renderer.endFrame()
        if checksDrawingChangesNothing, DrawingCheck.geometrySignature(of: [contentLayer, modalLayer, topLayer]) != before {
            reportDrawingProblem("a view's frame or bounds changed while the window drew")
        }
        return true
    }

    /// The root view and its background when that is one opaque colour over the whole window
    /// with nothing under it: the frame is cleared to that colour and the view's own fill is
    /// skipped (one window-sized fill less a frame; the pixels are the same).
    var rootBackground: (view: View, color: Color)? {
        guard let root = rootView, contentLayer.subviews.first === root, !contentLayer.isHidden, !root.isHidden,
            contentLayer.presentationAlpha >= 1, root.presentationAlpha >= 1, root.cornerRadius == 0, !root.rasterizes,
            (contentLayer.presentationBackgroundColor?.alpha ?? 0) == 0, contentLayer.borderWidth == 0,
            let color = root.presentationBackgroundColor, color.alpha >= 1
        else { return nil }
        let layer = contentLayer.presentationFrame, layerBounds = contentLayer.presentationBounds
        let frame = root.presentationFrame.offsetBy(dx: layer.minX - layerBounds.minX, dy: layer.minY - layerBounds.minY)
        guard frame.minX <= bounds.minX, frame.minY <= bounds.minY, frame.maxX >= bounds.maxX, frame.maxY >= bounds.maxY else { return nil }
        let resolved = color.resolvedColor(with: root.drawnStyle)
        return (root, prefersHighContrast ? resolved.increasedContrast : resolved)
    }
}

extension Window: ScrollBlitHost {
    /// The keyboard's opaque strip.
    var opaqueCover: Rect { keyboard.presence.opaqueRect }
    /// The scale the last frame was drawn at.
    var drawnScale: Double { screen.drawnScale }
    /// Neither a blanked screen nor a loupe (which shows pixels read while the frame is drawn).
    var mayMovePixels: Bool { !kiosk.isScreenBlanked && !showsTextLoupe }
}
