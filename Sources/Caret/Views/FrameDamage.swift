// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A window's frame bookkeeping (ARCHITECTURE.md, "A frame"): whether a frame is asked for and
/// whether it redraws everything, the damage kept as a few window rectangles until then, and what
/// the last frame drew.
@preconcurrency @MainActor
public final class FrameDamage {
    /// Asks the platform for a frame (the backend's `setNeedsRedraw`).
    private let requestRedraw: () -> Void
    /// Whether a frame is asked for (to lay out, or to draw what was damaged).
    private(set) var isFrameRequested = true
    /// Whether the next frame redraws the whole window.
    private(set) var needsFullRedraw = true
    /// The damaged rectangles, window points, at most four.
    private(set) var rects: [Rect] = []
    /// The rectangles the last frame drew, in window points.
    @_spi(Backend) public internal(set) var lastFrameRects: [Rect] = []
    /// The area whose pixels the last frame moved up by `dy` points instead of drawing them.
    @_spi(Testing) public internal(set) var lastFrameScroll: (area: Rect, dy: Double)?

    init(requestRedraw: @escaping () -> Void) { self.requestRedraw = requestRedraw }

    /// Asks for a frame (to run layout); it redraws only what was marked damaged.
    func requestFrame() {
        guard !isFrameRequested else { return }
        isFrameRequested = true
        requestRedraw()
    }

    /// Asks for a frame that redraws the whole window.
    func requestFullRedraw() {
        needsFullRedraw = true
        requestFrame()
    }

    /// Notes a damaged rectangle, cut to the window's bounds, and asks for a frame. Damage is
    /// kept as a few rectangles, so that a change at the top and one at the bottom (a focused
    /// field and the sliding keyboard) do not redraw everything between them.
    func add(_ rect: Rect, within bounds: Rect) {
        // A view given a frame that is not a number damages everything (the soak reports the frame).
        let finite = [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
        let rect = finite ? rect.intersection(bounds) : bounds  // what lies off screen costs nothing
        if !rect.isEmpty {
            var merged = rect
            // Absorb rectangles that cost little more drawn together (not merely overlapping ones:
            // two crossing strips would become their whole bounding box).
            var changed = true
            while changed {
                changed = false
                for (i, other) in rects.enumerated() {
                    let union = merged.union(other)
                    if union.area <= (merged.area + other.area) * 1.25 {
                        merged = union
                        rects.remove(at: i)
                        changed = true
                        break
                    }
                }
            }
            rects.append(merged)
            if rects.count > 4 { rects = [rects.reduce(Rect.null) { $0.union($1) }] }
        }
        requestFrame()
    }

    /// What the next frame redraws on a renderer that keeps its pixels, with damage owed
    /// elsewhere (`extra`), cut to the bounds: nil for everything.
    func pending(adding extra: Rect?, within bounds: Rect) -> [Rect]? {
        needsFullRedraw
            ? nil : (rects + [extra].compactMap { $0 }).map { $0.intersection(bounds) }.filter { !$0.isNull && !$0.isEmpty }
    }

    /// A frame is being drawn: nothing is asked for or damaged any more; `full`: the frame after
    /// it redraws everything (a blanked screen's black frame).
    func frameBegins(nextRedrawsAll full: Bool = false) {
        isFrameRequested = false
        needsFullRedraw = full
        rects = []
    }

    /// The bounding box of what the last frame drew.
    public var lastFrameArea: Rect {
        let box = lastFrameRects.reduce(Rect.null) { $0.union($1) }
        return box.isNull ? .zero : box
    }

    /// How many square points the last frame drew.
    public var lastFramePointCount: Double { lastFrameRects.reduce(0) { $0 + $1.area } }

    /// Rectangles covering the same area without overlapping: each clip draws everything in it,
    /// and translucent content (text's edges, a scroll indicator) drawn twice where two crossed
    /// came out darker (a header's strip crossing an indicator's column).
    static func disjoint(_ rects: [Rect]) -> [Rect] {
        var result: [Rect] = []
        for rect in rects {
            var pieces = [rect]
            for placed in result {
                pieces = pieces.flatMap { piece -> [Rect] in
                    guard piece.intersects(placed) else { return [piece] }
                    let cut = piece.intersection(placed)
                    return [
                        Rect(x: piece.minX, y: piece.minY, width: piece.width, height: cut.minY - piece.minY),
                        Rect(x: piece.minX, y: cut.maxY, width: piece.width, height: piece.maxY - cut.maxY),
                        Rect(x: piece.minX, y: cut.minY, width: cut.minX - piece.minX, height: cut.height),
                        Rect(x: cut.maxX, y: cut.minY, width: piece.maxX - cut.maxX, height: cut.height),
                    ].filter { $0.width > 0 && $0.height > 0 }
                }
            }
            result += pieces
        }
        return result
    }
}
