// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A row of a composition's candidates, as the keyboard's bar and `CandidateBar` draw it: cells as
/// wide as their words (at least a square), the first candidate (or the one shown) in blue, thin rules between.
@MainActor
struct CandidateStrip {
    let font: Font
    /// The cells' height.
    let height: Double
    /// The narrowest cell; a word's cell is its width plus 0.6 of this.
    let unit: Double
    let highContrast: Bool

    /// The cells of the candidates that fit in `width`, left to right.
    func frames(for candidates: [String], width: Double, fontProvider: FontProvider) -> [Rect] {
        var frames: [Rect] = []
        var x = 0.0
        for candidate in candidates {
            let cell = max(unit, (fontProvider.shape(candidate, font: font).width + unit * 0.6).rounded())
            if x + cell > width { break }
            frames.append(Rect(x: x, y: 0, width: cell, height: height))
            x += cell
        }
        return frames
    }

    /// Draws the candidates into their cells, the `highlighted` one in blue.
    func draw(_ candidates: [String], in frames: [Rect], context: GraphicsContext, highlighted: Int = 0) {
        let metrics = context.fontProvider.metrics(for: font)
        let color: Color = highContrast ? .white : .label
        for (i, frame) in frames.enumerated() {
            if i > 0 { context.fill(Rect(x: frame.minX, y: 8, width: 1, height: frame.height - 16), color: .barDivider) }
            let run = context.shape(candidates[i], font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()),
                color: i == highlighted ? .systemBlue : color)
        }
    }
}

/// A bar of the focused client's composition candidates for a custom `inputView` (a handwriting
/// pad, a kiosk's own keys): it shows the candidates of whichever source composes in the window's
/// input session, as the on-screen keyboard's bar does, and a tap takes one through the session.
@preconcurrency @MainActor
open class CandidateBar: View {
    /// The candidates shown (the session's, when one is composing).
    public var candidates: [String] { window?.inputSession?.composition.candidates ?? [] }

    /// The candidates' font.
    public var font = Font.systemFont(ofSize: 20) { didSet { setNeedsDisplay() } }

    private var observer: NSObjectProtocol?

    /// Creates a bar.
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .barBackground
        observer = NotificationCenter.default.addObserver(
            forName: TextInputSession.compositionDidChangeNotification, object: nil, queue: nil
        ) { [weak self] _ in MainActor.assumeIsolated { self?.setNeedsDisplay() } }
    }

    /// Made only in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    private var strip: CandidateStrip { CandidateStrip(font: font, height: bounds.height, unit: bounds.height, highContrast: false) }

    /// The cells of the candidates that fit, in the bar's coordinates.
    public var candidateFrames: [Rect] {
        guard window != nil else { return [] }
        return strip.frames(for: candidates, width: bounds.width, fontProvider: fontProvider)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        super.draw(rect, in: context)
        strip.draw(candidates, in: candidateFrames, context: context)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        if let index = candidateFrames.firstIndex(where: { $0.contains(point) }) { window?.inputSession?.chooseCandidate(at: index) }
    }
}
