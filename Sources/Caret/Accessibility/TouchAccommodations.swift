// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How touches and the on-screen keyboard respond, for people who cannot tap lightly, briefly or
/// once (iOS's Touch Accommodations and keyboard settings): one value the app and a guest's
/// accessibility choice set together (`Window.touchAccommodations`).
public struct TouchAccommodations: Sendable, Equatable {
    /// A touch counts only once held this long, in seconds (0: at once); one that lifts sooner
    /// does nothing (a brush of the hand, a tremor).
    public var holdDuration: Double = 0
    /// A touch that lands within this long after the last one lifted is ignored, in seconds
    /// (0: none): repeated taps from a tremor press once.
    public var ignoreRepeatDuration: Double = 0
    /// Held Delete on the on-screen keyboard repeats after this long (nil: it never repeats).
    public var keyRepeatDelay: Double? = 0.5
    /// Then it repeats this often.
    public var keyRepeatInterval: Double = 0.1
    /// After repeating this long, held Delete deletes whole words (nil: characters only).
    public var wordDeletionDelay: Double? = 1.5
    /// Whether holding the space bar, or two fingers, turns the keyboard into a trackpad.
    public var allowsSpaceBarTrackpad = true

    /// The defaults: touches count at once, Delete repeats after 0.5 s and deletes words after
    /// 1.5 s, the space bar can be a trackpad.
    public init() {}
}
