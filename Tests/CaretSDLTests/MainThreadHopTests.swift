// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import CaretAccessibility

/// The AT-SPI bridge's thread asks the tree through `MainThreadHop` (issue 28): its questions run
/// on the thread that pumps the bridge (the main thread), when it pumps, and stopping never leaves that thread waiting.
@MainActor
@Suite struct MainThreadHopTests {
    /// What the asking thread saw, set once it returns.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (answered: Bool, ranWhereServed: Bool, ran: Bool)?
        private var wakes = 0
        func set(_ answered: Bool, _ ranWhereServed: Bool, _ ran: Bool) { lock.withLock { value = (answered, ranWhereServed, ran) } }
        func woke() { lock.withLock { wakes += 1 } }
        var result: (answered: Bool, ranWhereServed: Bool, ran: Bool)? { lock.withLock { value } }
        var wakeCount: Int { lock.withLock { wakes } }
    }

    /// Starts a thread that asks one question; returns once the question waits (or the hop refused it).
    private func ask(_ hop: MainThreadHop, into outcome: Outcome) {
        let server = pthread_self()
        let thread = Thread {
            var ran = false, servedHere = false
            let answered = hop.ask {
                ran = true
                servedHere = pthread_equal(pthread_self(), server) != 0
            }
            outcome.set(answered, servedHere, ran)
        }
        thread.start()
        for _ in 0..<2000 where !hop.isWaiting && outcome.result == nil { usleep(1000) }
    }

    private func waitForResult(_ outcome: Outcome) {
        for _ in 0..<2000 where outcome.result == nil { usleep(1000) }
    }

    @Test func aQuestionWaitsUntilServedAndRunsOnTheMainThread() {
        let outcome = Outcome()
        let hop = MainThreadHop(wake: { outcome.woke() })
        ask(hop, into: outcome)
        #expect(hop.isWaiting)
        usleep(20_000)
        #expect(outcome.result == nil, "answered before the main thread served it")
        #expect(outcome.wakeCount == 1, "the app's loop was not woken for the question")
        #expect(hop.serve())
        waitForResult(outcome)
        #expect(outcome.result?.answered == true)
        #expect(outcome.result?.ran == true)
        #expect(outcome.result?.ranWhereServed == true)
        #expect(!hop.serve(), "one question was answered twice")
    }

    @Test func stoppingReleasesAWaitingQuestionWithoutRunningIt() {
        let outcome = Outcome()
        let hop = MainThreadHop(wake: nil)
        ask(hop, into: outcome)
        #expect(hop.isWaiting)
        hop.stop()
        waitForResult(outcome)
        #expect(outcome.result?.answered == false)
        #expect(outcome.result?.ran == false)
        #expect(!hop.serve())
    }

    @Test func questionsAfterStoppingAreRefusedAtOnce() {
        let outcome = Outcome()
        let hop = MainThreadHop(wake: { outcome.woke() })
        hop.stop()
        ask(hop, into: outcome)
        waitForResult(outcome)
        #expect(outcome.result?.answered == false)
        #expect(outcome.result?.ran == false)
        #expect(outcome.wakeCount == 0)
    }
}

/// Waiting for a key's verdict (issue 40): the main thread keeps answering the bridge's thread,
/// which may need an answer before it can give the verdict, so neither waits on the other.
@MainActor
@Suite struct MainThreadHopVerdictTests {
    final class Verdict: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Bool?
        func set(_ consumed: Bool) { lock.withLock { value = consumed } }
        var result: Bool? { lock.withLock { value } }
    }

    @Test func waitingForAVerdictAnswersTheQuestionsItNeedsFirst() {
        let hop = MainThreadHop(wake: nil)
        let verdict = Verdict()
        let server = pthread_self()
        let thread = Thread {
            // As at-spi2-atk's listener does while Orca decides: ask the tree, then answer.
            var askedOnMain = false
            for _ in 0..<3 { _ = hop.ask { askedOnMain = pthread_equal(pthread_self(), server) != 0 } }
            verdict.set(askedOnMain)
            hop.notify()
        }
        thread.start()
        let start = Date()
        let done = hop.serve(until: { verdict.result != nil }, timeout: 5)
        #expect(done, "the main thread gave up waiting although the verdict came")
        #expect(verdict.result == true, "the questions were not answered on the waiting thread")
        #expect(Date().timeIntervalSince(start) < 2, "the wait lasted until the timeout: a question went unanswered")
    }

    @Test func aVerdictThatNeverComesEndsTheWaitAtTheTimeout() {
        let hop = MainThreadHop(wake: nil)
        let start = Date()
        #expect(!hop.serve(until: { false }, timeout: 0.2))
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.19 && waited < 1.5)
    }
}
