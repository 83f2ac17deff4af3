// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A guest's systematic offset from the keys, learned from the swiped words they keep
/// (docs/keyboard.md, swipe typing): where a path passed each key, the running estimate, the
/// keyboard learning only from kept words, and what it is worth on writers who aim off centre.
@Suite(.serialized) @MainActor
struct SwipeTouchOffsetTests {
    @Test func theKeysOffsetsAreWhereAShiftedPathPassedThem() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let decoder = SwipeDecoder(wordsByFrequency: ["world", "hello"], geometry: geometry)
        let keys = try #require(geometry.keyPoints(of: "world"))
        let shift = Point(x: 0.2 * geometry.keyWidth, y: 0.3 * geometry.keyWidth)
        let path = keys.map { Point(x: $0.x + shift.x, y: $0.y + shift.y) }
        let offsets = try #require(decoder.keyOffsets(of: path, for: "world"))
        #expect(offsets.count == keys.count)
        // The ends are where the path began and ended; a key between is matched to the path's
        // point nearest it, within the matched points' spacing (a fifth of a key).
        for end in [offsets[0], offsets[offsets.count - 1]] {
            #expect(abs(end.x - shift.x) < 1e-9 && abs(end.y - shift.y) < 1e-9, "\(offsets)")
        }
        for (key, offset) in zip(keys, offsets).dropFirst().dropLast() {
            var nearest = Double.infinity
            for (a, b) in zip(path, path.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((key.x - a.x) * dx + (key.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-9)))
                nearest = min(nearest, hypot(a.x + dx * t - key.x, a.y + dy * t - key.y))
            }
            #expect(abs(hypot(offset.x, offset.y) - nearest) <= 0.2 * geometry.keyWidth, "\(key): \(offset), nearest \(nearest)")
        }
        #expect(decoder.keyOffsets(of: path, for: "日本") == nil)
    }

    @Test func theEstimateFollowsTheWordsAndStaysWithinHalfAKey() {
        var offset = SwipeTouchOffset()
        #expect(offset.corrected([Point(x: 5, y: 5)]) == [Point(x: 5, y: 5)])
        for _ in 0..<60 { offset.learn([Point(x: 6, y: 12), Point(x: 4, y: 8)], keyWidth: 60) }
        #expect(abs(offset.offset.x - 5) < 0.01 && abs(offset.offset.y - 10) < 0.01, "\(offset.offset)")
        #expect(offset.corrected([Point(x: 5, y: 5)]) == [Point(x: 5 - offset.offset.x, y: 5 - offset.offset.y)])
        for _ in 0..<200 { offset.learn([Point(x: 200, y: -200)], keyWidth: 60) }
        #expect(offset.offset == Point(x: 30, y: -30), "at most half a key either way")
    }

    /// Pauses (`loops` false) and loops at double letters, each learned apart from the other.
    @Test(arguments: [false, true]) func howOftenAGuestPausesOrLoopsAtDoubleLettersIsLearnedFromMostPeoplesShare(loops: Bool) {
        let typical = loops ? 0.46 : 0.25, other = loops ? 0.25 : 0.46
        func rate(_ guest: SwipeTouchOffset) -> Double { loops ? guest.loopsAtDoubles : guest.marksAtDoubles }
        func learn(_ guest: inout SwipeTouchOffset, marked: Int) {
            if loops { guest.learnLoops((doubles: 1, looped: marked)) } else { guest.learnDoubles((doubles: 1, marked: marked)) }
        }
        var marker = SwipeTouchOffset(), steady = SwipeTouchOffset()
        #expect(abs(rate(marker) - typical) < 1e-12, "most people's share before any word")
        for _ in 0..<20 {
            learn(&marker, marked: 1)
            learn(&steady, marked: 0)
        }
        // (20 + typical · 4) / (20 + 4) and (0 + typical · 4) / (20 + 4); the other habit as most people's.
        #expect(abs(rate(marker) - (20 + typical * 4) / 24) < 1e-12 && abs(rate(steady) - typical * 4 / 24) < 1e-12)
        #expect(abs((loops ? marker.marksAtDoubles : marker.loopsAtDoubles) - other) < 1e-12)
    }

    @Test func theKeyboardLearnsFromKeptWordsOnlyAndAKioskForgets() throws {
        let tests = KeyboardSwipeTests()
        let (host, field, keyboard) = try tests.host { $0.autocapitalizationType = .none }
        let swipe = host.window.keyboard.swipe
        // "hello" swiped a third of a key below the centres, kept (the next swipe keeps it).
        let width = try #require(keyboard.swipeGeometry).keyWidth
        func swipeLow(_ letters: String) throws { try SwipeMarksTests().slide(letters, on: host, keyboard, below: width / 3) }
        try swipeLow("helo")
        #expect(field.text == "hello ")
        #expect(swipe.touchOffset.words == 0, "not kept yet")
        // Removed with Backspace: never learned.
        host.window.keyboard.perform(.deleteBackward)
        #expect(field.text == "")
        try swipeLow("helo")
        #expect(swipe.touchOffset.words == 0)
        try swipeLow("helo")
        #expect(field.text == "hello hello ")
        #expect(swipe.touchOffset.words == 1, "the first hello was kept")
        // Below the keys: the touch and the lift by a third of a key, the keys between by less (their nearest points).
        let learned = swipe.touchOffset.offset
        #expect(learned.y > width / 6 && learned.y <= width / 3 + 0.1 * width && abs(learned.x) <= 0.1 * width, "\(learned)")
        host.window.keyboard.forgetLearnedWords()
        #expect(swipe.touchOffset.words == 0)
    }

    /// On writers who aim a fifth to a third of a key below the keys, a decoder whose paths are
    /// corrected by each writer's learned offset reads more words right than one whose are not, in
    /// one run on the same paths.
    @Test func learningTheOffsetReadsMoreOfTheWordsOfWritersWhoAimOffCentre() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let list = Array(try SwipeAccuracyTests.words(language: "en").prefix(10_000))
        let decoder = SwipeDecoder(wordsByFrequency: list, geometry: geometry)
        var writers = HumanSwipeWriter.writers(6, seed: 72_400_005)
        for index in writers.indices { writers[index].offset = (0.1, 0.2 + 0.02 * Double(index)) }
        var offsets = [SwipeTouchOffset](repeating: SwipeTouchOffset(), count: writers.count)
        let generator = HumanSwipeGenerator(geometry: geometry)
        var random = SoakRandom(seed: 72_400_006)
        let words = list.prefix(3_000).filter { (geometry.keyPoints(of: $0)?.count ?? 0) >= 3 }.shuffled(using: &random).prefix(600)
        var right = [0, 0]
        for (index, word) in words.enumerated() {
            let writer = index % writers.count
            guard let path = generator.path(for: word, writer: writers[writer], using: &random)?.map(\.point) else { continue }
            if decoder.candidates(for: offsets[writer].corrected(path), limit: 1).first?.word.lowercased() == word.lowercased() { right[0] += 1 }
            if decoder.candidates(for: path, limit: 1).first?.word.lowercased() == word.lowercased() { right[1] += 1 }
            if let keys = decoder.keyOffsets(of: path, for: word) { offsets[writer].learn(keys, keyWidth: geometry.keyWidth) }
        }
        print("writers aiming below the keys, top-1 of \(words.count): offset learned \(right[0]), not \(right[1])")
        #expect(right[0] >= right[1] + 18, "\(right)")
    }
}
