// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

@Suite(.serialized) @MainActor
struct AnimatorTests {
    @Test func timingCurvesHitTheirEndsAndAreMonotonic() {
        for curve in AnimationCurve.allCases {
            let c = curve.timingCurve
            #expect(c.value(at: 0) == 0 && c.value(at: 1) == 1)
            var last = 0.0
            for i in 1...100 {
                let v = c.value(at: Double(i) / 100)
                #expect(v >= last - 1e-9, "\(curve) not monotonic at \(i)")
                last = v
            }
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
        #expect(TimingCurve.easeIn.value(at: 0.25) < 0.25 && TimingCurve.easeOut.value(at: 0.25) > 0.25)
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    }

    @Test func viewAnimationChangesTheModelAtOnceAndThePresentationOverTime() throws {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(box)
        var completions: [Bool] = []
        View.animate(
            withDuration: 1, curve: .linear,
            animations: {
                box.frame = Rect(x: 100, y: 0, width: 10, height: 10)
                box.alpha = 0.5
            }, completion: { completions.append($0) })
        #expect(box.frame.minX == 100 && box.alpha == 0.5)
        #expect(box.presentationFrame.minX == 0 && box.isAnimating)
        host.advance(by: 0.25)
        #expect(abs(box.presentationFrame.minX - 25) < 1e-9)
        #expect(abs(box.presentationAlpha - 0.875) < 1e-9)
        #expect(completions.isEmpty)
        host.advance(by: 0.75)
        #expect(box.presentationFrame == box.frame && !box.isAnimating)
        #expect(completions == [true])
    }

    @Test func aNewAnimationStartsFromWhatIsOnScreenAndCancelsTheOld() throws {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(box)
        var log: [String] = []
        View.animate(
            withDuration: 1, curve: .linear, animations: { box.center.x = 105 }, completion: { log.append("first \($0)") })
        host.advance(by: 0.5)
        View.animate(
            withDuration: 1, curve: .linear, animations: { box.center.x = 5 }, completion: { log.append("second \($0)") })
        #expect(log == ["first false"])
        #expect(abs(box.presentationFrame.minX - 50) < 1e-9)
        host.advance(by: 0.5)
        #expect(abs(box.presentationFrame.minX - 25) < 1e-9)
        host.advance(by: 0.5)
        #expect(log == ["first false", "second true"] && box.presentationFrame.minX == 0)
    }

    @Test func changesOutsideABlockOrWithoutAWindowJump() throws {
        let host = try makeHost()
        let loose = View()
        var done = false
        View.animate(withDuration: 1, animations: { loose.alpha = 0 }, completion: { done = $0 })
        #expect(done && loose.presentationAlpha == 0)  // no window, nothing to animate: completes at once
        let root = View()
        host.rootView = root
        let box = View()
        root.addSubview(box)
        View.animate(withDuration: 1, animations: { box.alpha = 0 })
        box.alpha = 1  // a plain assignment stops the animation
        #expect(!box.isAnimating && box.presentationAlpha == 1)
        View.animate(withDuration: 1, animations: { View.performWithoutAnimation { box.alpha = 0.2 } })
        #expect(!box.isAnimating && box.presentationAlpha == 0.2)
    }

    @Test func timersFireInOrderRepeatAndCancel() throws {
        let host = try makeHost()
        let animator = host.window.animator
        var log: [String] = []
        animator.schedule(after: 0.5) { log.append("half") }
        animator.schedule(after: 0.2) { log.append("fifth") }
        let ticker = animator.schedule(after: 0.3, repeating: 0.3) { log.append("tick") }
        #expect(abs(animator.nextDeadline! - (host.clock.now + 0.2)) < 1e-9)
        host.advance(by: 0.65)
        #expect(log == ["fifth", "tick", "half", "tick"])
        animator.cancel(ticker)
        host.advance(by: 1)
        #expect(log.count == 4 && animator.nextDeadline == nil)
    }

    /// Idle work waits for the frame: a tick (before the frame) leaves it, the loop runs it after,
    /// once each (not what it schedules again); while it waits the loop does not sleep.
    @Test func idleWorkRunsAfterTheFrameNotInTheTick() throws {
        let host = try makeHost()
        let animator = host.window.animator
        var log: [String] = []
        func step() {
            animator.scheduleIdle {
                log.append("step"); if log.count < 3 { step() }
            }
        }
        step()
        let cancelled = animator.scheduleIdle { log.append("cancelled") }
        animator.cancel(cancelled)
        #expect(animator.nextDeadline == host.clock.now)
        animator.tick()
        #expect(log.isEmpty)
        animator.runIdleWork()
        #expect(log == ["step"])
        host.advance(by: 1.0 / 60)
        host.advance(by: 1.0 / 60)
        host.advance(by: 1.0 / 60)
        #expect(log == ["step", "step", "step"] && animator.nextDeadline == nil)
    }

    @Test func delayedAnimationsWaitAndDrawRequestsFollowAnimations() throws {
        let host = try makeHost()
        var steps: [Double] = []
        host.window.animator.animate(duration: 0.5, delay: 0.5, curve: .linear, step: { steps.append($0) })
        host.advance(by: 0.4)
        #expect(steps.isEmpty && host.window.needsFrame)
        host.advance(by: 0.7)
        #expect(steps.last == 1 && !host.window.animator.isAnimating)
    }
}
