import Benchmark
@_spi(Testing) import Caret
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
