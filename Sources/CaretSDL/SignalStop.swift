// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Dispatch
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP end a running Caret app cleanly and at once: SDL's own handlers
/// (off: `SDL_HINT_NO_SIGNAL_HANDLERS`) turned them into a quit event that a kiosk refused as a
/// close request, so `systemctl stop` waited for its timeout and killed it. Here a signal posts
/// an event of its own that ends `Application.run()` whatever the window says of close
/// requests; the app then saves what it keeps and exits 0. A second signal while that stop has
/// not finished within a second ends the process at once (status 128 + the signal). They are
/// taken over when the app is made, so a signal during start-up stops the loop as it starts
/// (`systemctl stop` right after a start, or a script that signals at the first line printed).
enum SignalStop {
    /// The SDL event type a signal posts (registered on first install; read on the signal's thread).
    private static let registeredEventType = Atomic<UInt32>(UInt32.max)
    static var eventType: UInt32 { registeredEventType.load(ordering: .acquiring) }
    /// The dispatch sources that hear the signals: one set per process, as signals are.
    @MainActor private static var sources: [DispatchSourceSignal] = []
    private static let state = State()

    /// Takes SIGINT, SIGTERM and SIGHUP over for the process (once).
    @MainActor static func install() {
        guard sources.isEmpty else { return }
        registeredEventType.store(SDL_RegisterEvents(1), ordering: .releasing)
        registerExitMessage()
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)  // the dispatch source hears it instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in received(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Xlib ends the process itself when the X server goes (exit 1, after its own one-line
    /// message); a process that exits while a loop still runs says why in Caret's words, then
    /// ends at once (`_exit(1)`): Xlib may call `exit` on two threads that both used the display,
    /// and the process's other exit handlers running twice at once, beside threads still at
    /// work (a word list being read), crashed it (CI: "X connection broken" printed twice, then
    /// SIGSEGV in `__run_exit_handlers`). Not isolated: `exit` may run on any thread.
    private nonisolated static func registerExitMessage() {
        atexit {
            guard SignalStop.state.isRunning else { return }
            FileHandle.standardError.write(
                Data("caret: the display connection is gone (the X server or compositor went away); stopping\n".utf8))
            fflush(nil)
            _exit(1)
        }
    }

    /// Whether a loop runs (a signal then asks it to stop).
    static func appRunning(_ running: Bool) {
        // Registered again as the first loop starts, after the libraries started with the window
        // registered theirs: exit handlers run last-registered first, so this one ends the
        // process before any of theirs can run (the crash above came from one of them).
        if running, !state.hasRun { registerExitMessage() }
        state.set(running: running)
    }

    private static func received(_ number: Int32) {
        if let first = state.firstSignalTime(), Date().timeIntervalSince(first) > 1 {
            FileHandle.standardError.write(Data("caret: signal \(number) again while stopping; exiting now\n".utf8))
            _exit(128 + number)
        }
        var event = SDL_Event()
        event.type = eventType
        event.user.code = number
        SDL_PushEvent(&event)
        // During start-up (the app made, its loop not yet running) the event waits in SDL's queue
        // and the loop stops at its first turn; a process whose loop never starts within five
        // seconds ends as the signal's default would have ended it (an app that sets up every
        // engine's languages takes over a second between its window and its loop on a busy machine).
        if !state.hasRun {
            for _ in 0..<500 where !state.hasRun { usleep(10_000) }
            if !state.hasRun { _exit(128 + number) }
            // Posted again once the loop runs: start-up may have emptied SDL's queue (a second
            // stop event is harmless, the loop ends at the first).
            SDL_PushEvent(&event)
        }
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var firstSignal: Date?
        private var running = false
        private var started = false

        /// Whether a loop runs.
        var isRunning: Bool { lock.withLock { running } }

        /// Whether a loop has started (it may have ended since).
        var hasRun: Bool { lock.withLock { started } }

        /// A loop starts (the next signal is the first of a new stop) or ends.
        func set(running: Bool) {
            lock.withLock {
                self.running = running
                if running {
                    started = true
                    firstSignal = nil
                }
            }
        }

        /// When the first signal of this stop came (nil if this is the first, which it records).
        func firstSignalTime() -> Date? {
            lock.withLock {
                if let firstSignal { return firstSignal }
                firstSignal = Date()
                return nil
            }
        }
    }
}
