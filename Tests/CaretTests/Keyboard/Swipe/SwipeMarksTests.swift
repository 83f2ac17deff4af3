// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Double letters in swipes (docs/keyboard.md, swipe typing): a pause where the finger is tells
/// the decoder a letter is typed twice there; a word on one key is a loop on it; a slide to the
/// next key is a two-letter word.
@Suite @MainActor
struct SwipeMarksTests {
    static let width = 60.0

    /// A straight stroke from `a` to `b` sampled every 1/60 s at `speed` points per second, from `time`.
    static func stroke(_ a: Point, _ b: Point, from time: Double, speed: Double = 1_200) -> [(Point, Double)] {
        let steps = max(1, Int((a.distance(to: b) / speed * 60).rounded()))
        return (1...steps).map { step in
            let t = Double(step) / Double(steps)
            return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), time + Double(step) / 60)
        }
    }

    @Test func aStayAwayFromTheEndsIsAMarkAndAPathThatKeepsMovingHasNone() {
        let a = Point(x: 0, y: 0), middle = Point(x: 300, y: 0), b = Point(x: 300, y: 300)
        let first = [(a, 0.0)] + Self.stroke(a, middle, from: 0)
        // Straight on through a corner: no mark.
        let moving = first + Self.stroke(middle, b, from: first.last!.1)
        #expect(SwipeMarks(path: moving.map(\.0), times: moving.map(\.1), keyWidth: Self.width).points.isEmpty)
        // The same path with the finger still at the corner for 0.15 s (a mouse sends nothing then).
        let stayed = first + Self.stroke(middle, b, from: first.last!.1 + 0.15)
        let marks = SwipeMarks(path: stayed.map(\.0), times: stayed.map(\.1), keyWidth: Self.width)
        #expect(marks.points.count == 1, "\(marks.points)")
        #expect((marks.points.first?.distance(to: middle) ?? .infinity) < 0.15 * Self.width, "\(marks.points)")
        // A stay at either end is how a finger lands and lifts: no mark.
        let landed = [(a, 0.0)] + Self.stroke(a, middle, from: 0.2) + Self.stroke(middle, b, from: first.last!.1 + 0.2)
        let lifted = moving + [(b, moving.last!.1 + 0.3)]
        for path in [landed, lifted] {
            #expect(SwipeMarks(path: path.map(\.0), times: path.map(\.1), keyWidth: Self.width).points.isEmpty)
        }
        // Without times, a stay cannot be seen.
        #expect(SwipeMarks(path: stayed.map(\.0), times: nil, keyWidth: Self.width).points.isEmpty)
    }

    @Test func pointsDeliveredTogetherAfterASlowFrameAreNoPause() {
        let a = Point(x: 0, y: 0), middle = Point(x: 300, y: 0), b = Point(x: 300, y: 300)
        let moving = [(a, 0.0)] + Self.stroke(a, middle, from: 0) + Self.stroke(middle, b, from: 0.25)
        // A slow frame: the window saw nothing for 0.2 s, then the points drawn meanwhile at once,
        // each timed by the window's clock as it handled it (microseconds apart).
        var times = moving.map(\.1)
        let stalled = times.firstIndex { $0 > 0.2 }!
        let delivered = times[stalled + 11]
        for k in stalled..<(stalled + 12) { times[k] = delivered + Double(k - stalled) * 1e-6 }
        #expect(SwipeMarks(path: moving.map(\.0), times: times, keyWidth: Self.width).points.isEmpty)
        // Spread back at the path's own rate (its median gap between deliveries), in order.
        let spread = SwipeMarks.spreadingBatches(times)
        #expect(zip(spread, spread.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(spread[stalled + 11] - times[stalled + 11]) < 1e-12)
        #expect(abs((spread[stalled + 11] - spread[stalled]) - 11.0 / 60) < 1e-3, "\(spread[stalled...(stalled + 11)])")
    }

    /// A loop of `radius` at `centre`, entered and left at its bottom.
    static func loop(at centre: Point, radius: Double, steps: Int = 24) -> [Point] {
        (0...steps).map { step in
            let angle = Double(step) / Double(steps) * 2 * .pi
            return Point(x: centre.x + radius * sin(angle), y: centre.y + radius * cos(angle))
        }
    }

    @Test func aLoopIsAMarkAndTurnsThatAddUpOverMoreThanAKeyAreNot() throws {
        let width = Self.width, a = Point(x: 0, y: 0), middle = Point(x: 300, y: 0), b = Point(x: 600, y: 0)
        // Straight through, and through a loop of a third of a key round a point above the way.
        #expect(SwipeMarks(path: [a, middle, b], times: nil, keyWidth: width).loops.isEmpty)
        let looped = [a] + Self.loop(at: Point(x: middle.x, y: middle.y - width / 3), radius: width / 3) + [b]
        let loops = SwipeMarks(path: looped, times: nil, keyWidth: width).loops
        #expect(loops.count == 1, "\(loops)")
        #expect((loops.first?.distance(to: Point(x: middle.x, y: middle.y - width / 3)) ?? .infinity) < 0.2 * width, "\(loops)")
        // A turn back overshot (a finger carried a quarter key past its corner) is half a circle.
        let overshot = [a, middle, Point(x: middle.x + width / 4, y: 0), Point(x: middle.x + width / 4, y: width / 4), Point(x: 0, y: 40)]
        #expect(SwipeMarks(path: overshot, times: nil, keyWidth: width).loops.isEmpty)
        // Two turns back the same way a row and a half apart, as from n to i to v: as far round
        // as a loop within its length, but over more than a key.
        let tall = 1.8 * width, r = 0.2 * width
        var coil = [Point(x: 0, y: tall)]
        coil += (0...12).map { Point(x: r - r * cos(Double($0) / 12 * .pi), y: -r * sin(Double($0) / 12 * .pi)) }
        coil += (0...12).map { Point(x: r + r * cos(Double($0) / 12 * .pi), y: tall + r * sin(Double($0) / 12 * .pi)) }
        coil.append(Point(x: -r, y: 0))
        #expect(SwipeMarks(path: coil, times: nil, keyWidth: width).loops.isEmpty, "\(SwipeMarks(path: coil, times: nil, keyWidth: width).loops)")
        // A path drawn straight back over itself has no side to turn to, whichever way the turns
        // beside it go ("here" through its keys' centres ends e, r, e).
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        for word in ["here", "there", "erer", "tyty"] {
            let keys = try #require(geometry.keyPoints(of: word))
            #expect(SwipeMarks(path: keys, times: nil, keyWidth: geometry.keyWidth).loops.isEmpty, "\(word)")
        }
    }

    @Test func aLoopAtALetterReadsItTwiceWithOrWithoutTimes() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let decoder = SwipeDecoder(wordsByFrequency: ["bet", "beet"], geometry: geometry)
        let keys = try #require(geometry.keyPoints(of: "bet"))
        let radius = 0.3 * geometry.keyWidth
        let path = [keys[0]] + Self.loop(at: Point(x: keys[1].x, y: keys[1].y - radius), radius: radius) + [keys[2]]
        #expect(decoder.candidates(for: path, limit: 2).map(\.word) == ["beet", "bet"])
        let times = path.indices.map { Double($0) / 60 }
        #expect(decoder.candidates(for: path, times: times, limit: 2).map(\.word) == ["beet", "bet"])
        #expect(decoder.candidates(for: [keys[0], keys[1], keys[2]], limit: 2).map(\.word) == ["bet", "beet"])
    }

    /// On writers who loop at double letters, reading the loops reads more of their words with
    /// a double letter inside right than the same decoder ignoring loops, on the same paths.
    @Test func readingLoopsReadsMoreOfTheWordsOfWritersWhoLoop() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let list = Array(try SwipeAccuracyTests.words(language: "en").prefix(10_000))
        var ignoring = SwipeLikelihood.fitted
        ignoring.readsLoops = false
        let decoders = [
            SwipeDecoder(wordsByFrequency: list, geometry: geometry), SwipeDecoder(wordsByFrequency: list, geometry: geometry, likelihood: ignoring),
        ]
        var writers = HumanSwipeWriter.writers(6, seed: 72_400_007)
        for index in writers.indices {
            writers[index].doubleLetter = .loop
            writers[index].doubleLetterSize = 0.2 + 0.05 * Double(index)  // the generator's range, 0.2–0.45 key widths
        }
        let generator = HumanSwipeGenerator(geometry: geometry)
        var random = SoakRandom(seed: 72_400_008)
        let words = list.prefix(3_000).filter { geometry.keys(of: $0)?.doubled.dropFirst().dropLast().contains(true) ?? false }
            .shuffled(using: &random).prefix(120)
        var right = [0, 0]
        for (index, word) in words.enumerated() {
            guard let path = generator.path(for: word, writer: writers[index % writers.count], using: &random) else { continue }
            for (d, decoder) in decoders.enumerated()
            where decoder.candidates(for: path.map(\.point), times: path.map(\.time), limit: 1).first?.word.lowercased() == word.lowercased() {
                right[d] += 1
            }
        }
        print("looping writers, top-1 of \(words.count) words with a double letter: loops read \(right[0]), ignored \(right[1])")
        #expect(right[0] >= right[1] + 6, "\(right)")
    }

    @Test func aPauseAtALetterReadsItTwice() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        // "bet" is the likelier word; "beet" the same keys with e typed twice.
        let decoder = SwipeDecoder(wordsByFrequency: ["bet", "beet"], geometry: geometry)
        let keys = try #require(geometry.keyPoints(of: "bet"))
        var path: [(Point, Double)] = [(keys[0], 0)]
        path += Self.stroke(keys[0], keys[1], from: 0, speed: 600)
        let atE = path.last!.1
        let plain = path + Self.stroke(keys[1], keys[2], from: atE, speed: 600)
        #expect(decoder.candidates(for: plain.map(\.0), times: plain.map(\.1), limit: 2).map(\.word) == ["bet", "beet"])
        let paused = path + Self.stroke(keys[1], keys[2], from: atE + 0.15, speed: 600)
        #expect(decoder.candidates(for: paused.map(\.0), times: paused.map(\.1), limit: 2).map(\.word) == ["beet", "bet"])
        // Without times no pause is seen.
        #expect(decoder.candidates(for: plain.map(\.0), limit: 2).map(\.word) == ["bet", "beet"])
    }

    @Test func aWordOnOneKeyIsALoopOnIt() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "ru")
        let list = Array(try SwipeAccuracyTests.words(language: "ru").prefix(10_000))
        let decoder = SwipeDecoder(wordsByFrequency: list, geometry: geometry)
        let key = try #require(geometry.keyPoints(of: "ее")?.first)
        // Out of the key and round back to it, as a finger loops to type one letter twice.
        let radius = 0.45 * geometry.keyWidth
        let loop = (0...30).map { step in
            let angle = Double(step) / 30 * 2 * .pi
            return Point(x: key.x + radius * sin(angle), y: key.y - radius + radius * cos(angle))
        }
        #expect(decoder.candidates(for: loop, limit: 3).first?.word == "ее")
    }

    /// Slides through the letters' key centres in the real keyboard, a step every 16 ms, staying
    /// `pause` seconds (no moves, as a mouse sends none) at the letter at `pausedAt`, and lifting
    /// `liftAt` of the way to the last; `below`: how far below the centres (points).
    func slide(
        _ letters: String, on host: HeadlessWindow, _ keyboard: KeyboardView, pausedAt: Int? = nil, pause: Double = 0.15, loopedAt: Int? = nil,
        liftAt: Double = 1, below: Double = 0
    ) throws {
        let tests = KeyboardSwipeTests()
        let points = try letters.map { try tests.centre(of: $0, keyboard) }.map { Point(x: $0.x, y: $0.y + below) }
        host.window.send(.touch(id: 1, phase: .began, location: points[0]))
        var at = points[0]
        let radius = 0.3 * (try tests.centre(of: "e", keyboard).x - tests.centre(of: "w", keyboard).x)
        for (index, (a, b)) in zip(points, points.dropFirst()).enumerated() {
            if index == pausedAt { host.advance(by: pause) }
            if index == loopedAt {
                for point in Self.loop(at: Point(x: a.x, y: a.y - radius), radius: radius, steps: 12).dropFirst() {
                    host.advance(by: 0.016)
                    host.window.send(.touch(id: 1, phase: .moved, location: point))
                }
            }
            let last = index == points.count - 2
            for step in 1...6 {
                let t = Double(step) / 6 * (last ? liftAt : 1)
                host.advance(by: 0.016)
                at = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                host.window.send(.touch(id: 1, phase: .moved, location: at))
            }
        }
        host.window.send(.touch(id: 1, phase: .ended, location: at))
        host.settle()
    }

    /// What one slide types into an empty field (after `typed`, tapped first).
    func swipe(_ letters: String, after typed: String = "", pausedAt: Int? = nil, liftAt: Double = 1) throws -> String {
        let tests = KeyboardSwipeTests()
        let (host, field, keyboard) = try tests.host { $0.autocapitalizationType = .none }
        for letter in typed {
            let point = try tests.centre(of: letter, keyboard)
            host.window.send(.touch(id: 2, phase: .began, location: point))
            host.window.send(.touch(id: 2, phase: .ended, location: point))
            host.settle()
        }
        try slide(letters, on: host, keyboard, pausedAt: pausedAt, liftAt: liftAt)
        return field.text ?? ""
    }

    @Test func theKeyboardReadsAPauseAtALetterAsThatLetterTwice() throws {
        // "later" and "step" are likelier than "latter" and "steep", the same keys with a letter twice.
        for (word, paused, at) in [("later", "latter", 2), ("step", "steep", 2)] {
            let plain = try swipe(word)
            #expect(plain == word + " ", "\(plain)")
            let read = try swipe(word, pausedAt: at)
            #expect(read == paused + " ", "\(read)")
        }
    }

    @Test func theKeyboardLearnsHowOftenTheGuestPausesAtDoubleLettersFromKeptWords() throws {
        let tests = KeyboardSwipeTests()
        let (host, field, keyboard) = try tests.host { $0.autocapitalizationType = .none }
        let swipe = host.window.keyboard.swipe
        // "latter" with a pause, kept by the next swipe; "later" has no double letter to learn from.
        try slide("later", on: host, keyboard, pausedAt: 2)
        #expect(swipe.touchOffset.doubles == 0, "not kept yet")
        try slide("later", on: host, keyboard)
        #expect(field.text == "latter later ")
        #expect(swipe.touchOffset.doubles == 1 && swipe.touchOffset.markedDoubles == 1)
        try slide("later", on: host, keyboard)
        #expect(swipe.touchOffset.doubles == 1, "a word with no double letter teaches nothing of them")
    }

    @Test func theKeyboardReadsALoopAtALetterAsThatLetterTwiceAndLearnsHowOftenTheGuestLoops() throws {
        let tests = KeyboardSwipeTests()
        let (host, field, keyboard) = try tests.host { $0.autocapitalizationType = .none }
        let swipe = host.window.keyboard.swipe
        try slide("step", on: host, keyboard, loopedAt: 2)
        try slide("later", on: host, keyboard)
        try slide("step", on: host, keyboard)
        #expect(field.text == "steep later step ")
        // "steep" kept by the next swipe, and "later" by the one after: one double letter, looped at.
        #expect(swipe.touchOffset.loopDoubles == 1 && swipe.touchOffset.loopedDoubles == 1)
    }

    @Test func aSlideFromALetterToTheNextKeyTypesATwoLetterWordAtTheStartOfAWord() throws {
        // Lifted short of the next key's centre, as a finger lifts while still moving.
        #expect(try swipe("as", liftAt: 0.85) == "as ")
        #expect(try swipe("we", liftAt: 0.85) == "we ")
        // After a letter the same slide is a sloppy tap in the word being typed: the key it lifts on.
        #expect(try swipe("as", after: "c", liftAt: 0.85) == "cs")
    }
}
