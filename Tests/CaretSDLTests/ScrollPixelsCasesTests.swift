// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// The cases where moving a scroll view's pixels would not give what drawing gives (a review of
/// ScrollBlit.swift found them): each frame must equal the frame drawn whole, and where
/// moving is unsafe nothing is moved.
@Suite(.serialized) @MainActor
struct ScrollPixelsCasesTests {
    /// A window with an opaque root, drawn whole.
    private func host(scale: Double = 1) throws -> (HeadlessWindow, View) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), scale: scale, fonts: .bundled)
        let root = View()
        root.backgroundColor = .systemBackground
        host.rootView = root
        return (host, root)
    }

    /// A scroll view of 40 labelled, striped rows.
    private func rows(_ frame: Rect, background: Color? = .white) -> ScrollView {
        let scroll = ScrollView(frame: frame)
        scroll.backgroundColor = background
        for i in 0..<40 {
            let label = Label(frame: Rect(x: 8, y: Double(i) * 30, width: frame.width - 16, height: 30))
            label.text = "Row \(i) of the scrolled list"
            label.backgroundColor = i % 2 == 0 ? nil : Color(white: 0.9, alpha: 1)
            scroll.addSubview(label)
        }
        scroll.contentSize = Size(width: frame.width, height: 1200)
        return scroll
    }

    /// Renders what the window asks for, then whole: what moved and how many pixels differ.
    private func frame(_ host: HeadlessWindow) throws -> (moved: Bool, differing: Int) {
        host.layout()
        let partial = try host.render()
        let moved = host.window.frames.lastFrameScroll != nil
        host.window.setNeedsFrame()
        let whole = try host.render()
        var differing = 0
        for i in stride(from: 0, to: whole.pixels.count, by: 4) where whole.pixels[i..<(i + 3)] != partial.pixels[i..<(i + 3)] {
            differing += 1
        }
        return (moved, differing)
    }

    /// Scrolls a view by `dy`: the frame must move nothing and equal the frame drawn whole.
    private func expectDrawnWhole(
        scrolling view: ScrollView, by dy: Double = 30, in host: HeadlessWindow, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        view.contentOffset.y += dy
        let result = try frame(host)
        #expect(!result.moved, "\(what): pixels moved", sourceLocation: sourceLocation)
        #expect(result.differing == 0, "\(what): \(result.differing) pixels differ", sourceLocation: sourceLocation)
    }

    @Test func aHiddenScrollViewOverAShownOneMovesNothing() throws {
        let (host, root) = try host()
        let shown = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        let hidden = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        hidden.isHidden = true
        root.addSubview(shown)
        root.addSubview(hidden)
        _ = try frame(host)
        try expectDrawnWhole(scrolling: hidden, in: host, "a hidden scroll view")
    }

    /// Two moves in one frame with a row changed between them (as a delegate hearing of the
    /// first would), there and back too: the change is drawn where it is.
    @Test func aChangeBetweenTwoMovesInOneFrameIsDrawnWhereItIs() throws {
        let (host, root) = try host()
        let scroll = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(scroll)
        _ = try frame(host)
        for (first, second) in [(10.0, 40.0), (20, -20), (-7, 3)] {
            scroll.contentOffset.y += first
            let label = try #require(scroll.subviews.compactMap { $0 as? Label }.first { $0.frame.minY > scroll.contentOffset.y + 60 })
            label.text = "Changed between the moves \(first) \(second)"
            scroll.contentOffset.y += second
            let result = try frame(host)
            #expect(result.differing == 0, "moved \(first) then \(second): \(result.differing) pixels differ")
        }
    }

    /// A scroll view in the top layer lies over the keyboard: its area is not cut above the
    /// keyboard's strip, so it is drawn whole.
    @Test func aTopLayerScrollViewOverTheKeyboardIsDrawnWhole() throws {
        let (host, root) = try host()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        root.addSubview(field)
        host.window.keyboard.policy = .always
        _ = field.becomeFirstResponder()
        host.settle()
        let list = rows(Rect(x: 40, y: 60, width: 300, height: 230))
        host.window.topLayer.addSubview(list)
        _ = try frame(host)
        #expect(try #require(host.window.keyboard.keyboardView).convert(Point.zero, to: nil).y < list.frame.maxY)
        try expectDrawnWhole(scrolling: list, in: host, "a top-layer list over the keyboard")
    }

    /// Views over the scroll view inside containers that draw nothing themselves: a clipping
    /// container, one of no size whose child it does not clip. And a transparent scroll view
    /// reaching out of the smaller opaque view it sits in.
    @Test func overlaysInsideContainersAndABackdropTooSmallAreSeen() throws {
        let (host, root) = try host()
        let scroll = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(scroll)
        let clipping = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        clipping.clipsToBounds = true
        let badge = Label(frame: Rect(x: 10, y: 10, width: 150, height: 30))
        badge.text = "Over the list"
        badge.backgroundColor = .systemYellow
        clipping.addSubview(badge)
        root.addSubview(clipping)
        _ = try frame(host)
        try expectDrawnWhole(scrolling: scroll, in: host, "clipping container")
        clipping.removeFromSuperview()
        let point = View(frame: Rect(x: 200, y: 150, width: 0, height: 0))
        point.addSubview(badge)
        root.addSubview(point)
        _ = try frame(host)
        try expectDrawnWhole(scrolling: scroll, in: host, "container of no size")
        point.removeFromSuperview()
        scroll.removeFromSuperview()

        let (small, root2) = try self.host()
        let stripes = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        stripes.backgroundColor = .systemBlue
        root2.addSubview(stripes)
        let card = View(frame: Rect(x: 50, y: 50, width: 200, height: 150))
        card.backgroundColor = .white
        root2.addSubview(card)
        let sticking = rows(Rect(x: 0, y: 0, width: 300, height: 200), background: nil)
        card.addSubview(sticking)
        _ = try frame(small)
        try expectDrawnWhole(scrolling: sticking, in: small, "backdrop smaller than the list")
    }

    /// A subclass that draws by its bounds (a note that stays on screen) or overlays more than
    /// indicators is drawn whole; the plain scroll view beside it moves.
    @Test func aScrollViewThatDrawsByItsBoundsIsDrawnWhole() throws {
        final class Watermarked: ScrollView {
            override func draw(_ rect: Rect, in context: GraphicsContext) {
                context.drawText("Draft", font: .systemFont(ofSize: 17), at: Point(x: rect.minX + 10, y: rect.minY + 10), color: .systemRed)
            }
        }
        final class Faded: ScrollView {
            override func drawOverlay(_ rect: Rect, in context: GraphicsContext) {
                super.drawOverlay(rect, in: context)
                context.fill(Rect(x: rect.minX, y: rect.maxY - 20, width: rect.width, height: 20), color: Color(white: 1, alpha: 0.6))
            }
        }
        for make in [{ Watermarked(frame: $0) as ScrollView }, { Faded(frame: $0) as ScrollView }] {
            let (host, root) = try host()
            let scroll = make(Rect(x: 0, y: 0, width: 400, height: 300))
            scroll.backgroundColor = .white
            for i in 0..<40 {
                let label = Label(frame: Rect(x: 8, y: Double(i) * 30, width: 380, height: 30))
                label.text = "Row \(i)"
                scroll.addSubview(label)
            }
            scroll.contentSize = Size(width: 400, height: 1200)
            root.addSubview(scroll)
            _ = try frame(host)
            try expectDrawnWhole(scrolling: scroll, in: host, "\(type(of: scroll))")
        }
        let (host, root) = try host()
        let plain = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(plain)
        _ = try frame(host)
        plain.contentOffset.y += 30
        #expect(try frame(host).moved)
    }

    /// A loupe shows pixels read while the frame is drawn: while it shows, nothing moves.
    @Test func nothingMovesWhileALoupeShows() throws {
        let (host, root) = try host()
        let scroll = rows(Rect(x: 0, y: 60, width: 400, height: 240))
        root.addSubview(scroll)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.text = "Held down to show the loupe"
        root.addSubview(field)
        host.window.keyboard.policy = .never
        _ = field.becomeFirstResponder()
        host.settle()
        _ = try frame(host)
        scroll.contentOffset.y += 30
        #expect(try frame(host).moved, "the list moves with no loupe")
        // The caret dragged by a finger shows the loupe above the field.
        let caret = field.editor.convert(field.editor.caretRect, to: nil)
        var point = Point(x: caret.midX, y: caret.midY)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        for _ in 0..<6 {
            host.advance(by: 0.02)
            point.x -= 12
            host.window.send(.touch(id: 1, phase: .moved, location: point))
        }
        host.advance(by: 0.2)
        #expect(host.window.showsTextLoupe)
        _ = try frame(host)
        try expectDrawnWhole(scrolling: scroll, in: host, "with the loupe showing")
        host.window.send(.touch(id: 1, phase: .ended, location: point))
    }

    /// At 1.5 pixels a point, a half pixel rounds away from zero, which no whole-pixel move
    /// keeps: nothing moves, and the frame equals the whole one.
    @Test func atAScaleThatIsNotWholeNothingMoves() throws {
        let (host, root) = try host(scale: 1.5)
        let scroll = rows(Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(scroll)
        _ = try frame(host)
        try expectDrawnWhole(scrolling: scroll, by: 2, in: host, "at scale 1.5")
    }
}
