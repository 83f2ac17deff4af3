// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A cubic Bézier timing function from (0, 0) to (1, 1), as CSS and Core Animation define them.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point.
    public let c1: Point
    /// The second control point.
    public let c2: Point

    /// A damped spring in place of the Bézier (View.animate's spring form), nil for a Bézier.
    let spring: DampedSpring?

    /// Creates a curve from its two control points (x values are clamped to 0...1).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = Point(x: min(1, max(0, x1)), y: y1)
        c2 = Point(x: min(1, max(0, x2)), y: y2)
        spring = nil
    }

    /// A damped spring's progress over `duration` seconds.
    init(spring: DampedSpring) {
        c1 = .zero
        c2 = Point(x: 1, y: 1)
        self.spring = spring
    }

    /// Constant speed.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// Slow start.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Slow end.
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Slow start and end.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The eased progress (y) for a linear time fraction (x) in 0...1.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if let spring { return spring.progress(at: x * spring.duration) }
        if self == .linear { return x }
        // Coefficients of the polynomial form, then Newton's method on x(t) = x with bisection fallback.
        let cx = 3 * c1.x, bx = 3 * (c2.x - c1.x) - cx, ax = 1 - cx - bx
        let cy = 3 * c1.y, by = 3 * (c2.y - c1.y) - cy, ay = 1 - cy - by
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < 1e-7 { return sampleY(t) }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        while lo < hi {
            let v = sampleX(t)
            if abs(v - x) < 1e-7 { break }
            if x > v { lo = t } else { hi = t }
            t = (lo + hi) / 2
            if hi - lo < 1e-9 { break }
        }
        return sampleY(t)
    }
}

/// A mass on a damped spring from 0 to 1 (UIKit's `usingSpringWithDamping` animation): damping
/// ratio ζ in 0.01...1 (1 settles without overshoot), initial velocity in distances per second.
/// Its natural frequency is chosen so that it settles within the duration: the envelope
/// e^(−ζω₀t) falls to 0.1 % at the end, ω₀ = ln(1000) / (ζ · duration).
struct DampedSpring: Hashable, Sendable {
    let duration: Double
    let dampingRatio: Double
    let initialVelocity: Double

    init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        self.duration = max(duration, 1e-6)
        self.dampingRatio = min(1, max(0.01, dampingRatio))
        self.initialVelocity = initialVelocity
    }

    /// The natural angular frequency ω₀.
    var naturalFrequency: Double { log(1000) / (dampingRatio * duration) }

    /// The position at `t` seconds: 1 + e^(−ζω₀t)(−cos ω_d t + (v₀ − ζω₀)/ω_d · sin ω_d t), or,
    /// critically damped, 1 + e^(−ω₀t)(−1 + (v₀ − ω₀)t).
    func progress(at t: Double) -> Double {
        let zeta = dampingRatio, omega = naturalFrequency, v0 = initialVelocity
        let decay = exp(-zeta * omega * t)
        if zeta >= 1 { return 1 + decay * (-1 + (v0 - omega) * t) }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 + decay * (-cos(damped * t) + (v0 - zeta * omega) / damped * sin(damped * t))
    }
}
