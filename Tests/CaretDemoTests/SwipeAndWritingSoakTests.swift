// SPDX-License-Identifier: Apache-2.0
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
}
