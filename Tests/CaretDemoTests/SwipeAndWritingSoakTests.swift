@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// The soak with swipes and handwriting (issue 46): a seeded run over the writing pads and
/// swiping keyboards, and the findings of `caret-soak --handwriting`, each replayed (red without
/// its fix).
@Suite(.serialized) @MainActor
struct SwipeAndWritingSoakTests {
    /// Swipes and the writing pads (issue 46): words swiped across the letters and strokes written
    /// on the Latin, Cyrillic, Japanese and Chinese pads (zinnia), among taps, keys and language
    /// switches; every word and character arrives once, and the pads are reached and written on.
    @Test func theDemoSurvivesASeededSoakSwipingAndWriting() {
        var swiped = 0, written = 0
        for seed in [3, 4] as [UInt64] {
            let soak = DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700), handwriting: true)
            let counter = GestureCounter()
            soak.afterEachEvent = { event, window in counter.count(event, window) }
            let report = soak.run(seed: seed, events: 3_000)
            #expect(report.failure == nil, "swiping and writing: \(report.failure.map { "\($0)" } ?? "")")
            if report.failure != nil { return }
            swiped += counter.swipes
            written += counter.strokes
        }
        #expect(swiped > 0, "words were swiped")
        #expect(written > 0, "strokes were written on a pad")
    }

    /// Soak seed 530000085 (shrunk): two dots tapped on the Japanese pad, then Backspace took back
    /// the second, and the character read from the first was the same: the text did not change,
    /// and the soak said the "⌫" never arrived (the pad's report now explains it).
    @Test func backspaceTakingBackAStrokeThatChangesNothingArrives() throws {
        let log = #"""
{"touch":{"x":780,"phase":0,"finger":1,"y":669}}
{"modal":{"present":true}}
{"focus":{"_0":48}}
{"language":{"_0":7}}
{"draw":{}}
{"touch":{"x":569,"phase":0,"finger":1,"y":357}}
{"touch":{"x":462,"phase":0,"finger":1,"y":480}}
{"touch":{"x":462,"phase":2,"finger":1,"y":480}}
{"advance":{"_0":0.08}}
{"touch":{"x":462,"phase":0,"finger":2,"y":480}}
{"advance":{"_0":0.1}}
{"touch":{"x":462,"phase":2,"finger":2,"y":480}}
{"advance":{"_0":0.08}}
{"touch":{"x":966,"phase":0,"finger":3,"y":480}}
"""#
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700), handwriting: true))
    }

    /// Soak seed 530000191 (shrunk): a word selected, then a finger slid from a letter onto
    /// Backspace; no word fit the path and the key under the lift was typed: Backspace deleted
    /// the selection. A slide that no word fits types the last letter it slid over, as before swiping.
    @Test func aSlideThatEndsOnBackspaceTypesItsLetter() throws {
        let log = #"""
{"modal":{"present":true}}
{"resize":{"height":480,"width":800}}
{"clipboard":{"_0":"42नमस्तेCaret8a!‮"}}
{"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
{"touch":{"x":364.83194167212264,"phase":0,"finger":3,"y":232.01525537554966}}
{"touch":{"x":364.83194167212264,"phase":2,"finger":3,"y":232.01525537554966}}
{"text":{"_0":"hello ́̂"}}
{"mouseDown":{"x":455,"y":222,"clicks":2,"modifiers":0,"button":1}}
{"draw":{}}
{"touch":{"x":604,"phase":0,"finger":1,"y":419}}
{"touch":{"x":623.2445936315676,"phase":1,"finger":1,"y":419.1929202518814}}
{"touch":{"x":738.712155420973,"phase":1,"finger":1,"y":420.35044176316956}}
{"touch":{"x":738.712155420973,"phase":2,"finger":1,"y":420.35044176316956}}
"""#
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), handwriting: true))
    }

    /// Counts the swipes that put a word in and the strokes that ended on a shown writing pad.
    @MainActor final class GestureCounter {
        var swipes = 0, strokes = 0
        private var lastWord: String?
        func count(_ event: SoakEvent, _ window: Window) {
            guard case .touch(_, 2, let x, let y) = event, let keyboard = window.keyboard.keyboardView else { return }
            if let pad = keyboard.handwritingPad, pad.window === window, pad.convert(pad.bounds, to: nil).contains(Point(x: x, y: y)) { strokes += 1 }
            if let inserted = keyboard.swipeReplacements?.inserted, inserted != lastWord { swipes += 1 }
            lastWord = keyboard.swipeReplacements?.inserted
        }
    }

    /// Soak seed 550000142 (shrunk; its 240 KB clipboard of "x" cut to 40): "글" selected, a tap
    /// on the edit menu's Copy while a second finger landed copied nothing (the two fingers
    /// cancelled the tap); a paste later brought the clipboard's old text, which the soak, sure of
    /// the copy, did not expect. A tap another finger overlaps may or may not press its button.
    @Test func aMenuTapAnotherFingerOverlapsMayNotCopy() throws {
        let log = #"""
{"draw":{}}
{"mouseDown":{"x":84,"y":23,"clicks":1,"modifiers":0,"button":3}}
{"mouseUp":{"x":84,"y":23,"modifiers":0,"button":3}}
{"resize":{"height":480,"width":800}}
{"touch":{"x":643,"phase":0,"finger":3,"y":428}}
{"focus":{"_0":19}}
{"wheel":{"x":9.053775272371212,"y":147.13823283849277,"dy":48.28359572401422,"dx":0}}
{"clipboard":{"_0":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
{"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
{"touch":{"x":706.3032139840324,"phase":0,"finger":1,"y":310.6053995760073}}
{"touch":{"x":768.6165328874829,"phase":1,"finger":1,"y":513.4605320150605}}
{"touch":{"x":830.9298517909333,"phase":1,"finger":1,"y":716.3156644541136}}
{"touch":{"x":775,"phase":2,"finger":1,"y":162}}
{"touch":{"x":39,"phase":0,"finger":3,"y":152}}
{"advance":{"_0":0.05}}
{"text":{"_0":"글"}}
{"touch":{"x":231,"phase":0,"finger":1,"y":150}}
{"advance":{"_0":0.55}}
{"touch":{"x":18,"phase":0,"finger":1,"y":122}}
{"touch":{"x":41,"phase":0,"finger":2,"y":172}}
{"touch":{"x":18,"phase":2,"finger":1,"y":122}}
{"resize":{"height":700,"width":1024}}
{"touch":{"x":255.54105311426656,"phase":0,"finger":1,"y":206.91420212093638}}
{"touch":{"x":292.9790253370476,"phase":1,"finger":1,"y":267.7642133669851}}
{"touch":{"x":872.1996715969958,"phase":1,"finger":1,"y":-228.30574027131735}}
{"touch":{"x":309,"phase":0,"finger":1,"y":380}}
{"touch":{"x":329.0007383636748,"phase":1,"finger":1,"y":423.44050217087056}}
{"touch":{"x":571,"phase":1,"finger":1,"y":91}}
{"advance":{"_0":0.3}}
{"touch":{"x":345,"phase":0,"finger":2,"y":53}}
{"touch":{"x":345,"phase":2,"finger":2,"y":53}}
{"resize":{"height":1465,"width":1460}}
{"mouseDown":{"x":628.5021639854302,"y":1423.464678438774,"clicks":1,"modifiers":0,"button":3}}
{"touch":{"x":25,"phase":0,"finger":1,"y":1415}}
{"touch":{"x":33.80060289346388,"phase":2,"finger":1,"y":1392.8583214781738}}
"""#
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "notes", size: Size(width: 1024, height: 700), handwriting: true))
    }
}
