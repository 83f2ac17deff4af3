// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

@Suite(.serialized) @MainActor
struct ViewTreeTests {
    @Test func addRemoveAndReparent() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let a = View(), b = View(), child = View()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(child)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(child.superview === a && child.window === host.window)
        b.addSubview(child)  // reparent
        #expect(a.subviews.isEmpty && child.superview === b)
        root.insertSubview(child, at: 0)
        #expect(root.subviews.first === child)
        root.bringSubviewToFront(child)
        #expect(root.subviews.last === child)
        root.sendSubviewToBack(child)
        #expect(root.subviews.first === child)
        root.insertSubview(a, aboveSubview: b)
        #expect(root.subviews.last === a)
        child.removeFromSuperview()
        #expect(child.superview == nil && child.window == nil && !root.subviews.contains { $0 === child })
        #expect(b.isDescendant(of: root) && !root.isDescendant(of: b))
        b.tag = 7
        #expect(root.viewWithTag(7) === b && root.viewWithTag(99) == nil)
    }

    @Test func windowMovesAreAnnouncedToTheWholeSubtree() throws {
        let host = try makeHost()
        let log = Log()
        let parent = RecordingView("parent", log: log), kid = RecordingView("kid", log: log)
        parent.addSubview(kid)
        host.window.rootView = parent
        #expect(
            log.entries.filter { $0.contains("Move") } == [
                "willMove parent window", "willMove kid window", "didMove parent window", "didMove kid window",
            ])
        log.entries.removeAll()
        parent.removeFromSuperview()
        #expect(
            log.entries.filter { $0.contains("Move") } == [
                "willMove parent nil", "willMove kid nil", "didMove parent nil", "didMove kid nil",
            ])
        #expect(kid.window == nil)
    }

    @Test func hitTestingSkipsHiddenDisabledTransparentAndClippedViews() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let panel = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(panel)
        let inner = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        panel.addSubview(inner)
        let overhang = View(frame: Rect(x: 80, y: 80, width: 60, height: 60))  // pokes out of panel
        panel.addSubview(overhang)
        #expect(host.window.hitTest(Point(x: 120, y: 120), with: nil) === inner)
        // Outside the parent's bounds nothing inside it is hit, clipped or not.
        #expect(host.window.hitTest(Point(x: 230, y: 230), with: nil) === root)
        #expect(host.window.hitTest(Point(x: 190, y: 190), with: nil) === overhang)
        inner.isHidden = true
        #expect(host.window.hitTest(Point(x: 120, y: 120), with: nil) === panel)
        inner.isHidden = false
        inner.isUserInteractionEnabled = false
        #expect(host.window.hitTest(Point(x: 120, y: 120), with: nil) === panel)
        inner.isUserInteractionEnabled = true
        inner.alpha = 0
        #expect(host.window.hitTest(Point(x: 120, y: 120), with: nil) === panel)
        panel.isUserInteractionEnabled = false
        #expect(host.window.hitTest(Point(x: 190, y: 190), with: nil) === root)
        let button = Button(title: "Go")
        button.frame = Rect(x: 300, y: 10, width: 60, height: 40)
        root.addSubview(button)
        #expect(host.window.hitTest(Point(x: 310, y: 20), with: nil) === button)
        button.isEnabled = false
        #expect(host.window.hitTest(Point(x: 310, y: 20), with: nil) === root)
    }

    @Test func coordinatesConvertThroughFramesAndScrolledBounds() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let a = View(frame: Rect(x: 50, y: 40, width: 200, height: 200))
        let b = View(frame: Rect(x: 10, y: 20, width: 50, height: 50))
        root.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(Point(x: 1, y: 2), to: nil) == Point(x: 61, y: 62))
        #expect(b.convert(Point(x: 61, y: 62), from: nil) == Point(x: 1, y: 2))
        #expect(a.convert(Point.zero, to: b) == Point(x: -10, y: -20))
        a.bounds.origin = Point(x: 0, y: 30)  // scrolled down by 30
        #expect(b.convert(Point.zero, to: nil) == Point(x: 60, y: 30))
        #expect(root.convert(Rect(x: 60, y: 30, width: 5, height: 5), to: b) == Rect(x: 0, y: 0, width: 5, height: 5))
        // Views outside a window convert relative to their topmost superview.
        let loose = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        let looseChild = View(frame: Rect(x: 1, y: 1, width: 2, height: 2))
        loose.addSubview(looseChild)
        #expect(looseChild.convert(Point.zero, to: loose) == Point(x: 1, y: 1))
    }

    @Test func layoutRunsParentsBeforeChildrenAndOnlyWhenNeeded() throws {
        let host = try makeHost()
        let log = Log()
        let parent = RecordingView("parent", log: log), kid = RecordingView("kid", log: log),
            grandkid = RecordingView("grandkid", log: log)
        parent.addSubview(kid)
        kid.addSubview(grandkid)
        host.rootView = parent
        log.entries.removeAll()
        host.layout()
        #expect(log.entries == ["layout parent", "layout kid", "layout grandkid"])
        log.entries.removeAll()
        host.layout()
        #expect(log.entries.isEmpty)
        grandkid.setNeedsLayout()
        host.layout()
        #expect(log.entries == ["layout grandkid"])
        log.entries.removeAll()
        kid.frame = Rect(x: 0, y: 0, width: 10, height: 10)  // a size change asks for layout
        host.layout()
        #expect(log.entries == ["layout kid"])
    }

    @Test func autoresizingFollowsTheSuperview() throws {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let stretch = View(frame: Rect(x: 10, y: 10, width: 180, height: 80))
        stretch.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let pinnedRight = View(frame: Rect(x: 150, y: 10, width: 40, height: 20))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin]
        parent.addSubview(stretch)
        parent.addSubview(pinnedRight)
        parent.frame = Rect(x: 0, y: 0, width: 300, height: 150)
        #expect(stretch.frame == Rect(x: 10, y: 10, width: 280, height: 130))
        #expect(pinnedRight.frame == Rect(x: 250, y: 10, width: 40, height: 20))
    }

    @Test func firstResponderBecomesResignsAndIsForcedOutWhenRemoved() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let a = FocusView(), b = FocusView(), plain = View()
        root.addSubview(a)
        root.addSubview(b)
        root.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        #expect(a.becomeFirstResponder() && a.isFirstResponder && host.window.firstResponder === a)
        #expect(b.becomeFirstResponder() && !a.isFirstResponder && b.isFirstResponder)
        b.refusesResign = true
        #expect(!a.becomeFirstResponder())
        #expect(b.isFirstResponder)
        #expect(!root.endEditing(false) && b.isFirstResponder)
        #expect(root.endEditing(true) && host.window.firstResponder == nil)
        #expect(b.becomeFirstResponder())
        b.removeFromSuperview()  // leaving the window forces the end even though it refuses
        #expect(host.window.firstResponder == nil)
        // A view outside a window cannot take focus.
        #expect(!FocusView().becomeFirstResponder())
    }

    @Test func keysAndTextGoToTheFirstResponder() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let field = FocusView()
        root.addSubview(field)
        host.input.type("ignored")
        #expect(field.inserted.isEmpty)
        field.becomeFirstResponder()
        host.input.type("é")
        host.input.key(.keyboardTab)
        #expect(field.inserted == ["é"] && field.presses == [.keyboardTab])
    }

    @Test func topLayerIsAboveModalsAndContentAndLetsTouchesThrough() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(content)
        let popup = View(frame: Rect(x: 0, y: 250, width: 400, height: 50))
        host.window.topLayer.addSubview(popup)
        #expect(host.window.hitTest(Point(x: 10, y: 10), with: nil) === content)  // passes through the top layer
        #expect(host.window.hitTest(Point(x: 10, y: 260), with: nil) === popup)
        let dialog = View(frame: Rect(x: 0, y: 0, width: 100, height: 80))
        host.window.overlays.presentModal(dialog)
        #expect(host.window.isShowingModal)
        #expect(host.window.hitTest(Point(x: 200, y: 150), with: nil) === dialog)
        // The dimming view blocks content but never the keyboard layer.
        #expect(host.window.hitTest(Point(x: 10, y: 10), with: nil) !== content)
        #expect(host.window.hitTest(Point(x: 10, y: 260), with: nil) === popup)
        host.window.overlays.dismissModal(dialog)
        #expect(host.window.hitTest(Point(x: 10, y: 10), with: nil) === content)
    }

    @Test func idleWindowAsksForNoFrames() throws {
        let host = try makeHost()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(Label(text: "idle"))
        host.rootView = root
        host.layout()
        // Drawing needs a renderer; the frame request is what an idle loop checks.
        #expect(host.window.needsFrame)
        let before = host.backend.redrawRequests
        host.advance(by: 5)
        #expect(host.window.animator.nextDeadline == nil && !host.window.animator.isAnimating)
        #expect(host.backend.redrawRequests == before)
    }

    @Test func safeAreaInsetsComeFromTheWindow() throws {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        host.window.windowSafeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(root.safeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 30, right: 0))
        let lower = View(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        root.addSubview(lower)
        #expect(lower.safeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 30, right: 0))
    }
}
