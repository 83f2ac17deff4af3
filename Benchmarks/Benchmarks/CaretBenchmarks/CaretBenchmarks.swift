// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Backend) import Caret
import BenchmarkDemoKit
import CaretAccessibility
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation

/// Speed and idleness targets of the foundation issue:
/// - a full frame of the demo screen at 1280×800 with the software renderer;
/// - wake-ups per second of an idle window (target 0).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.timeUnits = .microseconds
    Benchmark.defaultConfiguration.maxDuration = .seconds(5)
    textStorageBenchmarks()
    editorBenchmarks()
    hugeTextBenchmarks()
    keyboardBenchmarks()
    tapBenchmarks()
    compositionBenchmarks()
    spellingBenchmarks()
    handwritingBenchmarks()
    accessibilityBenchmarks()
    accessibilityKeyBenchmark()
    layoutBenchmarks()
    tableBenchmarks()
    swipeBenchmarks()

    Benchmark(
        "Full frame, demo screen, 1280×800, software renderer",
        configuration: .caret(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxIterations: 300)
    ) { benchmark async throws in
        // UI objects live on the main actor; the benchmark object is only used there.
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            let scene = try DemoScene(size: Size(width: 1280, height: 800))
            measured.startMeasurement()
            for _ in measured.scaledIterations {
                scene.drawFullFrame()
            }
            measured.stopMeasurement()
            try verify(scene.host.window.frames.lastFrameArea.size == Size(width: 1280, height: 800), "the frame drawn was \(scene.host.window.frames.lastFrameArea), not the window")
        }
    }

    Benchmark(
        "Idle window wake-ups per second",
        configuration: .caret(metrics: [wakeupsMetric], maxDuration: .seconds(10), maxIterations: 3)
    ) { benchmark async throws in
        let wakeups = try await MainActor.run { try idleWakeups(seconds: 1) }
        try verify(wakeups == 0, "an idle window woke up \(wakeups) times a second")
        benchmark.measurement(wakeupsMetric, wakeups)
    }

    // Last, once every benchmark is registered: what each comes to, for Scripts/benchmarks-once.sh.
    BenchmarkOutcomes.recordIfAsked()
}

/// A benchmark whose result was not what it measures (the paste did not arrive, the text did not
/// change): it fails rather than report the speed of doing nothing.
struct BenchmarkCheckFailed: Error, CustomStringConvertible {
    let description: String
}

/// Checks a benchmark's result, outside the measurement.
func verify(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    if !condition { throw BenchmarkCheckFailed(description: what()) }
}

/// Whether every benchmark runs once, with no warm-up (`CARET_BENCHMARK_ONCE=1`): the test command
/// runs the suite that way so that no benchmark rots unseen.
let runsOnce = ProcessInfo.processInfo.environment["CARET_BENCHMARK_ONCE"] != nil

extension Benchmark.Configuration {
    /// A configuration that honours `CARET_BENCHMARK_ONCE`.
    static func caret(metrics: [BenchmarkMetric], maxDuration: Duration = .seconds(5), maxIterations: Int) -> Self {
        runsOnce
            ? .init(metrics: metrics, warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 1)
            : .init(metrics: metrics, maxDuration: maxDuration, maxIterations: maxIterations)
    }
}

let wakeupsMetric = BenchmarkMetric.custom("wake-ups per second", polarity: .prefersSmaller, useScalingFactor: false)

/// The demo screen in an offscreen 1280×800 window drawn by SDL's software renderer.
@MainActor
final class DemoScene {
    let host: HeadlessWindow

    init(size: Size) throws {
        host = try HeadlessWindow(size: size, fonts: .bundled)
        let images = FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark"))
        host.rootView = FormScreen(images: images)
        host.drawFrame()  // warm the glyph atlas and image textures
    }

    func drawFullFrame() {
        host.window.setNeedsFrame()
        host.drawFrame()
    }
}

/// Opens a real window (SDL's dummy driver unless a display is set), draws it once, lets the run
/// loop sit idle for `seconds`, and returns how often the loop woke up (the quit request excluded).
@MainActor
func idleWakeups(seconds: Double) throws -> Int {
    if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
    // Accessibility off, as the target says, even in the accessibility session the suite runs in.
    let asked = ProcessInfo.processInfo.environment["CARET_ACCESSIBILITY"]
    setenv("CARET_ACCESSIBILITY", "0", 1)
    defer { if let asked { setenv("CARET_ACCESSIBILITY", asked, 1) } else { unsetenv("CARET_ACCESSIBILITY") } }
    let app = try Application(
        configuration: .init(title: "idle", size: Size(width: 1280, height: 800), vsync: false, engines: [.accessibilityBus]))
    try verify(!ATSPIBridge.isRunning, "the AT-SPI bridge started although accessibility was off")
    defer { app.close() }
    app.window.rootView = FormScreen()
    app.runOnce()
    let before = app.statistics.wakeups
    let quitter = Thread { [app] in
        Thread.sleep(forTimeInterval: seconds)
        app.requestQuit()
    }
    quitter.start()
    app.run()
    let wakeups = app.statistics.wakeups - before - 1
    return Int((Double(max(0, wakeups)) / seconds).rounded())
}
