// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
@_spi(Testing) import Caret
import CaretDemoSoak
import CaretSDLTesting
import CaretTesting
import Foundation

/// Soaks the demo's screens with seeded random input (see `Scripts/soak.sh`).
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caret-soak",
        abstract: "Drive the demo's screens with seeded random input and check Caret's invariants after every event.")

    @Option(help: "The first seed (default: from the clock).")
    var seed: UInt64?

    @Option(help: "How many seeds to run, one after another (seed, seed+1, ...).")
    var seeds = 1

    @Option(help: "Run fresh seeds until this many seconds have passed (overrides --seeds).")
    var duration: Double?

    @Option(help: "Events per seed.")
    var events = 5_000

    @Option(help: "form, kiosk, notes, or all (the seed picks the screen and, unless --size is given, the size).")
    var screen = "all"

    @Option(help: "Window size, e.g. 1024x700 (default: the seed picks one of the demo's sizes).")
    var size: String?

    @Flag(help: "Type with the on-screen keyboard in Korean, Chinese and Japanese (the real engines) among other languages.")
    var world = false

    @Flag(help: "Give the window a system input method played as IBus (through Caret's own client path) that composes words typed on hardware keys.")
    var ibus = false

    @Flag(help: "With --world: libm17n's transliterations (Telex, VNI, ITRANS, Swanalekha) among the languages.")
    var transliteration = false

    @Flag(help: "The keyboard's writing pads (Latin, Cyrillic; Japanese and Chinese by zinnia) among its languages, written on with strokes.")
    var handwriting = false

    @Flag(help: "Measure and draw with the bundled fonts through SDL's software renderer (slower).")
    var bundledFonts = false

    @Flag(help: "Check spelling and autocorrect with Hunspell's dictionaries, as the SDL app does.")
    var dictionaries = false

    @Option(help: "Write every event of the run as a JSON line here (a crash leaves it complete).")
    var log: String?

    @Option(help: "Write the window's state and every editor's text after the last seed's last event here.")
    var finalState: String?

    @Option(help: "Replay an event log (on the screen and size of --seed) instead of generating events; exits 1 if a check fails.")
    var replay: String?

    @Flag(help: "With --replay: print the window's state after every event.")
    var verbose = false

    @Option(help: "Shrink a crashing event log by replaying parts of it in child processes; writes <path>.min.")
    var shrink: String?

    func run() throws {
        // A run that ends while librime is being prepared waits for it, or exit crashes in librime.
        defer { MainActor.assumeIsolated { DemoSoak.waitForEngineCalls() } }
        try MainActor.assumeIsolated {
            try runSoak()
        }
    }

    private func parsedSize() throws -> Size? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2 else { throw ValidationError("--size must look like 1024x700") }
        return Size(width: parts[0], height: parts[1])
    }

    /// The screen and size a seed runs on (from the seed alone, so that any seed reproduces by itself).
    @MainActor
    private func soak(seed: UInt64) throws -> (Soak, String, Size) {
        let screens = screen == "all" ? DemoSoak.screens : [screen]
        guard screens.allSatisfy(DemoSoak.screens.contains) else { throw ValidationError("no screen \(screen)") }
        let name = screens[Int(seed % UInt64(screens.count))]
        let chosen = try parsedSize() ?? DemoSoak.sizes[Int((seed / UInt64(screens.count)) % UInt64(DemoSoak.sizes.count))]
        let soak = DemoSoak.make(
            screen: name, size: chosen, fonts: bundledFonts ? .bundled : .fixedAdvance(ratio: 0.5), world: world, dictionaries: dictionaries,
            ibus: ibus, transliteration: transliteration, handwriting: handwriting)
        return (soak, name, chosen)
    }

    @MainActor
    private func runSoak() throws {
        if let replay {
            let (soak, _, _) = try soak(seed: seed ?? 0)
            let events = try Soak.readEventLog(URL(fileURLWithPath: replay))
            if verbose {
                soak.onEvent = { index, event, window in
                    print(index, event, Soak.describe(window))
                    // The focused editor's text, selection and marked text after the event.
                    if let editor = window.firstResponder as? TextEditingView
                        ?? ((window.firstResponder as? View)?.subviews.first { $0 is TextEditingView } as? TextEditingView)
                    {
                        let text = editor.isSecureTextEntry ? "(secure)" : editor.model.document.string.debugDescription
                        print(
                            "   text \(text) selection \(editor.model.selection.range) marked \(editor.model.markedRange.map { "\($0)" } ?? "none")")
                    }
                }
            }
            if let (index, problems) = soak.replay(events) {
                print("replay failed at event \(index): \(problems.joined(separator: "; "))")
                throw ExitCode(1)
            }
            print("replay of \(events.count) events passed")
            return
        }
        if let shrink {
            return try shrinkCrash(URL(fileURLWithPath: shrink))
        }
        let first = seed ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000_007
        let start = Date()
        var total = 0, index = 0, mostLayoutPasses = 0, avoidancePasses = 0
        while duration.map({ Date().timeIntervalSince(start) < $0 }) ?? (index < seeds) {
            let current = first &+ UInt64(index)
            let (soak, name, size) = try soak(seed: current)
            soak.eventLog = log.map { URL(fileURLWithPath: $0) }
            var lastWindow: Window?
            var corrections = 0  // events after which the suggestion bar offered a correction
            let previous = soak.onEvent
            soak.onEvent = { index, event, window in
                previous?(index, event, window)
                lastWindow = window
                if window.keyboard.keyboardView?.correction != nil { corrections += 1 }
            }
            let report = soak.run(seed: current, events: events)
            if let finalState, let lastWindow {
                try Soak.finalState(lastWindow).write(toFile: finalState, atomically: true, encoding: .utf8)
            }
            total += report.eventCount
            mostLayoutPasses = max(mostLayoutPasses, report.mostLayoutPasses)
            avoidancePasses += report.avoidancePasses
            print(
                String(
                    format: "seed %llu %@ %dx%d: %d events in %.1f s (%.0f/s)%@", current, name, Int(size.width), Int(size.height),
                    report.eventCount, report.seconds, Double(report.eventCount) / max(report.seconds, 0.001),
                    (dictionaries ? ", corrections offered after \(corrections) events" : "") + (report.failure == nil ? "" : " FAILED")))
            if let failure = report.failure {
                print(failure)
                let saved = URL(fileURLWithPath: "soak-failure-\(current).jsonl")
                try? Soak.writeEventLog(failure.events, to: saved)
                print("minimal events written to \(saved.path) (caret-soak --replay \(saved.path) --verbose ...)")
                let modes =
                    (bundledFonts ? " --bundled-fonts" : "") + (world ? " --world" : "") + (dictionaries ? " --dictionaries" : "")
                    + (ibus ? " --ibus" : "") + (transliteration ? " --transliteration" : "") + (handwriting ? " --handwriting" : "")
                print(
                    "reproduce: caret-soak --seed \(current) --events \(report.eventCount) --screen \(name) --size \(Int(size.width))x\(Int(size.height))\(modes)"
                )
                throw ExitCode(1)
            }
            index += 1
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            String(
                format: "soak: %d seeds from %llu, %d events in %.1f s (%.0f events/s), no failures; "
                    + "layout phases of at most %d passes, %d avoidance passes",
                index, first, total, seconds, Double(total) / max(seconds, 0.001), mostLayoutPasses, avoidancePasses))
    }

    /// Delta debugging over child processes: a part of the log "fails" when replaying it exits non-zero.
    @MainActor
    private func shrinkCrash(_ url: URL) throws {
        let events = try Soak.readEventLog(url)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let (_, name, chosen) = try soak(seed: seed ?? 0)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("caret-soak-\(getpid()).jsonl")
        var runs = 0
        let minimal = Soak.minimize(events) { candidate in
            runs += 1
            guard (try? Soak.writeEventLog(candidate, to: temporary)) != nil else { return false }
            let process = Process()
            process.executableURL = executable
            var arguments = ["--replay", temporary.path, "--screen", name, "--size", "\(Int(chosen.width))x\(Int(chosen.height))"]
            if bundledFonts { arguments.append("--bundled-fonts") }
            if world { arguments.append("--world") }
            if dictionaries { arguments.append("--dictionaries") }
            if ibus { arguments.append("--ibus") }
            if transliteration { arguments.append("--transliteration") }
            if handwriting { arguments.append("--handwriting") }
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus != 0
        }
        let output = url.appendingPathExtension("min")
        try Soak.writeEventLog(minimal, to: output)
        print("shrunk \(events.count) events to \(minimal.count) in \(runs) replays; written to \(output.path):")
        for event in minimal { print("  \(event)") }
    }
}

SoakCommand.main()
