// SPDX-License-Identifier: Apache-2.0
/// UIKit's keyframe animations (`UIView.animateKeyframes` with `addKeyframe`): each keyframe's
/// changes are a segment of its properties' tracks, at a start and for a duration relative to the
/// whole; a property changed by several keyframes moves through each in turn (an animation of
/// its own would stop the one before), so a track is played as one animation of the property.
@MainActor
final class KeyframeGroup {
    static var current: KeyframeGroup?

    struct Segment {
        var start: Double
        var end: Double
        var from: AnimatableValue
        var to: AnimatableValue
    }

    struct Track {
        let key: AnimationKey
        weak var view: View?
        let property: AnimatableProperty
        var segments: [Segment]

        /// The value at a time relative to the whole (0…1): a segment's interpolation while it
        /// runs, its end value until the next one starts; the discrete mode jumps at each start.
        func value(at time: Double, discrete: Bool) -> AnimatableValue {
            var value = segments[0].from
            for segment in segments where segment.start <= time {
                let length = segment.end - segment.start
                if discrete || time >= segment.end || length <= 0 {
                    value = segment.to
                } else {
                    value = segment.from.interpolated(to: segment.to, (time - segment.start) / length)
                }
            }
            return value
        }
    }

    let isDiscrete: Bool
    private(set) var tracks: [Track] = []
    /// The keyframe being recorded: its start and duration, relative to the whole.
    var keyframe: (start: Double, duration: Double)?
    var isRecordingKeyframe: Bool { keyframe != nil }

    init(isDiscrete: Bool) { self.isDiscrete = isDiscrete }

    /// A change a keyframe made: a segment of the property's track.
    func add(_ key: AnimationKey, view: View, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        guard let (start, duration) = keyframe else { return }
        let segment = Segment(start: start, end: start + duration, from: from, to: to)
        if let index = tracks.firstIndex(where: { $0.key == key }) {
            // In time order, however the keyframes were added: each starts where the one before
            // it in time ends, the first where the property was.
            var segments = tracks[index].segments
            let original = segments.first!.from
            segments.insert(segment, at: segments.firstIndex { $0.start > segment.start } ?? segments.endIndex)
            for i in segments.indices { segments[i].from = i == 0 ? original : segments[i - 1].to }
            tracks[index].segments = segments
        } else {
            tracks.append(Track(key: key, view: view, property: property, segments: [segment]))
        }
    }
}

extension View {
    /// How the values between keyframes are calculated (UIKit's `UIView.KeyframeAnimationOptions`).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Makes options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Values move evenly through each keyframe (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Values jump to each keyframe's at its start.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    }

    /// Animates the keyframes `animations` adds with `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// over `duration` seconds: the model values change at once, the screen passes through each keyframe in turn.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: KeyframeAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let outer = KeyframeGroup.current, outerTransaction = AnimationTransaction.current
        let group = KeyframeGroup(isDiscrete: options.contains(.calculationModeDiscrete))
        KeyframeGroup.current = group
        // Changes made in the block itself, outside any keyframe, run over the whole duration.
        group.keyframe = (0, 1)
        AnimationTransaction.current = AnimationTransaction(duration: 1, delay: 0, curve: .linear)
        animations()
        AnimationTransaction.current = outerTransaction
        group.keyframe = nil
        KeyframeGroup.current = outer
        let transaction = AnimationTransaction(duration: duration, delay: delay, curve: .linear)
        transaction.completion = completion
        for track in group.tracks {
            guard let view = track.view, let animator = view.window?.animator, duration > 0 else { continue }
            let first = track.segments.map(\.start).min() ?? 0, last = track.segments.map(\.end).max() ?? 1
            let span = max(0, last - first)
            // An animation of the property already running stops first (its end clears what shows).
            animator.cancelAnimations(forKey: track.key)
            view.setPresentation(track.property, track.segments[0].from)
            transaction.pending += 1
            animator.animate(
                duration: duration * span, delay: delay + duration * first, curve: .linear, key: track.key,
                step: { [weak view] t in
                    guard let view else { return }
                    let before = view.presentationFrame
                    view.setPresentation(track.property, track.value(at: first + t * span, discrete: group.isDiscrete))
                    view.damageAnimationStep(before: before)
                },
                completion: { [weak view] finished in
                    if let view {
                        let before = view.presentationFrame
                        view.clearPresentation(track.property)
                        view.damageAnimationStep(before: before)
                    }
                    transaction.animationEnded(finished: finished)
                })
        }
        // The completion comes after the whole duration, even where the keyframes end sooner.
        if let animator = group.tracks.lazy.compactMap({ $0.view?.window?.animator }).first, duration > 0 {
            transaction.pending += 1
            _ = animator.schedule(after: delay + duration) { transaction.animationEnded(finished: true) }
        }
        transaction.closed = true
        if transaction.pending == 0 { transaction.complete() }
    }

    /// Adds a keyframe inside `animateKeyframes`: the changes `animations` makes, from a start to
    /// a duration, each a fraction (0…1) of the whole. Outside a keyframe animation the changes
    /// are made at once.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: () -> Void) {
        guard let group = KeyframeGroup.current else { return performWithoutAnimation(animations) }
        let outer = AnimationTransaction.current, outerKeyframe = group.keyframe
        // A transaction of some duration, so that the properties' setters record their changes.
        AnimationTransaction.current = AnimationTransaction(duration: 1, delay: 0, curve: .linear)
        group.keyframe = (max(0, min(1, start)), max(0, min(1 - max(0, start), relativeDuration)))
        animations()
        group.keyframe = outerKeyframe
        AnimationTransaction.current = outer
    }
}
