// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// The human-like swipe generator (`HumanSwipeGenerator`): each habit a writer is drawn with shows
/// in the paths they draw. Checked on a QWERTY grid of 40-point keys made here, against the
/// writer's own parameters, never against what the decoder reads.
@Suite @MainActor
struct HumanSwipeGeneratorTests {
    static let width = 40.0
    static let geometry: SwipeKeyboardGeometry = {
        var centres: [Character: Point] = [:]
        for (row, letters) in ["qwertyuiop", "asdfghjkl", "zxcvbnm"].enumerated() {
            for (column, letter) in letters.enumerated() {
                centres[letter] = Point(x: (Double(column) + 0.5 + Double(row) * 0.5) * width, y: (Double(row) + 0.5) * 54)
            }
        }
        return SwipeKeyboardGeometry(centres: centres, keyWidth: width)
    }()

    /// A writer whose aim has no noise (no spread, overshoot or tremor, no offset), then `change`d.
    private func steadyWriter(_ change: (inout HumanSwipeWriter) -> Void) -> HumanSwipeWriter {
        writer {
            $0.spread = (0, 0)
            $0.overshoot = 0
            $0.speedSpread = 0
            $0.tremorAmplitude = 0
            $0.offset = (0, 0)
            change(&$0)
        }
    }

    private func writer(_ change: (inout HumanSwipeWriter) -> Void) -> HumanSwipeWriter {
        var random = SoakRandom(seed: 72_000_001)
        var writer = HumanSwipeWriter(using: &random)
        change(&writer)
        return writer
    }

    /// The first sample of 400 paths of one writer averages the first key's centre plus the
    /// writer's offset, within four standard errors of the spread.
    @Test func aWritersOffsetIsInEveryPath() throws {
        let generator = HumanSwipeGenerator(geometry: Self.geometry)
        let writer = writer {
            $0.offset = (0.1, 0.25)
            $0.tremorAmplitude = 0
        }
        var random = SoakRandom(seed: 1)
        var sum = Point(x: 0, y: 0)
        let count = 400
        for _ in 0..<count {
            let path = try #require(generator.path(for: "go", writer: writer, using: &random))
            sum.x += path[0].point.x
            sum.y += path[0].point.y
        }
        let centre = try #require(Self.geometry.centres["g"])
        let tolerance = 4 * max(writer.spread.x, writer.spread.y) * Self.width / Double(count).squareRoot() + 0.02 * Self.width
        #expect(abs(sum.x / Double(count) - (centre.x + 0.1 * Self.width)) < tolerance)
        #expect(abs(sum.y / Double(count) - (centre.y + 0.25 * Self.width)) < tolerance)
    }

    /// A writer who lifts at 80 % of the last stroke ends short of the last key, still moving;
    /// one who lifts at its end ends at rest.
    @Test func theFingerLiftsWhileStillMoving() throws {
        let generator = HumanSwipeGenerator(geometry: Self.geometry)
        for (liftAt, moving) in [(0.8, true), (1.0, false)] {
            let writer = steadyWriter {
                $0.liftAt = liftAt
                $0.dropRate = 0
            }
            var random = SoakRandom(seed: 2)
            let path = try #require(generator.path(for: "ap", writer: writer, using: &random))
            let last = path[path.count - 1], before = path[path.count - 2]
            let speed = last.point.distance(to: before.point) / max(last.time - before.time, 1e-9)
            let p = try #require(Self.geometry.centres["p"])
            if moving {
                #expect(last.point.distance(to: p) > 0.05 * Self.width && speed > Self.width, "\(speed)")
            } else {
                #expect(last.point.distance(to: p) < 0.05 * Self.width && speed < Self.width, "\(speed)")
            }
        }
    }

    /// Samples come at the writer's rate: the median gap is one period; with drops some gaps are
    /// two or more periods, and without them none is.
    @Test func samplesComeAtTheWritersRateWithItsDrops() throws {
        let generator = HumanSwipeGenerator(geometry: Self.geometry)
        for (rate, drops) in [(60.0, 0.0), (120.0, 0.05)] {
            let writer = writer {
                $0.sampleRate = rate
                $0.dropRate = drops
                $0.sampleJitter = 0.001
            }
            var random = SoakRandom(seed: 3)
            var gaps: [Double] = []
            for word in ["quality", "keyboard", "powerful", "zebra"] {
                let path = try #require(generator.path(for: word, writer: writer, using: &random))
                gaps += zip(path.dropLast(2), path.dropFirst().dropLast()).map { $1.time - $0.time }
            }
            gaps.sort()
            #expect(abs(gaps[gaps.count / 2] - 1 / rate) < 0.002, "\(rate) Hz: median \(gaps[gaps.count / 2])")
            let long = gaps.filter { $0 > 1.8 / rate }.count
            #expect(drops == 0 ? long == 0 : long > 0, "\(rate) Hz: \(long) long gaps")
        }
    }

    /// At a double letter a looping writer draws a longer path than for the word without it; a
    /// pausing writer takes the pause longer and, stopping there, comes nearer the key's centre
    /// (no corner cut); a writer who does neither draws the same path.
    @Test func doubleLettersLoopOrPause() throws {
        let generator = HumanSwipeGenerator(geometry: Self.geometry)
        let l = try #require(Self.geometry.centres["l"])
        func measure(_ habit: HumanSwipeWriter.DoubleLetter, _ word: String) throws -> (length: Double, time: Double, miss: Double) {
            let writer = steadyWriter {
                $0.doubleLetter = habit
                $0.doubleLetterSize = habit == .loop ? 0.4 : 0.2
                $0.liftAt = 1
                $0.overlap = 0.4
            }
            var random = SoakRandom(seed: 4)
            let path = try #require(generator.path(for: word, writer: writer, using: &random))
            let length = zip(path, path.dropFirst()).reduce(0) { $0 + $1.0.point.distance(to: $1.1.point) }
            return (length, path[path.count - 1].time, path.map { $0.point.distance(to: l) }.min() ?? 0)
        }
        let loop = try measure(.loop, "hello"), loopless = try measure(.loop, "helo")
        #expect(loop.length > loopless.length + 1.5 * Self.width, "\(loop) \(loopless)")
        let pause = try measure(.pause, "hello"), pauseless = try measure(.pause, "helo")
        #expect(abs(pause.time - pauseless.time - 0.2) < 0.01 && pause.miss < pauseless.miss - 0.1 * Self.width, "\(pause) \(pauseless)")
        let plain = try measure(.nothing, "hello"), plainless = try measure(.nothing, "helo")
        #expect(abs(plain.time - plainless.time) < 0.001 && abs(plain.length - plainless.length) < 0.5)
    }

    /// Strokes that overlap cut the corner at a turning key: the path misses its centre by more
    /// than strokes that do not overlap, which pass through it.
    @Test func overlappingStrokesCutCorners() throws {
        let generator = HumanSwipeGenerator(geometry: Self.geometry)
        func miss(_ overlap: Double) throws -> Double {
            let writer = steadyWriter {
                $0.overlap = overlap
                $0.dropRate = 0
            }
            var random = SoakRandom(seed: 5)
            let path = try #require(generator.path(for: "qzp", writer: writer, using: &random))  // turns at z
            let z = try #require(Self.geometry.centres["z"])
            return path.map { $0.point.distance(to: z) }.min() ?? 0
        }
        #expect(try miss(0) < 0.05 * Self.width)
        #expect(try miss(0.5) > 0.3 * Self.width)
    }
}

/// The decoder's templates cut corners as fingers do: on writers whose strokes overlap by half
/// (the hardest corner-cutters), it reads more words right than the same decoder with
/// key-centre polylines, measured in the same run on the same paths.
@Suite @MainActor
struct SwipeCornerCuttingTests {
    @Test func cutCornersReadMoreOfTheWordsOfWritersWhoCutThem() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let list = Array(try SwipeAccuracyTests.words(language: "en").prefix(10_000))
        var plain = SwipeLikelihood.fitted
        plain.cuts = [0]
        let decoders = [
            SwipeDecoder(wordsByFrequency: list, geometry: geometry), SwipeDecoder(wordsByFrequency: list, geometry: geometry, likelihood: plain),
        ]
        var writers = HumanSwipeWriter.writers(6, seed: 72_400_001)
        for index in writers.indices { writers[index].overlap = 0.5 }
        let generator = HumanSwipeGenerator(geometry: geometry)
        var random = SoakRandom(seed: 72_400_002)
        let words = list.prefix(3_000).filter { (geometry.keyPoints(of: $0)?.count ?? 0) >= 3 }.shuffled(using: &random).prefix(300)
        var right = [0, 0]
        for (index, word) in words.enumerated() {
            guard let path = generator.path(for: word, writer: writers[index % writers.count], using: &random) else { continue }
            for (d, decoder) in decoders.enumerated()
            where decoder.candidates(for: path.map(\.point), limit: 1).first?.word.lowercased() == word.lowercased() {
                right[d] += 1
            }
        }
        print("corner-cutting writers, top-1 of \(words.count): cut templates \(right[0]), key-centre templates \(right[1])")
        // (The fitted likelihood also allows for cut corners in its key term, split by how sharply
        // the word turns, so the templates' cut adds less than it did alone: 245 against 233 here.)
        #expect(right[0] >= right[1] + 8, "\(right)")
    }

    /// People cut corners by different amounts, so each word has templates at several cuts: on
    /// writers who overlap their movements little and writers who overlap them much, the several
    /// read more words right than the single middle cut, in the same run on the same paths.
    @Test func templatesAtSeveralCutsReadWritersWhoCutCornersByDifferentAmounts() throws {
        let geometry = try SwipeAccuracyTests.geometry(language: "en")
        let list = Array(try SwipeAccuracyTests.words(language: "en").prefix(10_000))
        var single = SwipeLikelihood.fitted
        single.cuts = [0.25]
        let decoders = [
            SwipeDecoder(wordsByFrequency: list, geometry: geometry), SwipeDecoder(wordsByFrequency: list, geometry: geometry, likelihood: single),
        ]
        var writers = HumanSwipeWriter.writers(8, seed: 72_400_003)
        for index in writers.indices { writers[index].overlap = index.isMultiple(of: 2) ? 0.1 : 0.55 }
        let generator = HumanSwipeGenerator(geometry: geometry)
        var random = SoakRandom(seed: 72_400_004)
        let words = list.prefix(3_000).filter { (geometry.keyPoints(of: $0)?.count ?? 0) >= 3 }.shuffled(using: &random).prefix(1_200)
        var right = [0, 0]
        for (index, word) in words.enumerated() {
            guard let path = generator.path(for: word, writer: writers[index % writers.count], using: &random) else { continue }
            for (d, decoder) in decoders.enumerated()
            where decoder.candidates(for: path.map(\.point), limit: 1).first?.word.lowercased() == word.lowercased() {
                right[d] += 1
            }
        }
        print("writers cutting corners little and much, top-1 of \(words.count): three cuts \(right[0]), one cut \(right[1])")
        // (With the cuts weighed as equally likely rather than the best alone, an extreme writer's
        // one cut counts a third: 943 against 928 here, 463 against 458 on the first 600 words.)
        #expect(right[0] >= right[1] + 10, "\(right)")
    }
}
