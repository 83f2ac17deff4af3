// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A frame goes edit → layout → draw, one way (ARCHITECTURE.md): before anything is drawn, the
/// window's layout phase settles every geometry a frame depends on — view layout, then what only
/// visible content decides (text lines replacing estimates, the content size and scroll anchor
/// that follow from them) — and drawing only reads. Debug builds check it: a frame whose drawing
/// changed a view's frame or bounds, or laid out a line, is reported and fails an assertion.
extension Window {
    /// Runs the layout phase: layout, then the visible content's layout for the area the frame
    /// will draw (the damage, or everything for a renderer that keeps no pixels), again while that
    /// moves anything or damages more (a scroll anchor keeping the line on screen in place shows
    /// other lines). Usually one or two passes; each pass that changes something has replaced
    /// estimates with lines, so it ends. A long text narrowed while scrolled to its end took
    /// seven (soak seed 261150010): the lines at the end came out shorter than estimated, the
    /// end moved up, and each pass uncovered lines above the last.
    func layoutPhase(drawsDamageOnly: Bool, movesPixels: Bool = false) {
        var laidOut = Rect.null
        var changed = true
        scrollBlit.plannedScroll = nil
        var passes = 0
        defer { drawingCheck.layoutPhaseTook(passes) }
        for _ in 0..<32 {
            // Layout the last pass asked for may add views inside the area already laid out (a
            // table placing a cell for a row a field's layout scrolled into view; soak seed
            // 290000068): their content is laid out by another pass.
            if subtreeNeedsLayout { changed = true }
            layoutIfNeeded()
            // The focus ring around the focused view where layout left it (FocusRing.swift):
            // the area it damages is drawn too, so its text is laid out now (soak seed 263000143).
            focus.ring.update(isFocusVisible: focus.isFocusVisible)
            // A scroll since the last frame: its pixels moved, or its view damaged (ScrollBlit.swift).
            scrollBlit.settle(movesPixels: movesPixels)
            // Drawing clips to the damage's whole pixels (`render(to:)`): that is what is laid out.
            let area = drawsDamageOnly ? (pendingDamage ?? [bounds]).reduce(Rect.null) { $0.union($1.integral) } : bounds
            if area.isNull || (!changed && laidOut.contains(area)) { break }
            passes += 1
            changed = false
            for layer in [contentLayer, modalLayer, topLayer] {
                if layer.layoutVisibleContentInHierarchy(visible: area) { changed = true }
            }
            laidOut = laidOut.union(area)
        }
        // A scroll in the last pass's layout is not left for the next frame (whose origin
        // would then not be the one drawn): its view is drawn whole.
        scrollBlit.settle(movesPixels: false)
    }

    // MARK: The check that drawing changes nothing

    /// Whether each frame checks that drawing changed no view's geometry and laid out no text
    /// (on in debug builds; the soak turns it on everywhere).
    @_spi(Testing) public var checksDrawingChangesNothing: Bool {
        get { drawingCheck.isOn }
        set { drawingCheck.isOn = newValue }
    }

    /// Runs the layout phase the next frame runs, for everything shown, without drawing: the
    /// geometry that frame shows (the soak checks it between frames).
    @_spi(Testing) public func layOutForNextFrame() { layoutPhase(drawsDamageOnly: false) }

    /// Records what a frame's drawing changed that the layout phase should have settled.
    func reportDrawingProblem(_ problem: String) { drawingCheck.report(problem) }
}

extension View {
    /// Lays out what only visible content decides, in this view and the views it shows, for a
    /// visible rectangle in the superview's coordinates (drawn geometry: presentation frames);
    /// returns whether anything moved.
    func layoutVisibleContentInHierarchy(visible: Rect) -> Bool {
        guard !isHidden, presentationAlpha > 0.001 else { return false }
        let f = presentationFrame, b = presentationBounds
        var mine = visible.offsetBy(dx: b.minX - f.minX, dy: b.minY - f.minY)
        if clipsToBounds { mine = mine.intersection(b) }
        guard !mine.isNull, !mine.isEmpty || !subviews.isEmpty else { return false }
        var changed = false
        if !mine.isNull, mine.intersects(b) { changed = layoutVisibleContent(in: mine.intersection(b)) }
        for subview in subviews where subview.layoutVisibleContentInHierarchy(visible: mine) { changed = true }
        return changed
    }
}
