// SPDX-License-Identifier: Apache-2.0

import CaretDemoKit
import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret
@testable import CaretTesting

/// A soak seed replays the same way every time (issue 25, item 6): nothing depends on the hash
/// order of object identities, so two processes, one with address randomisation off, write the
/// same event log and end with the same texts; and the shrinker reduces a planted failure to the
/// same events in every run.
@Suite(.serialized) @MainActor
struct SeedReplayTests {
    /// caret-soak next to the test binary (built by the test command's `swift build --build-tests`).
    private var soakBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("caret-soak")
    }

    private func runSoak(seed: UInt64, noRandomisation: Bool, into directory: URL, name: String) throws -> (log: Data, state: Data) {
        let log = directory.appendingPathComponent("\(name).jsonl"), state = directory.appendingPathComponent("\(name).state")
        let process = Process()
        var arguments = [soakBinary.path, "--seed", "\(seed)", "--events", "2500", "--log", log.path, "--final-state", state.path]
        if noRandomisation {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setarch")
            arguments = ["-R"] + arguments
        } else {
            process.executableURL = soakBinary
            arguments.removeFirst()
        }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "caret-soak --seed \(seed) exited \(process.terminationStatus)")
        return (try Data(contentsOf: log), try Data(contentsOf: state))
    }

    @Test(arguments: [77, 231_123_001] as [UInt64])
    func aSeedReplaysByteForByteInTwoProcessesOneWithoutAddressRandomisation(_ seed: UInt64) throws {
        try #require(FileManager.default.isExecutableFile(atPath: soakBinary.path), "no caret-soak at \(soakBinary.path)")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setarch"), "setarch (util-linux) is missing")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caret-replay-\(seed)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let randomised = try runSoak(seed: seed, noRandomisation: false, into: directory, name: "randomised")
        let fixed = try runSoak(seed: seed, noRandomisation: true, into: directory, name: "fixed")
        #expect(!randomised.log.isEmpty && !randomised.state.isEmpty)
        #expect(randomised.log == fixed.log, "the event logs differ")
        #expect(randomised.state == fixed.state, "the final texts differ")
    }

    /// A planted fault (a character dropped behind the editor's back from the third text event on):
    /// the shrinker reduces it to the same events in two runs of the same seed.
    @Test func theShrinkerReproducesAPlantedFailureFromTheSameSeedInTwoRuns() {
        var shrunk: [[SoakEvent]] = []
        for _ in 0..<2 {
            let soak = DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700))
            var texts = 0
            soak.afterEachEvent = { event, window in
                guard case .text = event else { return }
                texts += 1
                guard texts >= 3, let editor = window.focusedEditor, editor.model.markedRange == nil,
                    editor.model.utf16Count >= 2, !editor.isSecure
                else { return }
                var text = editor.text
                text.removeLast()
                editor.model = TextEditingModel(text: text, allowsLineBreaks: !editor.isSingleLine)
            }
            let report = soak.run(seed: 3, events: 3_000)
            guard let failure = report.failure else {
                Issue.record("the planted fault was not caught")
                return
            }
            #expect(failure.events.count < report.eventCount)
            shrunk.append(failure.events)
        }
        #expect(shrunk[0] == shrunk[1], "shrunk to \(shrunk.map(\.count)) events")
    }
}
