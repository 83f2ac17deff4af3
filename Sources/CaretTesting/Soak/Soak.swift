// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Foundation

/// A seeded random-input soak: drives a headless window with events of every kind a window
/// takes — taps, drags and long presses on content, on the on-screen keyboard, its alternates and
/// the edit menu; mouse clicks and wheel; hardware keys with modifiers; text with emoji, combining
/// marks and every line-break form; raw bytes that are not UTF-8; input-method compositions;
/// pastes up to a megabyte; resizes; focus moves, keyboard type and accessory changes, modal
/// dialogs; virtual time — and checks the toolkit's invariants after every one.
///
/// Apps soak their own screens the same way:
///
/// ```swift
/// let soak = Soak { let host = try HeadlessWindow(fonts: .fixedAdvance(ratio: 0.5)); host.rootView = MyScreen(); return host }
/// let report = soak.run(seed: 42, events: 5_000)
/// #expect(report.failure == nil, "\(report.failure!)")
/// ```
///
/// A failure names the seed and the event index and carries the shortest event list found that
/// still fails (the recorded events are concrete, so any sub-list replays).
@preconcurrency @MainActor
public final class Soak {
    /// Makes a fresh window with the screen under test (called once per run and per replay).
    public typealias HostFactory = @MainActor () throws -> HeadlessWindow
    /// An app's own invariant: the problems it sees in the window now (empty when all is well).
    public typealias Check = @MainActor (Window) -> [String]

    /// A run that broke an invariant.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The seed of the run.
        public var seed: UInt64
        /// The index of the event after which the check failed.
        public var eventIndex: Int
        /// What was wrong.
        public var problems: [String]
        /// The events up to the failure, shrunk to a short list that still fails.
        public var events: [SoakEvent]

        public var description: String {
            var lines = ["soak failure: seed \(seed), event \(eventIndex): " + problems.joined(separator: "; ")]
            lines.append("minimal reproduction (\(events.count) events):")
            lines += events.map { "  \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    /// What a run did.
    public struct Report: Sendable {
        /// The seed.
        public var seed: UInt64
        /// Events applied (all of them, or up to the failure).
        public var eventCount: Int
        /// Wall-clock seconds the run took.
        public var seconds: Double
        /// The failure, if an invariant broke.
        public var failure: Failure?
        /// The most passes a layout phase took in the run (more than four fails it).
        public var mostLayoutPasses = 0
        /// How many times keyboard avoidance ran (once per frame at most).
        public var avoidancePasses = 0
    }

    /// Makes the window under test.
    public let makeHost: HostFactory
    /// The app's own checks, run after every event with the built-in ones.
    public var checks: [Check]
    /// Sizes the window is resized to (portrait and landscape, small and large).
    public var sizes: [Size] = [
        Size(width: 1024, height: 700), Size(width: 800, height: 480), Size(width: 483, height: 986),
        Size(width: 1280, height: 800), Size(width: 1080, height: 1920), Size(width: 320, height: 240),
        Size(width: 600, height: 1024),
    ]
    /// The longest paste, in UTF-16 units.
    public var maximumPasteLength = 1_000_000
    /// How raw text bytes become window events: the platform's path. By default the bytes are
    /// decoded as UTF-8 with invalid sequences repaired; `CaretSDLTesting`'s
    /// `SoakPlatform.textInputEvents` sends them through SDL's event translation, as an app's are.
    public var rawTextEvents: @MainActor ([UInt8]) -> [InputEvent] = { bytes in
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? [] : [.textInput(text)]
    }
    /// Whether the window's backend has an input method of its own that composes hardware keys
    /// (`SoakInputMethod`, played as IBus): the soak then types words on hardware keys, and sends
    /// no compositions or text of the platform's own (SDL keeps its input methods away then).
    public var systemInputMethodComposes = false
    /// Called after every event applied (its index, the event, the window), for tracing a replay.
    public var onEvent: (@MainActor (Int, SoakEvent, Window) -> Void)?
    /// Runs after each event is applied and before the checks (a test plants a fault here to see
    /// a check catch it).
    public var afterEachEvent: (@MainActor (SoakEvent, Window) -> Void)?
    /// Whether to shrink a failure to a short reproduction (replays on fresh windows).
    public var shrinksFailures = true
    /// Appends every event as a JSON line before applying it (a crash leaves the file complete up
    /// to the event that crashed), for `Soak.replay` in a child process.
    public var eventLog: URL?

    /// A soak of the windows a factory makes, with an app's own checks.
    public init(checks: [Check] = [], makeHost: @escaping HostFactory) {
        self.makeHost = makeHost
        self.checks = checks
    }

    // MARK: Running

    /// Generates and applies `count` events from `seed`, checking after each one; stops at the
    /// first failure, which is shrunk when `shrinksFailures`.
    public func run(seed: UInt64, events count: Int) -> Report {
        let start = Date()
        SoakCrashReporter.install()
        let host: HeadlessWindow
        do { host = try makeHost() } catch {
            let failure = Failure(seed: seed, eventIndex: 0, problems: ["cannot make the window: \(error)"], events: [])
            return Report(seed: seed, eventCount: 0, seconds: 0, failure: failure)
        }
        Self.prepare(host)
        let session = SoakSession(host: host, soak: self)
        var random = SoakRandom(seed: seed)
        var log = EventLogWriter(url: eventLog)
        var applied: [SoakEvent] = []
        while applied.count < count {
            for event in session.nextGesture(&random) {
                SoakCrashReporter.note(seed: seed, index: applied.count)
                log.write(event)
                applied.append(event)
                let problems = session.apply(event)
                onEvent?(applied.count - 1, event, host.window)
                if !problems.isEmpty {
                    let minimal = shrinksFailures ? shrink(applied) : applied
                    let failure = Failure(seed: seed, eventIndex: applied.count - 1, problems: problems, events: minimal)
                    return report(seed, applied.count, start, failure, host.window)
                }
                if applied.count >= count { break }
            }
        }
        SoakCrashReporter.note(seed: seed, index: -1)
        return report(seed, applied.count, start, nil, host.window)
    }

    /// What a run did, with the window's counts of layout and avoidance passes.
    private func report(_ seed: UInt64, _ count: Int, _ start: Date, _ failure: Failure?, _ window: Window) -> Report {
        var report = Report(seed: seed, eventCount: count, seconds: Date().timeIntervalSince(start), failure: failure)
        report.mostLayoutPasses = window.drawingCheck.mostLayoutPasses
        report.avoidancePasses = window.keyboardAvoidance.passes
        return report
    }

    /// The window as the soak drives it: no emoji key, as the oracle does not model the emoji
    /// panel (its own tests do) and logs recorded before the key must replay as recorded.
    static func prepare(_ host: HeadlessWindow) { host.window.keyboard.offersEmoji = false }

    /// Applies recorded events to a fresh window, checking after each; the first problems found.
    public func replay(_ events: [SoakEvent]) -> (index: Int, problems: [String])? {
        guard let host = try? makeHost() else { return (0, ["cannot make the window"]) }
        Self.prepare(host)
        let session = SoakSession(host: host, soak: self)
        for (index, event) in events.enumerated() {
            SoakCrashReporter.note(seed: 0, index: index)
            let problems = session.apply(event)
            onEvent?(index, event, host.window)
            if !problems.isEmpty { return (index, problems) }
        }
        return nil
    }

    /// The shortest sub-list of `events` found that still fails the same way when replayed (in
    /// this process): the first problem matches once numbers are left out.
    public func shrink(_ events: [SoakEvent]) -> [SoakEvent] {
        guard let original = replay(events)?.problems.first else { return events }
        let signature = Self.signature(original)
        return Self.minimize(events) { [self] candidate in
            replay(candidate).map { Self.signature($0.problems.first ?? "") == signature } ?? false
        }
    }

    /// A problem's text without its numbers (frames and offsets differ between a run and its shrunk replay).
    static func signature(_ problem: String) -> String {
        String(problem.unicodeScalars.filter { !CharacterSet.decimalDigits.contains($0) && $0 != "." && $0 != "-" })
    }

    /// Delta debugging (Zeller's ddmin): removes chunks, then single events, while `fails` holds.
    public static func minimize(_ events: [SoakEvent], fails: ([SoakEvent]) -> Bool) -> [SoakEvent] {
        var current = events
        var chunks = 2
        while current.count >= 2 {
            let size = max(1, current.count / chunks)
            var reduced = false
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + size))
                if !candidate.isEmpty, fails(candidate) {
                    current = candidate
                    reduced = true
                    chunks = max(chunks - 1, 2)
                } else {
                    start += size
                }
            }
            if !reduced {
                if size == 1 { break }
                chunks = min(current.count, chunks * 2)
            }
        }
        return current
    }
}

/// Writes soak events as JSON lines, flushed one by one.
private struct EventLogWriter {
    private let handle: FileHandle?
    private let encoder = JSONEncoder()

    init(url: URL?) {
        guard let url else {
            handle = nil
            return
        }
        handle = FileManager.default.createFile(atPath: url.path, contents: nil) ? try? FileHandle(forWritingTo: url) : nil
    }

    mutating func write(_ event: SoakEvent) {
        guard let handle, var data = try? encoder.encode(event) else { return }
        data.append(0x0A)
        try? handle.write(contentsOf: data)
    }
}

extension Soak {
    /// A line about the window's state: size, first responder and its focus rect, keyboard, animations.
    public static func describe(_ window: Window) -> String {
        let focus = window.firstResponder as? View
        let name = focus.map { "\(type(of: $0))" + ($0.accessibilityIdentifier.map { " \($0)" } ?? "") } ?? "none"
        let rect = focus.map { "\($0.convert($0.keyboardAvoidanceRect, to: nil))" } ?? "-"
        return
            "window \(window.bounds.size) focus \(name) \(rect) keyboard \(window.keyboard.isVisible ? "\(window.keyboard.frame) \(window.keyboard.currentLanguage ?? "-")" : "hidden")"
            + " root \(window.rootView?.frame ?? .zero)\(window.animator.isAnimating ? " animating" : "")"
    }

    /// The window's state and every editor's text, in view order: what two runs of one seed
    /// must end with alike.
    public static func finalState(_ window: Window) -> String {
        var lines = [describe(window)]
        func visit(_ view: View) {
            if let editor = view as? TextEditingView {
                let text = editor.isSecureTextEntry ? "(\(editor.model.utf16Count) secure units)" : editor.model.document.string
                lines.append(
                    "\(type(of: editor.superview ?? editor)) \(editor.superview?.accessibilityIdentifier ?? "-"): \(text.debugDescription) selection \(editor.model.selection.range)"
                )
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads events written to `eventLog` (one JSON object a line).
    public static func readEventLog(_ url: URL) throws -> [SoakEvent] {
        let data = try Data(contentsOf: url)
        let decoder = JSONDecoder()
        return try data.split(separator: 0x0A).map { try decoder.decode(SoakEvent.self, from: Data($0)) }
    }

    /// Writes events as an event log.
    public static func writeEventLog(_ events: [SoakEvent], to url: URL) throws {
        let encoder = JSONEncoder()
        var data = Data()
        for event in events {
            data.append(try encoder.encode(event))
            data.append(0x0A)
        }
        try data.write(to: url)
    }
}
