// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Backend) @_spi(Testing) import Caret
import CaretAccessibility
import CaretTesting
import Foundation

/// Issue 28's target: a keystroke in a 20,000-line text view with the AT-SPI bridge on costs at
/// most 1.2 × the same keystroke with it off (both in the same run: compare their p50). Off is
/// the plain keystroke (nothing in Caret computes accessibility without an observer). On needs an
/// accessibility bus that asks for a bridge and a client listening as Orca does: run under
/// `Scripts/a11y-session.sh --listener` (as `Scripts/benchmarks-once.sh` does).
func accessibilityBenchmarks() {
    let document = { @Sendable () -> String in
        (0..<20_000).map { "line \($0) of a long text, with a few words in it and 😀 now and then" }.joined(separator: "\n")
    }
    for bridgeOn in [false, true] {
        nonisolated(unsafe) var bridge: ATSPIBridge?
        textViewKeystrokeBenchmark("Accessibility: keystroke in a 20,000-line text view, AT-SPI bridge \(bridgeOn ? "on" : "off"), with one frame") {
            let text = document()
            let caret = (text as NSString).range(of: "line 10000 of").location + 12
            let made = try TextViewScene(text: text, caret: caret)
            if bridgeOn {
                try verify(ATSPIBridge.sessionWantsAccessibility(), "no accessibility bus asks for a bridge: run under Scripts/a11y-session.sh --listener")
                bridge = try ATSPIBridge(window: made.host.window, applicationName: "Caret benchmark") { (Point(x: 0, y: 0), 1) }
                for _ in 0..<100 {  // registration with the registry, and the listener's first questions
                    bridge?.pump()
                    usleep(10_000)
                }
            }
            return made
        } alsoMeasured: {
            bridge?.pump()
        } check: { s in
            try verify(s.host.window.hasAccessibilityObservers == bridgeOn, "the bridge is \(bridgeOn ? "not " : "")observing the window")
        }
    }
}

/// Issue 40: a key press and its release offered to the screen reader before the app sees them
/// (at-spi2-atk's key listener, on the bridge's thread, asks the registry daemon, which asks its
/// keystroke listeners). The main thread's wait for both verdicts is what a keystroke costs more
/// with a client on the bus; with none, at-spi2-atk has no key listener and a key costs one atomic
/// read. Run under `Scripts/a11y-session.sh --listener` (a client that registers for events,
/// which brings at-spi2-atk's key listener, and no keystroke listener: nothing is consumed).
func accessibilityKeyBenchmark() {
    nonisolated(unsafe) var bridge: ATSPIBridge?
    nonisolated(unsafe) var scene: TextViewScene?
    Benchmark(
        "Accessibility: a key press and release offered to the AT-SPI registry and answered",
        configuration: .caret(metrics: [.wallClock], maxDuration: .seconds(4), maxIterations: 2000)
    ) { benchmark async throws in
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            if bridge == nil {
                try verify(ATSPIBridge.sessionWantsAccessibility(), "no accessibility bus asks for a bridge: run under Scripts/a11y-session.sh --listener")
                let made = try TextViewScene(text: "a line", caret: 0)
                scene = made
                bridge = try ATSPIBridge(window: made.host.window, applicationName: "Caret key benchmark") { (Point(x: 0, y: 0), 1) }
                for _ in 0..<300 where bridge?.listensToKeys != true {  // the client's registration reaches the bridge
                    bridge?.pump()
                    usleep(10_000)
                }
            }
            let b = bridge!
            try verify(b.listensToKeys, "at-spi2-atk added no key listener: no client registered for events")
            let key = Key(keyCode: .keyboardA, charactersIgnoringModifiers: "a")
            measured.startMeasurement()
            let pressConsumed = b.offer(ATSPIKeyEvent(key: key, text: "a", isDown: true, timestamp: 1))
            let releaseConsumed = b.offer(ATSPIKeyEvent(key: key, text: nil, isDown: false, timestamp: 2))
            measured.stopMeasurement()
            try verify(!pressConsumed && !releaseConsumed, "a key nobody listens for was consumed")
            try verify(b.keyStatistics.unanswered == 0, "a verdict did not come in time")
            b.pump()
            _ = scene
        }
    }
}
