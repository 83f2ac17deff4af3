import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
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

    /// Shrunk reproductions from long soaks, replayed through the demo (each failed before its fix).
    @Test(arguments: [
        // Form in a 704×181 window: a second finger scrolled the caret line 4 points from the
        // window's top, inside the margin, and the avoidance pass did not run after it.
        (
            "notes", 1024.0, 700.0,
            """
            {"draw":{}}
            {"touch":{"x":35,"phase":0,"finger":2,"y":11}}
            {"touch":{"x":35,"phase":2,"finger":2,"y":11}}
            {"resize":{"height":181,"width":704}}
            {"focus":{"_0":35}}
            {"touch":{"x":214,"phase":0,"finger":1,"y":3}}
            {"advance":{"_0":0.25}}
            {"touch":{"x":92,"phase":0,"finger":3,"y":23}}
            """
        ),
        // Form at 329×479: Tab typed in the multi-line text view left its caret line below the
        // view when the view scrolled to the caret only once per edit.
        (
            "notes", 483.0, 986.0,
            """
            {"draw":{}}
            {"touch":{"x":82,"phase":0,"finger":1,"y":25}}
            {"touch":{"x":82,"phase":2,"finger":1,"y":25}}
            {"resize":{"height":240,"width":320}}
            {"focus":{"_0":26}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":78}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"resize":{"height":479,"width":329}}
            {"touch":{"x":24,"phase":0,"finger":1,"y":216}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"focus":{"_0":26}}
            {"advance":{"_0":0.02}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":43}}
            """
        ),
    ])
    func aShrunkSoakFailureReplaysClean(_ screen: String, _ width: Double, _ height: Double, _ log: String) throws {
        let events = try log.split(separator: "\n").map { try JSONDecoder().decode(SoakEvent.self, from: Data($0.utf8)) }
        let soak = DemoSoak.make(screen: screen, size: Size(width: width, height: height))
        let failure = soak.replay(events)
        #expect(failure == nil, "event \(failure?.index ?? -1): \(failure?.problems ?? [])")
    }
}
