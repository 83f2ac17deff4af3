// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The magnifier shown above the finger while it places the caret or drags a selection handle
/// (UIKit's `UITextLoupeSession`): a rounded view showing the text under the finger at 1.5×,
/// taken from the window's own rendering, kept inside the window and above the keyboard, fading
/// in and out. Text views and fields run one themselves; a custom text view can too.
@preconcurrency @MainActor
public final class TextLoupeSession {
    /// The view the points are given in.
    public let interactionView: View
    let loupe: TextLoupeView
    private var isInvalidated = false

    private init(interactionView: View, loupe: TextLoupeView) {
        self.interactionView = interactionView
        self.loupe = loupe
    }

    /// Shows a loupe at a point in `interactionView`; nil when the view is not in a window.
    /// (`selectionWidget`, the handle being dragged, is accepted for UIKit's signature.)
    public static func begin(at point: Point, fromSelectionWidgetView selectionWidget: View? = nil, in interactionView: View) -> TextLoupeSession? {
        guard let window = interactionView.window else { return nil }
        let loupe = TextLoupeView()
        window.topLayer.addSubview(loupe)
        let session = TextLoupeSession(interactionView: interactionView, loupe: loupe)
        session.move(to: point)
        loupe.alpha = 0
        let fade = window.prefersReducedMotion ? 0 : TextLoupeView.fadeDuration
        View.animate(withDuration: fade, animations: { loupe.alpha = 1 })
        return session
    }

    /// Moves the loupe to magnify around a point (the finger, in `interactionView`).
    public func move(to point: Point) {
        move(to: point, withCaretRect: Rect(x: point.x, y: point.y - 10, width: 2, height: 20), trackingCaret: false)
    }

    /// Moves the loupe: across with the point, up and down with the caret's line when it tracks
    /// the caret (the text stays level while the finger wanders within a line).
    public func move(to point: Point, withCaretRect caretRect: Rect, trackingCaret tracksCaret: Bool) {
        guard !isInvalidated, let window = interactionView.window else { return }
        let finger = interactionView.convert(point, to: nil)
        let caret = interactionView.convert(caretRect, to: nil)
        let centre = Point(x: finger.x, y: tracksCaret ? caret.midY : finger.y)
        loupe.place(magnifying: centre, lineTop: tracksCaret ? caret.minY : finger.y - 10, in: window)
    }

    /// Hides the loupe (fading out) and ends the session.
    public func invalidate() {
        guard !isInvalidated else { return }
        isInvalidated = true
        let loupe = self.loupe
        let fade = loupe.window?.prefersReducedMotion == true ? 0 : TextLoupeView.fadeDuration
        View.animate(withDuration: fade, animations: { loupe.alpha = 0 }, completion: { _ in loupe.removeFromSuperview() })
        if fade == 0 { loupe.removeFromSuperview() }
    }
}

/// The loupe itself: a rounded lens in the window's top layer that draws, at 1.5×, the frame's
/// pixels around a point as drawn this frame beneath it.
@MainActor
final class TextLoupeView: View {
    static let size = Size(width: 132, height: 56)
    static let magnification = 1.5
    static let fadeDuration = 0.12
    /// Space between the lens and the line it magnifies, and from the window's edges.
    static let gap = 10.0, margin = 4.0

    /// The point magnified (window coordinates), held inside the window.
    private(set) var source = Point.zero

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(frame: Rect(origin: .zero, size: Self.size))
        isUserInteractionEnabled = false
        isAccessibilityElement = false
    }

    /// The area of the frame the lens shows (window coordinates).
    var sourceRect: Rect {
        let inner = bounds.insetBy(dx: 5, dy: 5)
        let w = inner.width / Self.magnification, h = inner.height / Self.magnification
        return Rect(x: source.x - w / 2, y: source.y - h / 2, width: w, height: h)
    }

    /// Centres the lens over a point, above the line, inside the window and above the keyboard.
    func place(magnifying point: Point, lineTop: Double, in window: Window) {
        let bounds = window.bounds
        let s = Self.size, m = Self.margin
        let inner = Size(width: (s.width - 10) / Self.magnification, height: (s.height - 10) / Self.magnification)
        source = Point(
            x: min(max(point.x, bounds.minX + inner.width / 2), bounds.maxX - inner.width / 2),
            y: min(max(point.y, bounds.minY + inner.height / 2), bounds.maxY - inner.height / 2))
        let floor = window.keyboard.isVisible ? min(bounds.maxY, window.keyboardAvoidance.keyboardTop) : bounds.maxY
        var y = lineTop - Self.gap - s.height
        y = min(y, floor - s.height - m)
        y = max(y, bounds.minY + m)
        let x = min(max(point.x - s.width / 2, bounds.minX + m), bounds.maxX - s.width - m)
        let frame = Rect(x: x.rounded(), y: y.rounded(), width: s.width, height: s.height)
        if self.frame != frame { self.frame = frame }
        setNeedsDisplay()  // the text under the finger may have changed even where the lens stays
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let radius = 12.0
        // Read first: near the window's edge the lens may sit over the text it shows.
        let pixels = context.renderer.snapshot(of: sourceRect)
        context.fillRoundedRect(bounds, radius: radius, color: .cardBackground)
        if let pixels { context.drawImage(pixels, in: bounds.insetBy(dx: 5, dy: 5)) }
        context.strokeRoundedRect(bounds, radius: radius, lineWidth: 1, color: .cardOutline)
    }
}

extension Window {
    /// Whether a text loupe shows (or is fading), for checks that none outlives its finger.
    @_spi(Testing) public var showsTextLoupe: Bool { topLayer.subviews.contains { $0 is TextLoupeView } }
}
