// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A window stand-in for focus: the root of three layers, with a first responder the test sets.
@MainActor
final class StubFocusHost: View, FocusHost {
    let contentLayer = PassthroughView()
    let modalLayer = PassthroughView()
    let topLayer = PassthroughView()
    var firstResponder: Responder?
    var switchControl: SwitchControl?
    var frameRequests = 0
    var isShowingModal: Bool { !modalLayer.subviews.isEmpty }

    required init?(coder: NSCoder) { nil }
    override init(frame: Rect) {
        super.init(frame: frame)
        for layer in [contentLayer, modalLayer, topLayer] {
            layer.frame = bounds
            addSubview(layer)
        }
    }

    func requestFrame() { frameRequests += 1 }
}

/// A view Tab stops at.
@MainActor
final class FocusStop: View {
    required init?(coder: NSCoder) { nil }
    override init(frame: Rect) { super.init(frame: frame) }
    override var canBecomeFocused: Bool { true }
    override var canBecomeFirstResponder: Bool { true }
}

/// Focus by keyboard with no window (docs/behaviour/focus-and-editing.md): Tab's reading order,
/// a dialog keeping focus inside, an order the app sets, where input came from, and the ring
/// around the focused view while focus shows.
@Suite @MainActor
struct KeyboardFocusTests {
    private func ids(_ views: [View]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    private func make() -> (StubFocusHost, [FocusStop], KeyboardFocus) {
        let host = StubFocusHost(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let stops = [
            FocusStop(frame: Rect(x: 150, y: 10, width: 40, height: 20)), FocusStop(frame: Rect(x: 10, y: 10.5, width: 40, height: 20)),
            FocusStop(frame: Rect(x: 10, y: 100, width: 40, height: 20)),
        ]
        for stop in stops { host.contentLayer.addSubview(stop) }
        return (host, stops, KeyboardFocus(host: host))
    }

    @Test func tabGoesInReadingOrderAndWrapsAround() {
        let (host, stops, focus) = make()
        #expect(ids(focus.focusableViewsInOrder()) == ids([stops[1], stops[0], stops[2]]))
        #expect(focus.nextFocusableView(after: stops[2], backwards: false) === stops[1])
        #expect(focus.nextFocusableView(after: stops[1], backwards: true) === stops[2])
        stops[0].isHidden = true
        #expect(ids(focus.focusableViewsInOrder()) == ids([stops[1], stops[2]]))
        focus.focusOrder = [stops[2], stops[0], stops[1]]  // the app's order, less what cannot take focus
        #expect(ids(focus.focusableViewsInOrder()) == ids([stops[2], stops[0], stops[1]]))
        let dialog = FocusStop(frame: Rect(x: 100, y: 100, width: 50, height: 20))
        host.modalLayer.addSubview(dialog)
        focus.focusOrder = nil
        #expect(ids(focus.focusableViewsInOrder()) == ids([dialog]))
    }

    /// Content scrolled up under a bar still reads after the bar, in the content's own order, as
    /// the demo's title-bar button reads before its form however far the form is scrolled.
    @Test func aScrollViewsContentReadsWhereTheScrollViewIsHoweverFarItIsScrolled() {
        let (host, _, focus) = make()
        for view in host.contentLayer.subviews { view.removeFromSuperview() }
        let bar = FocusStop(frame: Rect(x: 200, y: 10, width: 60, height: 30))
        let scroll = ScrollView(frame: Rect(x: 0, y: 50, width: 300, height: 250))
        scroll.contentSize = Size(width: 300, height: 1000)
        let first = FocusStop(frame: Rect(x: 10, y: 10, width: 40, height: 20))
        let second = FocusStop(frame: Rect(x: 10, y: 60, width: 40, height: 20))
        for stop in [first, second] { scroll.addSubview(stop) }
        host.contentLayer.addSubview(scroll)
        host.contentLayer.addSubview(bar)
        #expect(ids(focus.focusableViewsInOrder()) == ids([bar, first, second]))
        scroll.contentOffset = Point(x: 0, y: 45)  // the first above the scroll view's top, level with the bar
        #expect(ids(focus.focusableViewsInOrder()) == ids([bar, first, second]))
        scroll.contentOffset = Point(x: 0, y: 400)  // both far above it
        #expect(ids(focus.focusableViewsInOrder()) == ids([bar, first, second]))
        #expect(focus.nextFocusableView(after: second, backwards: false) === bar)
    }

    @Test func focusShowsAfterAKeyAndNotAfterATouch() {
        let (host, _, focus) = make()
        #expect(!focus.isFocusVisible)
        #expect(!focus.takes(.key(Key(keyCode: .keyboardEscape), isDown: true, isRepeat: false)))
        #expect(focus.isFocusVisible && host.frameRequests == 1)
        #expect(!focus.takes(.touch(id: 1, phase: .began, location: Point(x: 5, y: 5))))
        #expect(!focus.isFocusVisible && host.frameRequests == 2)
        #expect(focus.takes(.key(Key(keyCode: .keyboardTab), isDown: true, isRepeat: false)))  // Tab with nothing focused
    }

    @Test func theRingSurroundsTheFocusedViewWhileFocusShows() throws {
        let (host, stops, focus) = make()
        host.firstResponder = stops[2]
        focus.ring.update(isFocusVisible: true)
        let ring = try #require(focus.ring.view)
        #expect(ring.superview === host.topLayer && !ring.isHidden)
        #expect(ring.frame == Rect(x: 6, y: 96, width: 48, height: 28))
        stops[2].frame.origin.y = 150
        focus.ring.update(isFocusVisible: true)
        #expect(ring.frame.minY == 146)
        focus.ring.update(isFocusVisible: false)
        #expect(ring.isHidden)
        focus.ring.update(isFocusVisible: true)
        host.modalLayer.addSubview(View(frame: .zero))  // a dialog: a view behind it shows no ring
        focus.ring.update(isFocusVisible: true)
        #expect(ring.isHidden)
    }
}
