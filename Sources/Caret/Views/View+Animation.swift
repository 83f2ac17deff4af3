// SPDX-License-Identifier: Apache-2.0
/// The on-screen values of a view's animated properties, while their animations run.
struct PresentationValues {
    var frame: Rect?
    var boundsOrigin: Point?
    var alpha: Double?
    var backgroundColor: Color?
}

/// The properties `View.animate` can animate.
enum AnimatableProperty: Hashable {
    case frame, boundsOrigin, alpha, backgroundColor
}

enum AnimatableValue {
    case rect(Rect), point(Point), number(Double), color(Color)

    func interpolated(to other: AnimatableValue, _ t: Double) -> AnimatableValue {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case let (.rect(a), .rect(b)):
            return .rect(
                Rect(
                    x: lerp(a.minX, b.minX), y: lerp(a.minY, b.minY),
                    width: lerp(a.width, b.width), height: lerp(a.height, b.height)))
        case let (.point(a), .point(b)): return .point(Point(x: lerp(a.x, b.x), y: lerp(a.y, b.y)))
        case let (.number(a), .number(b)): return .number(lerp(a, b))
        case let (.color(a), .color(b)): return .color(a.interpolated(to: b, fraction: t))
        default: return other
        }
    }
}

/// What the animator knows a view's property animation by.
struct AnimationKey: Hashable {
    let view: ObjectIdentifier
    let property: AnimatableProperty
}

/// The `View.animate` block being run, if any.
@MainActor
final class AnimationTransaction {
    static var current: AnimationTransaction?
    static var animationsDisabled = false

    let duration: Double
    let delay: Double
    let curve: TimingCurve
    var pending = 0
    var finishedAll = true
    var completion: ((Bool) -> Void)?
    var closed = false

    init(duration: Double, delay: Double, curve: TimingCurve) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    func animationEnded(finished: Bool) {
        pending -= 1
        if !finished { finishedAll = false }
        if pending == 0, closed { complete() }
    }

    func complete() {
        let handler = completion
        completion = nil
        handler?(finishedAll)
    }
}

extension View {
    /// UIKit's nested name for the animation options (`UIView.AnimationOptions`).
    public typealias AnimationOptions = Caret.AnimationOptions
    /// UIKit's nested name for the animation curves (`UIView.AnimationCurve`).
    public typealias AnimationCurve = Caret.AnimationCurve

    /// Animates the changes to `frame`, `bounds`, `center`, `alpha` and `backgroundColor` made in
    /// `animations`: the model values change at once, the screen follows over `duration` seconds.
    /// `completion` gets `true` when every animation ran to its end.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            withDuration: duration, delay: delay, timingCurve: curve.timingCurve,
            animations: animations, completion: completion)
    }

    /// UIKit's form: the curve comes from `options` (the keyboard notification's curve works).
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, curve: options.curve, animations: animations, completion: completion)
    }

    /// UIKit's spring form: the changes follow a damped spring that settles within `duration`
    /// (`dampingRatio` 1 without overshoot, smaller values oscillate; `velocity` in distances per
    /// second). The curve in `options` is ignored, as in UIKit.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = DampedSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        animate(
            withDuration: duration, delay: delay, timingCurve: TimingCurve(spring: spring), animations: animations,
            completion: completion)
    }

    /// `animate(withDuration:delay:curve:animations:completion:)` with any Bézier timing curve.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, timingCurve: TimingCurve,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let outer = AnimationTransaction.current
        let transaction = AnimationTransaction(duration: duration, delay: delay, curve: timingCurve)
        transaction.completion = completion
        AnimationTransaction.current = transaction
        animations()
        AnimationTransaction.current = outer
        transaction.closed = true
        if transaction.pending == 0 { transaction.complete() }
    }

    /// Runs changes without animating them, even inside an animation block.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let saved = AnimationTransaction.animationsDisabled
        AnimationTransaction.animationsDisabled = true
        changes()
        AnimationTransaction.animationsDisabled = saved
    }

    /// Whether any of the view's properties is animating.
    public var isAnimating: Bool {
        presentation.frame != nil || presentation.boundsOrigin != nil || presentation.alpha != nil
            || presentation.backgroundColor != nil
    }

    /// The frame as shown on screen right now (mid-animation it differs from `frame`).
    public var presentationFrame: Rect { presentation.frame ?? frame }
    /// The bounds as shown on screen right now.
    public var presentationBounds: Rect { Rect(origin: presentation.boundsOrigin ?? bounds.origin, size: presentationFrame.size) }
    /// The opacity as shown on screen right now.
    public var presentationAlpha: Double { presentation.alpha ?? alpha }
    /// The background colour as shown on screen right now.
    public var presentationBackgroundColor: Color? { presentation.backgroundColor ?? backgroundColor }

    /// Called by property setters before the model value changes.
    func recordAnimation(_ property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        let key = AnimationKey(view: ObjectIdentifier(self), property: property)
        guard let animator = window?.animator else { return }
        guard let transaction = AnimationTransaction.current, !AnimationTransaction.animationsDisabled,
            transaction.duration > 0
        else {
            // A change outside an animation jumps: stop any animation of the property.
            if animator.hasAnimation(forKey: key) {
                animator.cancelAnimations(forKey: key)
            }
            return
        }
        // Inside `animateKeyframes`, a keyframe's change is a segment of the property's track.
        if let group = KeyframeGroup.current, group.isRecordingKeyframe {
            group.add(key, view: self, property: property, from: from, to: to)
            return
        }
        // Stop the running animation first: its completion clears the presentation value.
        animator.cancelAnimations(forKey: key)
        setPresentation(property, from)
        transaction.pending += 1
        animator.animate(
            duration: transaction.duration, delay: transaction.delay, curve: transaction.curve, key: key,
            step: { [weak self] t in
                guard let self else { return }
                let before = self.presentationFrame
                self.setPresentation(property, from.interpolated(to: to, t))
                self.damageAnimationStep(before: before)
            },
            completion: { [weak self] finished in
                if let self {
                    let before = self.presentationFrame
                    self.clearPresentation(property)
                    self.damageAnimationStep(before: before)
                }
                transaction.animationEnded(finished: finished)
            })
    }

    /// Damages where the view was and where it is now (with everything it draws): a sliding
    /// keyboard redraws its strip, not the window. Under an animating ancestor, where geometry
    /// on screen is not the model's, the whole window is redrawn instead.
    func damageAnimationStep(before: Rect) {
        guard let window else { return }
        var ancestor = superview
        while let view = ancestor {
            if view.isAnimating { return window.setNeedsFrame() }
            ancestor = view.superview
        }
        damageSubtree(in: before)
        damageSubtree(in: presentationFrame)
    }

    func setPresentation(_ property: AnimatableProperty, _ value: AnimatableValue) {
        switch (property, value) {
        case let (.frame, .rect(r)): presentation.frame = r
        case let (.boundsOrigin, .point(p)): presentation.boundsOrigin = p
        case let (.alpha, .number(n)): presentation.alpha = n
        case let (.backgroundColor, .color(c)): presentation.backgroundColor = c
        default: break
        }
    }

    func clearPresentation(_ property: AnimatableProperty) {
        switch property {
        case .frame: presentation.frame = nil
        case .boundsOrigin: presentation.boundsOrigin = nil
        case .alpha: presentation.alpha = nil
        case .backgroundColor: presentation.backgroundColor = nil
        }
    }
}
