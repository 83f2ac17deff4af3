extension View {
    /// Draws the view and its subviews with their on-screen (presentation) geometry. The
    /// context is in the superview's coordinates on entry and is restored on exit.
    func drawHierarchy(in context: GraphicsContext) {
        let shownAlpha = presentationAlpha
        guard !isHidden, shownAlpha > 0.001 else { return }
        let f = presentationFrame
        guard context.isVisible(f) || !clipsToBounds && !subviews.isEmpty else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.multiplyAlpha(shownAlpha)
        let b = presentationBounds
        context.translateBy(x: f.minX - b.minX, y: f.minY - b.minY)
        if let background = presentationBackgroundColor, background.alpha > 0 {
            if cornerRadius > 0 {
                context.fillRoundedRect(b, radius: cornerRadius, color: background)
            } else {
                context.fill(b, color: background)
            }
        }
        draw(b, in: context)
        if !subviews.isEmpty {
            if clipsToBounds {
                context.saveGState()
                context.clip(to: b)
            }
            for subview in subviews { subview.drawHierarchy(in: context) }
            if clipsToBounds { context.restoreGState() }
        }
        if borderWidth > 0 {
            context.strokeRoundedRect(b, radius: cornerRadius, lineWidth: borderWidth, color: borderColor)
        }
        drawOverlay(b, in: context)
    }

    /// The font provider for measuring text: the window's backend, or the fallback outside a window.
    public var fontProvider: FontProvider { window?.backend.fontProvider ?? FontProviders.fallback }
}
