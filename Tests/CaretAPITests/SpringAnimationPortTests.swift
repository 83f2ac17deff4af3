// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// UIKit's spring animation (issue 45, item 5), sampled on the virtual clock against the damped
// spring's closed form, worked out here from what was sent: a spring that settles within the
// duration (its envelope at 0.1 % at the end, ω₀ = ln 1000 / (ζ · duration), the rule
// docs/behaviour/porting.md gives), starting at the velocity given.

@Suite @MainActor
struct SpringAnimationPortTests {
    /// The closed form: x(0) = 0, x'(0) = v₀, settling at 1.
    private func spring(_ t: Double, duration: Double, damping zeta: Double, velocity v0: Double) -> Double {
        let omega = log(1000.0) / (zeta * duration)
        let decay = exp(-zeta * omega * t)
        if zeta >= 1 { return 1 + decay * (-1 + (v0 - omega) * t) }
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 + decay * (-cos(wd * t) + (v0 - zeta * omega) / wd * sin(wd * t))
    }

    private func sampleCard(damping: Double, velocity: Double, delay: Double = 0) throws -> (samples: [(t: Double, x: Double)], finished: Bool?) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let card = View(frame: CGRect(x: 20, y: 100, width: 100, height: 60))
        root.addSubview(card)
        host.settle()
        var finished: Bool?
        // UIKit code as written: a card springs 200 points to the right.
        View.animate(
            withDuration: 0.8, delay: delay, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
            options: [.curveEaseInOut], animations: { card.frame.origin.x = 220 }, completion: { finished = $0 })
        #expect(card.frame.minX == 220, "the model value at once")
        var samples: [(Double, Double)] = []
        let step = 1.0 / 60
        for i in 1...60 {
            host.advance(by: step)
            samples.append((Double(i) * step - delay, Double(card.presentationFrame.minX)))
        }
        return (samples, finished)
    }

    @Test func anUnderdampedSpringOvershootsAndSettlesAsTheClosedForm() throws {
        let (samples, finished) = try sampleCard(damping: 0.4, velocity: 0)
        for (t, x) in samples where t < 0.8 - 1e-9 {
            let expected = 20 + 200 * spring(t, duration: 0.8, damping: 0.4, velocity: 0)
            #expect(abs(x - expected) < 0.01, "at \(t) s: \(x), the spring gives \(expected)")
        }
        #expect(samples.contains { $0.x > 230 }, "it overshoots the end")
        #expect(samples.last!.x == 220 && finished == true)
    }

    @Test func aCriticallyDampedSpringWithAnInitialVelocityFollowsItsClosedFormAfterItsDelay() throws {
        let (samples, finished) = try sampleCard(damping: 1, velocity: 3, delay: 0.1)
        for (t, x) in samples where t > 0 && t < 0.8 - 1e-9 {
            let expected = 20 + 200 * spring(t, duration: 0.8, damping: 1, velocity: 3)
            #expect(abs(x - expected) < 0.01, "at \(t) s: \(x), the spring gives \(expected)")
        }
        #expect(samples.filter { $0.t <= 0 }.allSatisfy { $0.x == 20 }, "nothing moves during the delay")
        #expect(!samples.contains { $0.x > 220.5 }, "no overshoot")
        #expect(samples.last!.x == 220 && finished == true)
    }
}
