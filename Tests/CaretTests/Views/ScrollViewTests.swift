// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Foundation
import Testing

@MainActor
final class ScrollRecorder: ScrollViewDelegate {
    var events: [String] = []
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { events.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { events.append("didEndScrollingAnimation") }
}

@Suite(.serialized) @MainActor
struct ScrollViewTests {
    /// A 300×200 scroll view at the window origin over 300×1000 content.
    private func make() throws -> (HeadlessWindow, ScrollView) {
        let host = try makeHost(width: 300, height: 200)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scroll.contentSize = Size(width: 300, height: 1000)
        host.rootView = scroll
        return (host, scroll)
    }

    @Test func offsetRangeHonoursInsetsAndClamps() throws {
        let (_, scroll) = try make()
        #expect(scroll.minimumContentOffset == Point.zero && scroll.maximumContentOffset == Point(x: 0, y: 800))
        scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 40, right: 0)
        #expect(scroll.minimumContentOffset == Point(x: 0, y: -10) && scroll.maximumContentOffset == Point(x: 0, y: 840))
        scroll.setContentOffset(Point(x: 50, y: 5000), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 840))
        scroll.setContentOffset(Point(x: -5, y: -500), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: -10))
        #expect(!scroll.canScrollHorizontally && scroll.canScrollVertically)
    }

    @Test func scrollRectToVisibleMovesTheLeastDistance() throws {
        let (host, scroll) = try make()
        scroll.scrollRectToVisible(Rect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 350)  // bottom edge of the rect at the bottom of the view
        scroll.scrollRectToVisible(Rect(x: 0, y: 400, width: 10, height: 20), animated: false)
        #expect(scroll.contentOffset.y == 350)  // already visible: no move
        scroll.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 20), animated: false)
        #expect(scroll.contentOffset.y == 100)
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        scroll.scrollRectToVisible(Rect(x: 0, y: 900, width: 10, height: 100), animated: true)
        #expect(scroll.contentOffset.y == 100)
        host.advance(by: 0.15)
        #expect(scroll.contentOffset.y > 100 && scroll.contentOffset.y < 800)
        host.advance(by: 0.2)
        #expect(scroll.contentOffset.y == 800 && recorder.events == ["didEndScrollingAnimation"])
    }

    @Test func wheelScrollsWithinRangeAndChainsToTheOuterScrollView() throws {
        let host = try makeHost(width: 300, height: 200)
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        outer.contentSize = Size(width: 300, height: 600)
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        inner.contentSize = Size(width: 300, height: 150)
        outer.addSubview(inner)
        host.rootView = outer
        let point = Point(x: 50, y: 50)
        host.input.scroll(dy: 40, at: point)
        #expect(inner.contentOffset.y == 40 && outer.contentOffset.y == 0)
        host.input.scroll(dy: 40, at: point)
        #expect(inner.contentOffset.y == 50 && outer.contentOffset.y == 0)  // clamped at the inner's end
        host.input.scroll(dy: 40, at: point)
        #expect(inner.contentOffset.y == 50 && outer.contentOffset.y == 40)  // then the outer one scrolls
        host.input.scroll(dy: 40, at: point, modifiers: .shift)  // shift turns it horizontal: nothing scrolls that way
        #expect(outer.contentOffset == Point(x: 0, y: 40))
    }

    @Test func touchDragMovesContentWithTheFinger() throws {
        let (host, scroll) = try make()
        host.input.drag(from: Point(x: 150, y: 180), to: Point(x: 150, y: 80), duration: 0.5, steps: 10, holdBeforeRelease: 0.2)
        // The first 10-point step is within the slop; the drag begins at the second step (20 points in),
        // and from there the content follows the finger for the remaining 80 points.
        #expect(abs(scroll.contentOffset.y - 80) < 0.001, "offset \(scroll.contentOffset.y)")
        #expect(!scroll.isDecelerating)  // the finger rested before lifting: no momentum
        #expect(!scroll.isDragging && !scroll.isTracking)
    }

    @Test func decelerationEndsWhereTheProjectionSaysUnderVirtualTime() throws {
        let (host, scroll) = try make()
        let recorder = ScrollRecorder()
        scroll.delegate = recorder
        // 150 points up in 0.15 s: 1000 points per second at release.
        host.input.drag(from: Point(x: 150, y: 190), to: Point(x: 150, y: 40), duration: 0.15, steps: 9)
        #expect(abs(scroll.lastReleaseVelocity.y - 1000) < 0.5, "velocity \(scroll.lastReleaseVelocity.y)")
        #expect(scroll.isDecelerating)
        let released = scroll.contentOffset.y
        let expected = ScrollView.projectedOffset(released, velocity: scroll.lastReleaseVelocity.y, rate: .normal)
        #expect(abs(expected - released - 1000 / (-1000 * log(0.998))) < 1e-9)
        host.advance(by: 1)
        #expect(scroll.isDecelerating && scroll.contentOffset.y > released && scroll.contentOffset.y < expected)
        host.settle()
        #expect(!scroll.isDecelerating)
        #expect(abs(scroll.contentOffset.y - expected) < 1e-6, "ended at \(scroll.contentOffset.y), expected \(expected)")
        #expect(recorder.events == ["willBeginDragging", "didEndDragging(true)", "didEndDecelerating"])
    }

    @Test func flickPastTheEndBouncesBackToTheEdge() throws {
        let (host, scroll) = try make()
        scroll.setContentOffset(Point(x: 0, y: 700), animated: false)
        host.input.drag(from: Point(x: 150, y: 190), to: Point(x: 150, y: 40), duration: 0.1, steps: 6)
        var maxSeen = 0.0
        for _ in 0..<300 {
            host.advance(by: 1.0 / 60)
            maxSeen = max(maxSeen, scroll.contentOffset.y)
        }
        #expect(maxSeen > 800)  // overshoots the edge...
        #expect(scroll.contentOffset.y == 800 && !scroll.isDecelerating)  // ...and settles on it
    }

    @Test func draggingPastTheStartRubberBandsAndSpringsBack() throws {
        let (host, scroll) = try make()
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: 150, y: 20)))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: 150, y: 32)))  // past the slop
        host.advance(by: 0.05)
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: 150, y: 130)))
        // 100 points of finger travel beyond the edge move the content less than 100.
        let banded = -scroll.contentOffset.y
        #expect(banded > 20 && banded < 100, "rubber band \(banded)")
        host.advance(by: 0.3)
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: 150, y: 130)))
        host.settle()
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func aDragThatStartsOnAButtonScrollsAndCancelsTheButton() throws {
        let (host, scroll) = try make()
        var log: [String] = []
        let button = Button(title: "Tap")
        button.frame = Rect(x: 100, y: 100, width: 100, height: 44)
        button.addAction(Action { _ in log.append("tap") }, for: .primaryActionTriggered)
        button.addAction(Action { _ in log.append("cancel") }, for: .touchCancel)
        scroll.addSubview(button)
        host.input.tap(at: Point(x: 150, y: 120))
        #expect(log == ["tap"])
        host.input.drag(from: Point(x: 150, y: 120), to: Point(x: 150, y: 20), duration: 0.3, steps: 10, holdBeforeRelease: 0.2)
        #expect(log == ["tap", "cancel"])
        // Claimed at the second 10-point step; the content then follows the finger for the remaining 80 points.
        #expect(scroll.contentOffset.y == 80 && !button.isHighlighted)
    }

    @Test func indicatorsShowWhileScrollingAndFadeAfterwards() throws {
        let (host, scroll) = try make()
        #expect(scroll.scrollIndicatorAlpha == 0)
        scroll.flashScrollIndicators()
        #expect(scroll.scrollIndicatorAlpha == 1)
        host.advance(by: 0.4)
        #expect(scroll.scrollIndicatorAlpha == 1)
        host.advance(by: 0.5)
        #expect(scroll.scrollIndicatorAlpha == 0)
    }

    /// `keyboardDismissMode`: none keeps the keyboard through a drag, onDrag sends it away as the
    /// drag begins, interactive when the finger reaches the keyboard.
    @Test(arguments: [ScrollView.KeyboardDismissMode.none, .onDrag, .interactive])
    func aDragSendsTheKeyboardAwayAsTheDismissModeSays(_ mode: ScrollView.KeyboardDismissMode) throws {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        scroll.contentSize = Size(width: 400, height: 2000)
        scroll.keyboardDismissMode = mode
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        scroll.addSubview(field)
        let host = try makeKeyboardHost(width: 400, height: 480, root: View(), scroll)
        field.becomeFirstResponder()
        host.settle()
        let top = host.window.keyboard.frame.minY
        host.input.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 140), holdBeforeRelease: 0)
        host.settle()
        #expect(field.isFirstResponder == (mode != .onDrag), "\(mode) after a short drag")
        field.becomeFirstResponder()
        host.settle()
        host.input.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: top + 20))
        host.settle()
        #expect(field.isFirstResponder == (mode == .none), "\(mode) after a drag into the keyboard")
    }
}
