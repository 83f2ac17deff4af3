// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A keyframe animation as UIKit apps write it (a badge that hops up and back while it fades),
// renamed only.

@Suite(.serialized) @MainActor
struct KeyframeAnimationPortTests {
    /// A window holding one view at a frame, laid out.
    private func windowWithView(at frame: CGRect) throws -> (HeadlessWindow, View) {
        let host = try HeadlessWindow(size: Size(width: 300, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View(frame: host.window.bounds)
        host.rootView = root
        let view = View(frame: frame)
        root.addSubview(view)
        host.layout()
        return (host, view)
    }

    @Test func keyframesPlayInTurnAndAPropertyInTwoKeyframesPassesThroughBoth() throws {
        let (host, badge) = try windowWithView(at: CGRect(x: 100, y: 200, width: 40, height: 40))
        var finished: Bool?
        View.animateKeyframes(
            withDuration: 1.0, delay: 0, options: [],
            animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    badge.frame.origin.y -= 40
                }
                View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    badge.frame.origin.y += 40
                }
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {
                    badge.alpha = 0.5
                }
            }, completion: { done in finished = done })
        #expect(badge.frame.origin.y == 200 && badge.alpha == 0.5, "the model values are the last keyframes' at once")
        var seen: [(y: Double, alpha: Double)] = []
        for _ in 0..<4 {
            host.advance(by: 0.25)
            seen.append((badge.presentationFrame.minY, badge.presentationAlpha))
        }
        let expected: [(y: Double, alpha: Double)] = [(180, 0.875), (160, 0.75), (180, 0.625), (200, 0.5)]
        for (index, (got, want)) in zip(seen, expected).enumerated() {
            #expect(abs(got.y - want.y) < 0.01 && abs(got.alpha - want.alpha) < 0.001, "at \(Double(index + 1) * 0.25) s: \(got), not \(want)")
        }
        host.advance(by: 0.05)
        #expect(finished == true)
        #expect(!badge.isAnimating)
    }

    @Test func theDiscreteModeJumpsAtEachKeyframesStart() throws {
        let (host, dot) = try windowWithView(at: CGRect(x: 0, y: 0, width: 10, height: 10))
        View.animateKeyframes(
            withDuration: 1, delay: 0, options: .calculationModeDiscrete,
            animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { dot.frame.origin.x = 50 }
                View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { dot.frame.origin.x = 100 }
            })
        host.advance(by: 0.25)
        #expect(dot.presentationFrame.minX == 50)
        host.advance(by: 0.5)
        #expect(dot.presentationFrame.minX == 100)
    }
}

extension KeyframeAnimationPortTests {
    @Test func changesOutsideAKeyframeRunOverTheWholeDurationAndCompletionWaitsForIt() throws {
        let (host, card) = try windowWithView(at: CGRect(x: 0, y: 0, width: 40, height: 40))
        var finished: Bool?
        View.animateKeyframes(
            withDuration: 1, delay: 0, options: [],
            animations: {
                card.alpha = 0  // in the block itself: over the whole second
                View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { card.frame.origin.x = 100 }  // added late, ends at 0.75
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { card.frame.origin.x = 50 }  // added second, runs first
            }, completion: { finished = $0 })
        host.advance(by: 0.25)
        #expect(
            abs(card.presentationAlpha - 0.75) < 0.001 && abs(card.presentationFrame.minX - 25) < 0.01,
            "\(card.presentationFrame) \(card.presentationAlpha)")
        host.advance(by: 0.45)  // 0.7 s: four fifths into the late keyframe, from the early one's 50
        #expect(abs(card.presentationFrame.minX - 90) < 0.01, "\(card.presentationFrame)")
        host.advance(by: 0.15)
        #expect(finished == nil, "the keyframes ended at 0.75 s; the completion waits for the whole second")
        #expect(card.frame.minX == 50, "the model keeps the value set last in the code, as UIKit's does")
        host.advance(by: 0.2)
        #expect(finished == true)
    }
}
