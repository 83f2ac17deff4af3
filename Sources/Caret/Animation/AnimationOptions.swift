// SPDX-License-Identifier: Apache-2.0
/// Options for `View.animate(withDuration:delay:options:animations:completion:)`, with UIKit's
/// bit layout: the curve sits in bits 16–19, so keyboard code that writes
/// `AnimationOptions(rawValue: UInt(curve << 16))` with the notification's curve (7) animates
/// along the keyboard's own curve.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    /// Creates options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Views take touches while they animate (they always do in Caret).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Starts from what is on screen now (Caret's animations always do).
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Slow start and end (the default).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Slow start.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Slow end.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Constant speed.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The options naming a curve (the keyboard's included).
    public init(curve: AnimationCurve) { self.init(rawValue: UInt(curve.rawValue) << 16) }

    /// The curve the options name (ease-in-out for an unknown one).
    public var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
}
