// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// Gesture arbitration with no window: a touch reaches the recognizers of its view and its
/// ancestors, nearest first; the one that recognizes fails the others, acts, takes the touch
/// from its view, and all start afresh when the touch is over.
@Suite @MainActor
struct GestureArbiterTests {
    @Test func theFirstToRecognizeFailsTheOthersAndTakesTheTouchFromItsView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let outer = TouchLog(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = TouchLog(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(outer)
        outer.addSubview(inner)
        var acted = 0
        let near = GestureRecognizer { _ in acted += 1 }
        let far = GestureRecognizer()
        let off = GestureRecognizer()
        off.isEnabled = false
        inner.addGestureRecognizer(near)
        inner.addGestureRecognizer(off)
        outer.addGestureRecognizer(far)
        let arbiter = GestureArbiter(root: root)
        let touch = Touch(type: .direct, location: Point(x: 100, y: 100), timestamp: 1, tapCount: 1, button: nil, modifiers: [], window: nil)
        touch.view = inner
        arbiter.begin(with: touch, on: inner, event: .touch(id: 1, phase: .began, location: Point(x: 100, y: 100)))
        #expect(touch.gestureRecognizers.map(ObjectIdentifier.init) == [near, far].map(ObjectIdentifier.init))
        #expect(near.touches.count == 1 && near.touches.first === touch && far.touches.first === touch)
        near.silently { near.state = .ended }
        arbiter.recognizer(near, changedFrom: .possible)
        #expect(acted == 1 && far.state == .failed)
        #expect(touch.isCancelledForView && inner.log == ["cancelled"])
        arbiter.end(touch)
        #expect(near.touches.isEmpty && near.state == .possible && far.state == .possible)
    }
}
