// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Momentum's physics: how quickly it dies (`DecelerationRate`), where it would come to rest,
/// and the path an axis follows after release — free deceleration, a bounce at an edge, or a
/// spring back from a rubber-banded position.
extension ScrollView {
    /// How quickly momentum dies: the fraction of velocity kept per millisecond.
    public struct DecelerationRate: Hashable, Sendable {
        public let rawValue: Double
        /// Creates a rate from the fraction kept per millisecond.
        public init(rawValue: Double) { self.rawValue = min(0.9999, max(0.5, rawValue)) }
        /// UIKit's normal rate.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Where momentum from an offset and a velocity (points per second) would come to rest,
    /// ignoring edges: `offset + velocity / (1000 · -ln(rate))`.
    public static func projectedOffset(_ offset: Double, velocity: Double, rate: DecelerationRate) -> Double {
        offset - velocity / (1000 * log(rate.rawValue))
    }

    /// The path one axis follows after release: free deceleration, a bounce at an edge, or a
    /// spring back from a rubber-banded position. `position(t)` for t in 0...duration.
    struct Trajectory {
        let duration: Double
        let position: (Double) -> Double
        let end: Double

        static let springStiffness = 10.0  // ω of the critically damped spring, per second
        static let restSpeed = 1.0  // points per second at which motion stops

        static func make(
            offset p0: Double, velocity v0: Double, lo: Double, hi: Double, rate: Double,
            bounces: Bool
        ) -> Trajectory {
            let omega = springStiffness
            // Rubber-banded past an edge: spring back to it.
            if p0 < lo || p0 > hi {
                let edge = p0 < lo ? lo : hi
                return spring(from: edge, displacement: p0 - edge, velocity: 0, omega: omega, startTime: 0, before: nil)
            }
            let k = 1000 * log(rate)  // negative: velocity decays as exp(k t)
            guard abs(v0) > restSpeed * 20 else { return Trajectory(duration: 0, position: { _ in p0 }, end: p0) }
            let free: (Double) -> Double = { t in p0 + v0 * (exp(k * t) - 1) / k }
            let restTime = log(restSpeed / abs(v0)) / k
            let target = p0 - v0 / k
            if target >= lo && target <= hi {
                return Trajectory(duration: restTime, position: { t in t >= restTime ? target : free(t) }, end: target)
            }
            // Hits an edge: decelerate to it, then overshoot and come back (or stop there without bouncing).
            let edge = target < lo ? lo : hi
            let hitTime = log(1 + (edge - p0) * k / v0) / k
            let hitVelocity = v0 * exp(k * hitTime)
            guard bounces else {
                return Trajectory(duration: hitTime, position: { t in t >= hitTime ? edge : free(t) }, end: edge)
            }
            return spring(from: edge, displacement: 0, velocity: hitVelocity, omega: omega, startTime: hitTime, before: free)
        }

        /// A critically damped spring toward `edge`: x(s) = (x0 + (v + ω x0) s) e^(-ω s).
        private static func spring(
            from edge: Double, displacement x0: Double, velocity v: Double, omega: Double,
            startTime: Double, before: ((Double) -> Double)?
        ) -> Trajectory {
            func x(_ s: Double) -> Double { (x0 + (v + omega * x0) * s) * exp(-omega * s) }
            var settle = 1 / omega
            while abs(x(settle)) > 0.25 && settle < 5 { settle += 1.0 / 120 }
            let duration = startTime + settle
            return Trajectory(
                duration: duration,
                position: { t in
                    if t < startTime, let before { return before(t) }
                    if t >= duration { return edge }
                    return edge + x(t - startTime)
                }, end: edge)
        }
    }
}
