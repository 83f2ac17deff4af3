import Caret
import CaretDemoSoak
import CaretTesting
import Testing

/// The soak on every run, with fixed seeds: each demo screen at three window sizes, a bounded
/// number of events, every invariant checked after each. Deterministic (the suite runs with
/// `SWIFT_DETERMINISTIC_HASHING=1`), so a red run replays with `caret-soak --seed S`.
/// `Scripts/soak.sh` runs fresh seeds for as long as asked.
@Suite(.serialized) @MainActor
struct DemoSoakTests {
    static let seeds: [UInt64] = [1, 2, 3, 17, 42, 1_000_003]

    @Test(arguments: ["form", "kiosk", "notes"], [(1024, 700), (800, 480), (483, 986)])
    func theDemoSurvivesASeededSoak(_ screen: String, _ size: (Int, Int)) {
        let (width, height) = size
        for seed in Self.seeds {
            let soak = DemoSoak.make(screen: screen, size: Size(width: Double(width), height: Double(height)))
            let report = soak.run(seed: seed, events: 1_500)
            #expect(report.failure == nil, "\(screen) \(width)x\(height): \(report.failure.map { "\($0)" } ?? "")")
            if report.failure != nil { return }
        }
    }
}
