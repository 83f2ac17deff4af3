// SPDX-License-Identifier: Apache-2.0
/// Runs animations and timers on a `Clock`. The window owns one; the run loop (or a test's
/// virtual clock) calls `tick()`, and the animator reports through `isAnimating` and
/// `nextDeadline` when it next needs to run, so an idle window can sleep.
@preconcurrency @MainActor
public final class Animator {
    /// Identifies a running animation or a scheduled timer, for cancelling it.
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Animation {
        let token: Token
        let key: AnyHashable?
        let start: Double
        let duration: Double
        let curve: TimingCurve
        let step: @MainActor (Double) -> Void
        let completion: (@MainActor (Bool) -> Void)?
    }

    private struct TimerEntry {
        let token: Token
        var fireAt: Double
        let interval: Double?
        let action: @MainActor () -> Void
    }

    /// The clock everything is timed by.
    public let clock: Clock
    /// Called when an animation or timer starts, so the host can wake up and draw.
    public var onNeedsTick: (@MainActor () -> Void)?

    private var animations: [Animation] = []
    private var timers: [TimerEntry] = []
    private var idleWork: [(token: Token, action: @MainActor () -> Void)] = []
    private var nextID = 0

    /// Creates an animator on a clock.
    public init(clock: Clock) { self.clock = clock }

    /// Whether any animation is running (the host should draw every frame).
    public var isAnimating: Bool { !animations.isEmpty }

    /// Whether idle work waits for the next turn's end (measurements let it run between inputs).
    @_spi(Testing) public var hasIdleWork: Bool { !idleWork.isEmpty }

    /// The earliest time a timer fires, if any is scheduled (now, while idle work waits).
    public var nextDeadline: Double? { idleWork.isEmpty ? timers.map(\.fireAt).min() : clock.now }

    /// Starts an animation: `step` gets the eased progress from 0 to 1 on each tick, then
    /// `completion(true)`. Starting another animation with the same `key` cancels this one
    /// (`completion(false)`). A duration of zero or less completes on the next tick.
    @discardableResult
    public func animate(
        duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut, key: AnyHashable? = nil,
        step: @escaping @MainActor (Double) -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) -> Token {
        if let key { cancelAnimations(forKey: key) }
        let token = makeToken()
        animations.append(
            Animation(
                token: token, key: key, start: clock.now + max(0, delay), duration: duration,
                curve: curve, step: step, completion: completion))
        onNeedsTick?()
        return token
    }

    /// Stops the animation with the token, calling its completion with `false`.
    public func cancel(_ token: Token) {
        if let index = animations.firstIndex(where: { $0.token == token }) {
            let animation = animations.remove(at: index)
            animation.completion?(false)
        }
        timers.removeAll { $0.token == token }
        idleWork.removeAll { $0.token == token }
    }

    /// Stops every animation with the key, calling their completions with `false`.
    public func cancelAnimations(forKey key: AnyHashable) {
        let cancelled = animations.filter { $0.key == key }
        animations.removeAll { $0.key == key }
        for animation in cancelled { animation.completion?(false) }
    }

    /// Whether an animation with the key is running.
    public func hasAnimation(forKey key: AnyHashable) -> Bool { animations.contains { $0.key == key } }

    /// Runs `action` after `delay` seconds, and then every `interval` seconds if one is given.
    @discardableResult
    public func schedule(
        after delay: Double, repeating interval: Double? = nil,
        _ action: @escaping @MainActor () -> Void
    ) -> Token {
        let token = makeToken()
        timers.append(
            TimerEntry(
                token: token, fireAt: clock.now + max(0, delay),
                interval: interval.map { max(0.001, $0) }, action: action))
        onNeedsTick?()
        return token
    }

    /// Schedules work that waits until the next frame has been shown (checking a long text's
    /// spelling a step at a time): the run loop runs it after presenting, in its next turn at the
    /// latest, so it never holds up the frame of a keystroke.
    @discardableResult
    public func scheduleIdle(_ action: @escaping @MainActor () -> Void) -> Token {
        let token = makeToken()
        idleWork.append((token, action))
        onNeedsTick?()
        return token
    }

    /// Runs the idle work scheduled so far (not what it schedules): the run loop calls it after
    /// a turn's frame.
    public func runIdleWork() {
        let work = idleWork
        idleWork.removeAll()
        for item in work { item.action() }
    }

    /// Fires due timers and advances every animation to the clock's current time.
    public func tick() {
        let now = clock.now
        // Timers: fire each due one once per tick (a repeating timer that fell behind catches up over ticks).
        let due = timers.filter { $0.fireAt <= now + 1e-6 }.sorted { $0.fireAt < $1.fireAt }
        for i in due.indices {
            let token = due[i].token
            guard let index = timers.firstIndex(where: { $0.token == token }) else { continue }
            if let interval = timers[index].interval {
                timers[index].fireAt = max(timers[index].fireAt + interval, now - interval)
                if timers[index].fireAt <= now + 1e-6 { timers[index].fireAt = now + interval }
            } else {
                timers.remove(at: index)
            }
            due[i].action()
        }
        // Animations: step, then complete the finished ones (in start order).
        let current = animations
        var finished: [Animation] = []
        for animation in current {
            guard animations.contains(where: { $0.token == animation.token }) else { continue }
            let elapsed = now - animation.start
            if elapsed < 0 { continue }
            // Clock steps add up in floating point; within a microsecond of the end counts as the end.
            let fraction = animation.duration > 0 && elapsed < animation.duration - 1e-6 ? elapsed / animation.duration : 1
            animation.step(animation.curve.value(at: fraction))
            if fraction >= 1 { finished.append(animation) }
        }
        for animation in finished {
            guard let index = animations.firstIndex(where: { $0.token == animation.token }) else { continue }
            animations.remove(at: index)
            animation.completion?(true)
        }
    }

    private func makeToken() -> Token {
        nextID += 1
        return Token(id: nextID)
    }
}
