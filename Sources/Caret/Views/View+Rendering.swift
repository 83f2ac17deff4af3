// SPDX-License-Identifier: Apache-2.0
extension View {
    /// Draws the view and its subviews with their on-screen (presentation) geometry. The
    /// context is in the superview's coordinates on entry and is restored on exit.
    func drawHierarchy(in context: GraphicsContext) {
        let shownAlpha = presentationAlpha
        guard !isHidden, shownAlpha > 0.001 else { return }
        let f = presentationFrame
        let shadow = shadowArea(frame: f)
        guard
            context.isVisible(f) || !clipsToBounds && !subviews.isEmpty && context.isVisible(subviewsExtent(in: f))
                || !shadow.isNull && context.isVisible(shadow)
        else { return }
        drawnShadowArea = shadow
        if !shadow.isNull { drawShadow(in: context, frame: f, alpha: shownAlpha) }
        if rasterizes, drawRasterized(in: context, frame: f, alpha: shownAlpha) { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.multiplyAlpha(shownAlpha)
        let b = presentationBounds
        context.translateBy(x: f.minX - b.minX, y: f.minY - b.minY)
        drawContents(in: context, bounds: b)
    }

    /// The layer's shadow, under the view, faded with it.
    private func drawShadow(in context: GraphicsContext, frame f: Rect, alpha: Double) {
        context.saveGState()
        defer { context.restoreGState() }
        context.multiplyAlpha(alpha)
        let b = presentationBounds
        context.translateBy(x: f.minX - b.minX, y: f.minY - b.minY)
        layerShadow.draw(shapes: shadowShapes(bounds: b), in: context)
    }

    /// Where the subviews (and theirs, as far as none clips) may draw, in the superview's
    /// coordinates, for a view at `f` that does not clip them: a view and all it holds are
    /// skipped when this misses the area being redrawn.
    private func subviewsExtent(in f: Rect) -> Rect {
        let b = presentationBounds
        var extent = Rect.null
        for subview in subviews where !subview.isHidden {
            let frame = subview.presentationFrame
            var sub = frame.union(subview.shadowArea(frame: frame))
            if !subview.clipsToBounds, !subview.subviews.isEmpty { sub = sub.union(subview.subviewsExtent(in: frame)) }
            extent = extent.union(sub)
        }
        return extent.isNull ? extent : extent.offsetBy(dx: f.minX - b.minX, dy: f.minY - b.minY)
    }

    /// Copies the view from its layer, drawing the layer first if its content changed; false when
    /// the renderer has no layers.
    private func drawRasterized(in context: GraphicsContext, frame f: Rect, alpha: Double) -> Bool {
        let renderer = context.renderer
        let origin = context.toWindow(f.origin)
        let opaque = cornerRadius == 0 && (presentationBackgroundColor?.alpha ?? 0) >= 1
        let b = presentationBounds
        if rasterIsValid, rasterSize == f.size, rasterDamage == nil,
            renderer.drawLayer(for: self, at: origin, alpha: alpha * context.alpha, opaque: opaque)
        {
            return true
        }
        // Where it changed, if the layer is whole otherwise and still there; else all of it.
        let damage = rasterIsValid && rasterSize == f.size ? rasterDamage.map { Self.wholePoints($0.offsetBy(dx: -b.minX, dy: -b.minY)) } : nil
        rasterDamage = nil
        let layerContext = GraphicsContext(renderer: renderer, fontProvider: context.fontProvider)
        layerContext.increasesContrast = context.increasesContrast
        layerContext.userInterfaceStyle = context.userInterfaceStyle
        if let damage, renderer.updateLayer(for: self, size: f.size, in: damage) {
            layerContext.clip(to: damage)
        } else {
            guard renderer.beginLayer(for: self, size: f.size) else { return false }
        }
        layerContext.translateBy(x: -b.minX, y: -b.minY)
        drawContents(in: layerContext, bounds: b)
        renderer.endLayer()
        context.reapplyClip()
        rasterIsValid = true
        rasterSize = f.size
        return renderer.drawLayer(for: self, at: origin, alpha: alpha * context.alpha, opaque: opaque)
    }

    /// A rectangle widened to whole points.
    private static func wholePoints(_ rect: Rect) -> Rect {
        let x = rect.minX.rounded(.down), y = rect.minY.rounded(.down)
        return Rect(x: x, y: y, width: rect.maxX.rounded(.up) - x, height: rect.maxY.rounded(.up) - y)
    }

    /// The view's background, content, subviews, border and overlay, in its own coordinates.
    private func drawContents(in context: GraphicsContext, bounds b: Rect) {
        if let traits = traitState.last { context.userInterfaceStyle = traits.resolvedStyle }
        if let background = presentationBackgroundColor, background.alpha > 0, context.clearedBackground !== self {
            if cornerRadius > 0 {
                context.fillRoundedRect(b, radius: cornerRadius, color: background)
            } else {
                context.fill(b, color: background)
            }
        }
        // A view that clips draws its own content inside its bounds too, as a UIKit view's
        // backing store holds only its bounds (a field's scrolled text stays in its editing rect).
        if clipsToBounds {
            context.saveGState()
            context.clip(to: b)
        }
        let calls = context.drawCount
        drawReachedBase = false
        draw(b, in: context)
        drewOwnContent = !drawReachedBase || context.drawCount != calls
        for subview in subviews { subview.drawHierarchy(in: context) }
        if clipsToBounds { context.restoreGState() }
        if borderWidth > 0 {
            context.strokeRoundedRect(b, radius: cornerRadius, lineWidth: borderWidth, color: borderColor)
        }
        let beforeOverlay = context.drawCount
        drawOverlay(b, in: context)
        overlayDrawCount = context.drawCount - beforeOverlay
    }

    /// The font provider for measuring text: the window's; in no window, the nearest
    /// `detachedFontProvider` up the superview chain, else the app's window's fonts, else
    /// `FontProviders.detached`.
    public var fontProvider: FontProvider {
        if let window { return window.backend.fontProvider }
        var view: View? = self
        while let current = view {
            if let provider = current.detachedFontProvider { return provider }
            view = current.superview
        }
        return FontProviders.application ?? FontProviders.detached
    }
}
