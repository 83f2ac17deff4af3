// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// A window stand-in for touch tracking: the root of its views, noting what it is told.
@MainActor
final class StubTouchHost: View, TouchHost {
    var began: [(Point, Touch.TouchType)] = []
    var tapped: [View?] = []

    required init?(coder: NSCoder) { nil }
    override init(frame: Rect) { super.init(frame: frame) }

    func touchWillBegin(at location: Point, type: Touch.TouchType) { began.append((location, type)) }
    func fingerTapped(on view: View?) { tapped.append(view) }
}

/// A view that writes down the touches it is given, and can claim its subviews' drags.
@MainActor
final class TouchLog: View {
    var log: [String] = []
    var tapCounts: [Int] = []
    var intercepts = false

    required init?(coder: NSCoder) { nil }
    override init(frame: Rect) { super.init(frame: frame) }

    override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        log.append("began")
        tapCounts += touches.map(\.tapCount)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) { log.append("cancelled") }
    override func shouldInterceptTouch(_ touch: Touch) -> Bool { intercepts }
}

/// Touches and clicks tracked with no window: each goes to the view it began on, fingers close
/// in time and place count taps, an intercepting ancestor takes a drag, and a view leaving
/// cancels its touches.
@Suite @MainActor
struct TouchTrackingTests {
    private func make() -> (StubTouchHost, TouchLog, TouchLog, TouchTracking) {
        let host = StubTouchHost(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let outer = TouchLog(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = TouchLog(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        host.addSubview(outer)
        outer.addSubview(inner)
        return (host, outer, inner, TouchTracking(host: host))
    }

    private func finger(_ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 1) -> InputEvent {
        .touch(id: id, phase: phase, location: Point(x: x, y: y))
    }

    @Test func aTouchGoesToItsViewAndAQuickSecondTapCountsTwo() {
        let (host, outer, inner, touches) = make()
        #expect(touches.handle(finger(.began, 100, 100), at: 1))
        #expect(touches.handle(finger(.moved, 102, 100), at: 1.05))
        #expect(touches.handle(finger(.ended, 102, 100), at: 1.1))
        #expect(touches.handle(finger(.began, 104, 100), at: 1.3))
        #expect(touches.handle(finger(.ended, 104, 100), at: 1.35))
        #expect(inner.log == ["began", "moved", "ended", "began", "ended"] && outer.log.isEmpty)
        #expect(inner.tapCounts == [1, 2])
        #expect(host.began.count == 2 && host.began.allSatisfy { $0.1 == .direct })
        #expect(host.tapped.count == 2 && host.tapped.allSatisfy { $0 === inner })
        #expect(!touches.handle(.exposed, at: 2))
    }

    @Test func anInterceptingAncestorTakesTheDragAndADragIsNoTap() {
        let (host, outer, inner, touches) = make()
        outer.intercepts = true
        _ = touches.handle(finger(.began, 100, 100), at: 1)
        _ = touches.handle(finger(.moved, 100, 140), at: 1.1)
        _ = touches.handle(finger(.ended, 100, 160), at: 1.2)
        #expect(inner.log == ["began", "cancelled"])
        #expect(outer.log == ["began", "moved", "ended"])
        #expect(host.tapped.isEmpty)
    }

    @Test func aViewLeavingCancelsItsTouchesAndTheRestOfThemGoNowhere() {
        let (host, _, inner, touches) = make()  // the host is held weakly: it stays for the test
        _ = touches.handle(.mouseDown(button: .primary, location: Point(x: 100, y: 100), clickCount: 1, modifiers: []), at: 1)
        touches.viewWillLeave(inner)
        inner.removeFromSuperview()
        _ = touches.handle(.mouseUp(button: .primary, location: Point(x: 100, y: 100), modifiers: []), at: 1.1)
        #expect(inner.log == ["began"] && host.began.count == 1)  // a view leaving the window hears nothing more
    }
}
