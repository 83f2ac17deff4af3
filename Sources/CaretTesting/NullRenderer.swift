// SPDX-License-Identifier: Apache-2.0
import Caret

/// A renderer that draws nothing and checks everything it is asked to draw: coordinates must be
/// finite and sizes not negative. It lets headless windows with the fixed-advance font run every
/// view's drawing code (the soak draws through it) without SDL.
@preconcurrency @MainActor
public final class NullRenderer: Renderer {
    /// The drawable size in points.
    public var size: Size
    /// Pixels per point.
    public let scale: Double
    /// Keeps its (imaginary) pixels, so windows draw only what changed, as on a real display.
    public var preservesContents: Bool { true }
    /// Drawing calls made.
    public private(set) var calls = 0
    /// What was wrong with the calls (non-finite coordinates, negative sizes), oldest first.
    public var problems: [String] = []
    /// With `recordsText` on, every run drawn, oldest first (tests read which glyphs drew what).
    public var drawnRuns: [TextRun] = []
    /// Whether drawn runs are kept in `drawnRuns` (off by default: a soak draws millions).
    public var recordsText = false
    /// With `recordsFills` on, every filled rectangle (plain or rounded) and its colour, oldest first.
    public var fills: [(rect: Rect, color: Color)] = []
    /// Whether fills are kept in `fills` (off by default).
    public var recordsFills = false

    /// A renderer of a size.
    public init(size: Size, scale: Double = 1) {
        self.size = size
        self.scale = scale
    }

    private func check(_ what: String, _ values: Double...) {
        calls += 1
        if !values.allSatisfy(\.isFinite), problems.count < 10 { problems.append("\(what) drawn at non-finite \(values)") }
    }

    private func check(_ what: String, _ rect: Rect) {
        check(what, rect.minX, rect.minY, rect.width, rect.height)
        if rect.width < 0 || rect.height < 0, problems.count < 10 { problems.append("\(what) with a negative size \(rect)") }
    }

    public func beginFrame(clearColor: Color, damage: [Rect]?) {
        damage?.forEach { check("damage", $0) }
        lastClearing = damage
        lastClearColor = clearColor
    }
    /// The colour the last frame was cleared with.
    public private(set) var lastClearColor: Color?
    /// What the last frame filled with the background colour before drawing (nil: everything).
    public var lastClearing: [Rect]?
    public func beginFrame(clearColor: Color, damage: [Rect], clearing: [Rect]) {
        damage.forEach { check("damage", $0) }
        for rect in clearing {
            check("clearing", rect)
            if !damage.contains(where: { $0.contains(rect) }), problems.count < 10 { problems.append("clearing \(rect) outside the damage") }
        }
        lastClearing = clearing
        lastClearColor = clearColor
    }
    public func endFrame() {}
    public func setClip(_ rect: Rect?) { if let rect { check("clip", rect) } }
    public func fill(_ rect: Rect, color: Color) {
        check("fill", rect)
        if recordsFills { fills.append((rect, color)) }
    }
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        check("rounded rect", rect)
        if recordsFills { fills.append((rect, color)) }
        check("corner radius", radius)
    }
    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        check("stroke", rect)
        check("line width", radius, lineWidth)
    }
    public func drawLine(from start: Point, to end: Point, width: Double, color: Color) {
        check("line", start.x, start.y, end.x, end.y, width)
    }
    public func drawImage(_ image: Image, in rect: Rect, alpha: Double) { check("image", rect) }
    public func drawText(_ run: TextRun, at origin: Point, color: Color) {
        check("text", origin.x, origin.y, run.width)
        if recordsText { drawnRuns.append(run) }
        if let bad = run.scalarOffsets.first(where: { !$0.isFinite }), problems.count < 10 {
            problems.append("text run with a non-finite offset \(bad)")
        }
    }
}
