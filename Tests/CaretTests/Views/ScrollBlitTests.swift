// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A window stand-in for the scroll blit: the root of its views, with frame bookkeeping of its own.
@MainActor
final class StubBlitHost: View, ScrollBlitHost {
    let frames = FrameDamage {}
    let topLayer = PassthroughView()
    var opaqueCover = Rect.null
    var drawnScale = 1.0
    var mayMovePixels = true
    var rootBackground: (view: View, color: Color)? { nil }

    required init?(coder: NSCoder) { nil }
    override init(frame: Rect) { super.init(frame: frame) }

    func setNeedsDisplay(inWindowRect rect: Rect) { frames.add(rect, within: bounds) }
    func requestFrame() { frames.requestFrame() }
}

/// Scrolling by moving pixels, decided with no window (ARCHITECTURE.md, "A frame"): a lone
/// opaque scroll view's pixels move and only what scrolled in is drawn; a view over it, or a
/// host that cannot move pixels now, redraws it whole.
@Suite @MainActor
struct ScrollBlitTests {
    private func make() -> (StubBlitHost, ScrollView, ScrollBlit) {
        let host = StubBlitHost(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 300, height: 200))
        scroll.backgroundColor = .white
        scroll.contentSize = Size(width: 300, height: 2000)
        host.addSubview(scroll)
        // Drawn once, as a frame would: what the views drew of their own is then known.
        let context = GraphicsContext(renderer: NullRenderer(size: host.bounds.size), fontProvider: FixedAdvanceFontProvider())
        host.drawHierarchy(in: context)
        host.frames.frameBegins()
        return (host, scroll, ScrollBlit(host: host))
    }

    private func scroll(_ view: ScrollView, by dy: Double, with blit: ScrollBlit) -> Bool {
        let held = blit.hold(view)
        view.contentOffset.y += dy
        if held { blit.heldDidMove(view) }
        return held
    }

    @Test func aLoneScrollViewsPixelsMoveAndOnlyWhatScrolledInIsDrawn() {
        let (host, view, blit) = make()
        #expect(scroll(view, by: 30, with: blit))
        #expect(blit.heldDamage == Rect(x: -1, y: 99, width: 302, height: 202))
        blit.settle(movesPixels: true)
        #expect(blit.plannedScroll?.area == Rect(x: 0, y: 100, width: 300, height: 200))
        #expect(blit.plannedScroll?.dy == 30)
        #expect(host.frames.rects == [Rect(x: 0, y: 270, width: 300, height: 30)])
    }

    @Test func aViewOverItOrAHostThatCannotMovePixelsRedrawsItWhole() {
        for cause in ["sibling", "host"] {
            let (host, view, blit) = make()
            if cause == "sibling" {
                let badge = View(frame: Rect(x: 10, y: 150, width: 40, height: 40))
                badge.backgroundColor = .red
                host.addSubview(badge)
            } else {
                host.mayMovePixels = false
            }
            #expect(scroll(view, by: 30, with: blit))
            blit.settle(movesPixels: true)
            #expect(blit.plannedScroll == nil, "\(cause)")
        }
    }

    @Test func aRendererThatCannotMovePixelsGetsNoPlan() {
        let (host, view, blit) = make()  // the host is held weakly: it stays for the test
        #expect(scroll(view, by: 30, with: blit))
        blit.settle(movesPixels: false)
        #expect(blit.plannedScroll == nil && blit.heldDamage == nil)
        #expect(host.frames.isFrameRequested)
    }
}
