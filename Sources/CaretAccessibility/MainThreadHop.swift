// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How the bridge's thread asks the main thread: it posts one question, wakes the app's loop and
/// waits; the main thread answers in `serve()` (the bridge's `pump()`). Once stopped, questions get
/// no answer at once (the caller uses its fallback), so stopping never waits for the main thread.
final class MainThreadHop: @unchecked Sendable {
    private let condition = NSCondition()
    private var question: (() -> Void)?
    private var answered = false
    private var stopped = false
    private let wake: (@Sendable () -> Void)?

    /// `wake` is called (on the bridge's thread) when a question waits; nil: wait for the next `serve()`.
    init(wake: (@Sendable () -> Void)?) { self.wake = wake }

    /// On the bridge's thread: runs `body` on the main thread and waits for it; false if stopped
    /// (then `body` never runs).
    func ask(_ body: () -> Void) -> Bool {
        withoutActuallyEscaping(body) { body in
            condition.lock()
            guard !stopped else {
                condition.unlock()
                return false
            }
            question = body
            answered = false
            condition.broadcast()  // a main thread waiting in `serve(until:timeout:)` answers at once
            condition.unlock()
            wake?()
            // The answer usually comes within a turn of the app's loop: look for it for a
            // moment before sleeping, so that answering costs the main thread no wake-up of a
            // sleeping thread (a futex and an interrupt to another core, more than the answer).
            let spinUntil = DispatchTime.now().uptimeNanoseconds + 200_000
            condition.lock()
            defer { condition.unlock() }
            while !answered && !stopped && DispatchTime.now().uptimeNanoseconds < spinUntil {
                condition.unlock()
                sched_yield()
                condition.lock()
            }
            while !answered && !stopped { condition.wait() }
            question = nil  // never run after this returns: `body` does not outlive the call
            return answered
        }
    }

    /// Whether a question waits for `serve()`.
    var isWaiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return question != nil && !answered
    }

    /// On the main thread: answers the question waiting, if any; true if there was one.
    @discardableResult
    func serve() -> Bool {
        condition.lock()
        guard question != nil, !answered, !stopped else {
            condition.unlock()
            return false
        }
        var body = question
        condition.unlock()
        body?()  // the asker waits meanwhile, and only this (main) thread can stop
        body = nil  // let go before the asker returns: its closure must not outlive the call
        condition.lock()
        answered = true
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// On the main thread: answers questions as they come until `isDone()` (asked under the hop's
    /// lock, so `notify()` after it turns true is never missed) or `timeout` seconds pass; true if
    /// done. This is how the main thread waits for the bridge's thread without deadlock: that
    /// thread may need an answer from this one before it can give its own.
    func serve(until isDone: () -> Bool, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while !isDone() {
            if question != nil, !answered, !stopped {
                condition.unlock()
                serve()
                condition.lock()
                continue
            }
            if !condition.wait(until: deadline) {
                let done = isDone()
                condition.unlock()
                return done
            }
        }
        condition.unlock()
        return true
    }

    /// From any thread: wakes a main thread waiting in `serve(until:timeout:)` to look again.
    func notify() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// On the main thread: questions from now on, and one waiting, get no answer.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
