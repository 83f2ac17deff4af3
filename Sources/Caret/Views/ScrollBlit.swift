// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A scroll view scrolled since the last frame, before its damage is decided: where it was drawn
/// then (its bounds' origin and its visible rectangle in the window).
struct ScrollSinceFrame {
    weak var view: ScrollView?
    /// The bounds' origin the last frame drew.
    var origin: Point
    /// What of the view the window showed, in window points.
    var visible: Rect
    /// Where its scroll indicators were drawn (their tracks, window points; none when hidden).
    var indicatorTracks: [Rect]
    /// The keyboard's opaque strip then.
    var cover: Rect
    /// The window's damage right after the view's last move: damage noted after it is in the
    /// coordinates of that move, which a later move in the same frame would leave behind.
    var damageAfterMove: [Rect] = []
    /// Whether something makes moving its pixels unsafe this frame (it redraws whole).
    var spoiled = false
}

/// What the scroll blit needs of its window (itself the root of the views it walks): its frame
/// bookkeeping, what covers or shows over the content, and the scale pixels are drawn at.
@MainActor
protocol ScrollBlitHost: View {
    /// The window's damage and frame requests.
    var frames: FrameDamage { get }
    /// The layer drawn over the keyboard.
    var topLayer: PassthroughView { get }
    /// The keyboard's opaque strip, drawn over the content and modal layers last.
    var opaqueCover: Rect { get }
    /// The scale the last frame was drawn at.
    var drawnScale: Double { get }
    /// Whether nothing else stops pixels from moving (a blanked screen, a loupe showing).
    var mayMovePixels: Bool { get }
    /// The root view and its fill when the frame's clear paints it.
    var rootBackground: (view: View, color: Color)? { get }
    /// Damages a rectangle in window points.
    func setNeedsDisplay(inWindowRect rect: Rect)
    /// Asks for a frame.
    func requestFrame()
}

/// Scrolling by moving pixels (ARCHITECTURE.md, "A frame"): a scroll view that only
/// scrolled since the last frame has, on a renderer that keeps its pixels and can move them, its
/// shown pixels moved by the scroll and only what scrolled in (and what changed) drawn, as a
/// compositor moves a scrolled layer. The checks below keep the moved pixels exactly what a
/// whole redraw would draw; anything they cannot vouch for (another view over it, a translucent
/// or animated view, a scroll by part of a pixel) redraws the view, as before.
@MainActor
final class ScrollBlit {
    private weak var host: ScrollBlitHost?
    /// A scroll view scrolled since the last frame, its damage held back.
    private var held: ScrollSinceFrame?
    /// The pixels the next frame moves instead of drawing.
    var plannedScroll: (area: Rect, dy: Double)?

    init(host: ScrollBlitHost) { self.host = host }

    /// A scroll view's bounds moved (not resized): true when the window holds the damage back
    /// to decide at the next frame whether the pixels can be moved; false: damage as usual.
    func hold(_ view: View) -> Bool {
        guard let host, let scrollView = view as? ScrollView, scrollView.isDescendant(of: host), !host.frames.needsFullRedraw else { return false }
        if let held {
            if held.view === scrollView {
                // Scrolled again: the origin drawn stays; damage noted since the last move is in
                // that move's coordinates, which this one leaves behind.
                if host.frames.rects != held.damageAfterMove { self.held?.spoiled = true }
                return true
            }
            // Two scroll views at once: both are redrawn.
            self.held = nil
            held.view?.setNeedsDisplay()
            return false
        }
        // A rasterised ancestor learns of damage only through setNeedsDisplay; a hidden view
        // draws nothing, and moving pixels for it would move another view's.
        var ancestor: View? = scrollView
        while let current = ancestor {
            if current.rasterizes || current.isHidden { return false }
            ancestor = current.superview
        }
        guard let visible = shownRect(of: scrollView) else { return false }
        held = ScrollSinceFrame(
            view: scrollView, origin: scrollView.presentationBounds.origin, visible: visible,
            indicatorTracks: scrollView.scrollIndicatorAlpha > 0 ? scrollView.indicatorTracksInWindow : [],
            cover: host.opaqueCover)
        host.requestFrame()
        return true
    }

    /// The held view's bounds moved: what is damaged now is in the coordinates before the move
    /// or of it (both are drawn).
    func heldDidMove(_ view: View) {
        if let host, held?.view === view { held?.damageAfterMove = host.frames.rects }
    }

    /// The damage a held scroll owes while undecided (`pendingDamage` includes it).
    var heldDamage: Rect? {
        guard let held, let view = held.view, let host, view.isDescendant(of: host) else { return nil }
        return view.convert(view.bounds, to: nil).insetBy(dx: -1, dy: -1)
    }

    /// Decides the held scroll (the layout phase, before it lays out what the frame draws): with
    /// a renderer that moves pixels, the pixels are planned to move and only what they cannot
    /// show is damaged; otherwise the view is damaged whole.
    func settle(movesPixels: Bool) {
        guard let held, let host else { return }
        self.held = nil
        guard let view = held.view, view.isDescendant(of: host) else { return }
        // One move a frame: a second scroll in the layout phase redraws the view.
        guard movesPixels, plannedScroll == nil, !held.spoiled, let (area, dy) = scrollMove(held, view) else {
            view.setNeedsDisplay()
            return
        }
        guard dy != 0 else { return }  // back where it was drawn
        // Damage noted before (in the coordinates of either side of the scroll) also lies where
        // its pixels go.
        for rect in host.frames.rects where Self.overlap(rect, area) {
            let moved = rect.intersection(area).offsetBy(dx: 0, dy: -dy).intersection(area)
            if !moved.isNull, !moved.isEmpty { host.setNeedsDisplay(inWindowRect: moved) }
        }
        // What scrolled in.
        let strip =
            dy > 0
            ? Rect(x: area.minX, y: area.maxY - dy, width: area.width, height: dy)
            : Rect(x: area.minX, y: area.minY, width: area.width, height: -dy)
        host.setNeedsDisplay(inWindowRect: strip)
        // The indicators stay put while the content moves under them: the old ones' pixels
        // moved with it, and the new ones are drawn where they are now.
        let tracks =
            held.indicatorTracks.map { $0.offsetBy(dx: 0, dy: -dy) }
            + (view.scrollIndicatorAlpha > 0 ? view.indicatorTracksInWindow : [])
        for track in tracks where Self.overlap(track, area) { host.setNeedsDisplay(inWindowRect: track.intersection(area)) }
        plannedScroll = (area, dy)
    }

    /// The area whose pixels move and by how much (points, up for a positive `dy`), or nil when
    /// moving them would not give what drawing gives.
    private func scrollMove(_ held: ScrollSinceFrame, _ view: ScrollView) -> (Rect, Double)? {
        guard let host else { return nil }
        let origin = view.presentationBounds.origin
        let scale = host.drawnScale
        // Animations elsewhere damage where their views go, as any change does, but the view
        // itself and the keyboard's strip must stay where they were. Pixels are whole points
        // only at whole scales (a rounded half pixel does not move with the content). A loupe
        // shows pixels read while the frame is drawn, some of them not drawn yet.
        guard !host.frames.needsFullRedraw, host.mayMovePixels, scale == scale.rounded(), origin.x == held.origin.x,
            view.presentationFrame == view.frame, host.opaqueCover == held.cover,
            var area = shownRect(of: view), area == held.visible
        else { return nil }
        let dy = Double(origin.y - held.origin.y)
        func whole(_ value: Double) -> Bool { abs((value * scale).rounded() - value * scale) < 1e-6 }
        guard whole(dy), [area.minX, area.minY, area.maxX, area.maxY].allSatisfy(whole) else { return nil }
        // The view paints all of its area itself, clipped, in one piece with nothing over it;
        // what it draws of its own is only its content and its indicators (not a subclass's
        // drawing placed by its bounds, which stays put on screen).
        guard view.clipsToBounds, view.cornerRadius == 0, view.borderWidth == 0, view.presentationAlpha >= 1,
            view.drewOwnContent == false, view.overlayDrawCount == view.indicatorDrawCount, backdropIsPlain(view, in: area)
        else { return nil }
        var ancestor = view.superview
        var layer: View = view
        while let current = ancestor, current !== host {
            guard current.presentationAlpha >= 1, current.borderWidth == 0, !current.rasterizes, !current.isHidden,
                current.overlayDrawCount == 0, ((current as? ScrollView)?.scrollIndicatorAlpha ?? 0) == 0
            else { return nil }
            layer = current
            ancestor = current.superview
        }
        // The keyboard's opaque strip is drawn over the content and modal layers last: the area
        // stops above it. The top layer is drawn over the keyboard.
        let cover = host.opaqueCover
        if !cover.isNull, Self.overlap(cover, area) {
            guard layer !== host.topLayer, cover.minX <= area.minX, cover.maxX >= area.maxX, cover.maxY >= area.maxY else { return nil }
            area.size.height = max(0, cover.minY - area.minY)
            guard whole(area.maxY) else { return nil }
        }
        guard abs(dy) < area.height, !drawnOver(view, in: area) else { return nil }
        return (area, dy)
    }

    /// Whether a view's own fill covers its bounds opaquely (or the frame's clear paints it).
    private func paintsItsArea(_ view: View) -> Bool {
        if let root = host?.rootBackground, root.view === view { return true }
        return (view.presentationBackgroundColor?.alpha ?? 0) >= 1 && view.cornerRadius == 0
    }

    /// Whether what the view's content is drawn over in the area is one colour all over, which
    /// moving leaves as it was: its own opaque fill, or that of the nearest ancestor that has
    /// one (or the frame's clear), with nothing drawn between (an ancestor's own drawing, a
    /// sibling under it, a translucent fill).
    private func backdropIsPlain(_ view: View, in area: Rect) -> Bool {
        if paintsItsArea(view) { return true }
        guard (view.presentationBackgroundColor?.alpha ?? 0) == 0 else { return false }
        var child: View = view
        while let parent = child.superview {
            guard let index = parent.subviews.firstIndex(where: { $0 === child }) else { return false }
            for earlier in parent.subviews[..<index] where reaches(earlier, into: area) { return false }
            if parent === host { return true }  // the frame's clear colour
            guard parent.drewOwnContent == false || parent is PassthroughView else { return false }
            if paintsItsArea(parent) { return windowRect(of: parent)?.contains(area) ?? false }
            guard (parent.presentationBackgroundColor?.alpha ?? 0) == 0 else { return false }
            child = parent
        }
        return false
    }

    /// Whether anything drawn after the view (a later sibling of it or of an ancestor, a modal
    /// view, the top layer's rings, popups and keyboard) reaches into the area.
    private func drawnOver(_ view: View, in area: Rect) -> Bool {
        var child: View = view
        while let parent = child.superview {
            guard let index = parent.subviews.firstIndex(where: { $0 === child }) else { return true }
            for later in parent.subviews[(index + 1)...] where reaches(later, into: area) { return true }
            child = parent
        }
        return false
    }

    /// Whether a shown view or what it holds draws inside a window area.
    private func reaches(_ view: View, into area: Rect) -> Bool {
        guard !view.isHidden, view.presentationAlpha > 0.001, let frame = windowRect(of: view) else { return false }
        let overlaps = Self.overlap(frame, area)
        if Self.overlap(view.shadowArea(frame: frame), area) { return true }  // its shadow, outside its frame
        // A container draws nothing of its own (its drawing last time reached View's empty
        // `draw` and drew nothing, and it has no fill, border or overlay); what it holds may.
        let container =
            view.drewOwnContent == false && view.borderWidth == 0 && view.overlayDrawCount == 0
            && (view.presentationBackgroundColor?.alpha ?? 0) == 0
        if overlaps && !container { return true }
        if view.clipsToBounds && !overlaps { return false }
        let inside = view.clipsToBounds ? area.intersection(frame) : area
        return view.subviews.contains { reaches($0, into: inside) }
    }

    /// Whether two rectangles share some area (not merely an edge).
    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        let cut = a.intersection(b)
        return !cut.isNull && cut.width > 0 && cut.height > 0
    }

    /// A view's presentation frame in window points, cut by its clipping ancestors and the
    /// window (nil: nothing of it shows).
    func shownRect(of view: View) -> Rect? {
        var rect = view.presentationBounds
        var current = view
        while let parent = current.superview {
            let f = current.presentationFrame, b = current.presentationBounds
            rect = rect.offsetBy(dx: f.minX - b.minX, dy: f.minY - b.minY)
            if parent.clipsToBounds || parent === host { rect = rect.intersection(parent.presentationBounds) }
            current = parent
        }
        guard current === host, !rect.isNull, !rect.isEmpty else { return nil }
        return rect
    }

    /// A view's presentation frame in window points, uncut (nil: not in this window).
    private func windowRect(of view: View) -> Rect? {
        var rect = view.presentationFrame
        var current = view
        while let parent = current.superview, parent !== host {
            let f = parent.presentationFrame, b = parent.presentationBounds
            rect = rect.offsetBy(dx: f.minX - b.minX, dy: f.minY - b.minY)
            current = parent
        }
        return current.superview === host ? rect : nil
    }
}
