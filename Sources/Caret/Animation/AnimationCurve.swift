// SPDX-License-Identifier: Apache-2.0

/// UIKit's named animation curves; raw values match `UIView.AnimationCurve`.
public enum AnimationCurve: Int, Hashable, Sendable, CaseIterable {
    /// Slow start and end.
    case easeInOut = 0
    /// Slow start.
    case easeIn = 1
    /// Slow end.
    case easeOut = 2
    /// Constant speed.
    case linear = 3
    /// The curve the on-screen keyboard slides with (UIKit reports it as raw value 7).
    case keyboard = 7

    /// The Bézier timing function of the curve.
    public var timingCurve: TimingCurve {
        switch self {
        case .easeInOut: return .easeInOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        case .keyboard: return TimingCurve(0.38, 0.7, 0.125, 1)
        }
    }
}
