// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a keyboard's letters are, for swipe typing: each letter's key centre (a long-press
/// alternate sits on its key: "é" on "e"), and the width of a key.
public struct SwipeKeyboardGeometry: Equatable, Sendable {
    /// Key centres by letter, in lower case.
    public var centres: [Character: Point]
    /// The width of a letter key (what the decoder's distances are measured in).
    public var keyWidth: Double

    /// Creates a geometry.
    public init(centres: [Character: Point], keyWidth: Double) {
        self.centres = centres
        self.keyWidth = keyWidth
    }

    /// The key centres a word's path passes, in order, a letter typed twice in a row once; nil
    /// when a letter of the word is on no key (an apostrophe or a hyphen is passed over).
    public func keyPoints(of word: String) -> [Point]? { keys(of: word)?.points }

    /// The key centres a word's path passes (as `keyPoints(of:)`), each with whether the word
    /// types its letter twice or more there ("ll" in "hello").
    func keys(of word: String) -> (points: [Point], doubled: [Bool])? {
        var points: [Point] = []
        var doubled: [Bool] = []
        for character in word.lowercased() {
            guard let centre = centres[character] ?? LetterFolding.folded(String(character)).flatMap({ $0.count == 1 ? centres[$0.first!] : nil })
            else {
                if character == "'" || character == "’" || character == "-" { continue }
                return nil
            }
            if let previous = points.last, previous.x == centre.x, previous.y == centre.y {
                doubled[doubled.count - 1] = true
            } else {
                points.append(centre)
                doubled.append(false)
            }
        }
        return (points, doubled)
    }
}

/// A word a swipe may mean, with its score (log-likelihood: higher is likelier).
public struct SwipeCandidate: Hashable, Sendable {
    /// The word, as the list spells it.
    public var word: String
    /// How likely the word is for the path, against the other candidates of the same path.
    public var score: Double
}

/// Reads words from swipes over a keyboard: a decoder after SHARK2 (Kristensson and Zhai, 2004).
/// Each word of a frequency-ranked list has a template, the polyline through its letters' key
/// centres with its corners cut as fingers cut them, more or less; a path is compared with the
/// templates whose first and last keys are near its ends (pruning), and each is scored by a
/// log-linear likelihood (`SwipeLikelihood`): the path's ends and length, SHARK2's shape and
/// location channels, the keys passed in order, how far the path strays, its pauses, and the word's
/// frequency, each weighed by a coefficient fitted on human-like writers.
public final class SwipeDecoder: @unchecked Sendable {
    /// How far a path's start or end may be from its word's first or last key (key widths).
    static let endRadius = 1.2

    /// The geometry the templates were made for.
    public let geometry: SwipeKeyboardGeometry
    private let templates: [SwipeLikelihood.Template]
    /// Templates by their first key, each key with the templates that start on it.
    private let byStart: [(key: Point, templates: [Int])]
    /// Templates by their word in lower case.
    private let byWord: [String: Int]

    /// How the words are scored.
    let likelihood: SwipeLikelihood

    /// Makes a template for every word (most frequent first) of two letters or more whose letters are on keys.
    public convenience init(wordsByFrequency: [String], geometry: SwipeKeyboardGeometry) {
        self.init(wordsByFrequency: wordsByFrequency, geometry: geometry, likelihood: .fitted)
    }

    /// A decoder whose likelihood's coefficients are changed as named (`SwipeLikelihood.Coefficients`'
    /// fields): what refitting them reads candidates with.
    @_spi(Testing) public convenience init(wordsByFrequency: [String], geometry: SwipeKeyboardGeometry, coefficients: [String: Double]) {
        var likelihood = SwipeLikelihood.fitted
        likelihood.coefficients.change(coefficients)
        self.init(wordsByFrequency: wordsByFrequency, geometry: geometry, likelihood: likelihood)
    }

    init(wordsByFrequency: [String], geometry: SwipeKeyboardGeometry, likelihood: SwipeLikelihood) {
        self.geometry = geometry
        self.likelihood = likelihood
        var templates: [SwipeLikelihood.Template] = []
        var byWord: [String: Int] = [:]
        for (rank, word) in wordsByFrequency.enumerated() {
            guard word.count >= 2, byWord[word.lowercased()] == nil, let (keys, doubled) = geometry.keys(of: word),
                keys.count >= 2 || doubled == [true]  // a word on one key ("ее") is a loop on it
            else { continue }
            byWord[word.lowercased()] = templates.count
            templates.append(likelihood.template(word: word, rank: rank, keys: keys, doubled: doubled))
        }
        self.templates = templates
        self.byWord = byWord
        var byStart: [(key: Point, templates: [Int])] = []
        for (index, template) in templates.enumerated() {
            let key = template.keys[0]
            if let at = byStart.firstIndex(where: { $0.key.x == key.x && $0.key.y == key.y }) {
                byStart[at].templates.append(index)
            } else {
                byStart.append((key, [index]))
            }
        }
        self.byStart = byStart
    }

    /// How many words the decoder can read.
    public var wordCount: Int { templates.count }

    /// The likeliest words for a path (points in the keyboard's coordinates, in order), best first;
    /// none for a path too short to be a swipe or that no word fits.
    public func candidates(for path: [Point], limit: Int = 3) -> [SwipeCandidate] { candidates(for: path, times: nil, limit: limit) }

    /// The likeliest words for a path drawn at `times` (seconds, one per point): where the finger
    /// paused tells a double letter.
    public func candidates(for drawn: [Point], times: [Double]?, limit: Int = 3) -> [SwipeCandidate] {
        candidates(for: drawn, times: times, guest: SwipeTouchOffset(), limit: limit)
    }

    /// A guest's path as the templates are compared with it: their offset taken off it, and a
    /// double letter read from a pause as often as they make one; nil for a path too short to be a swipe.
    private func reading(_ drawn: [Point], times: [Double]?, guest: SwipeTouchOffset) -> SwipeLikelihood.Reading? {
        guard drawn.count >= 2 else { return nil }
        let width = geometry.keyWidth
        let path = guest.corrected(drawn)
        guard SwipePolyline.length(path) >= width * 0.5 else { return nil }
        // Without times no pause can be seen (a double letter without one costs nothing), but loops can.
        let marks = SwipeMarks(path: path, times: times, keyWidth: width)
        return likelihood.reading(path, marks: marks, guest: guest, width: width)
    }

    /// The likeliest words for a guest's path: their offset taken off it, and a double letter read
    /// from a pause as often as they make one (`SwipeTouchOffset`).
    @_spi(Testing) public func candidates(for drawn: [Point], times: [Double]?, guest: SwipeTouchOffset, limit: Int = 3) -> [SwipeCandidate] {
        guard limit > 0, let reading = reading(drawn, times: times, guest: guest) else { return [] }
        let first = reading.path[0], last = reading.path[reading.path.count - 1]
        let radius = Self.endRadius * geometry.keyWidth
        // Branch and bound: the prior and the ends' terms bound a word's score from above (every
        // other term only lowers it), so words are scored best bound first, and the search stops
        // at the first bound below the `limit`-th score found.
        var bounded: [(index: Int, bound: Double)] = []
        for (start, indices) in byStart where start.distance(to: first) <= radius {
            for index in indices {
                let template = templates[index]
                guard template.keys[template.keys.count - 1].distance(to: last) <= radius else { continue }
                bounded.append((index, likelihood.bound(template, reading)))
            }
        }
        bounded.sort { $0.bound > $1.bound }
        var best: [(index: Int, score: Double)] = []
        for (index, bound) in bounded {
            if best.count == limit, bound <= best[limit - 1].score { break }
            let floor = best.count == limit ? best[limit - 1].score : -Double.infinity
            guard let total = likelihood.score(templates[index], reading, bound: bound, floor: floor) else { continue }
            best.insert((index, total), at: best.firstIndex { $0.score < total } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return best.map { SwipeCandidate(word: templates[$0.index].word, score: $0.score) }
    }

    /// The features the likelihood weighs (`SwipeLikelihood.featureNames`) of each word for a
    /// guest's path, nil for a word the decoder cannot read: what its coefficients are fitted on.
    @_spi(Testing) public func features(of drawn: [Point], times: [Double]?, guest: SwipeTouchOffset, words: [String]) -> [[Double]?] {
        guard let reading = reading(drawn, times: times, guest: guest) else { return words.map { _ in nil } }
        return words.map { word in byWord[word.lowercased()].map { likelihood.features(templates[$0], reading) } }
    }

    /// The names of `features(of:times:guest:words:)`' columns.
    @_spi(Testing) public var featureNames: [String] { SwipeLikelihood.featureNames(cuts: likelihood.cuts.count) }

    /// Teaches a guest from a word they kept, drawn as `drawn` at `times`: how often they pause at
    /// double letters (read on the path as it was decoded, the offset known then taken off), their
    /// offset and their spread at inner keys (`SwipeTouchOffset`).
    @_spi(Testing) public func learn(_ guest: inout SwipeTouchOffset, keptWord word: String, drawn: [Point], times: [Double]?) {
        guard let offsets = keyOffsets(of: drawn, for: word.lowercased()) else { return }
        if let doubles = doubleLetters(of: guest.corrected(drawn), times: times, for: word.lowercased()) { guest.learnDoubles(doubles) }
        if let loops = loopedLetters(of: guest.corrected(drawn), for: word.lowercased()) { guest.learnLoops((loops.doubles, loops.looped)) }
        guest.learn(offsets, keyWidth: geometry.keyWidth)
    }

    /// A kept word's double letters inside it on a guest's path (their offset taken off): how many
    /// there are, and how many the path marked with a pause (what the guest's habit is learned from).
    @_spi(Testing) public func doubleLetters(of drawn: [Point], times: [Double]?, for word: String) -> (doubles: Int, marked: Int)? {
        guard let (keys, doubled) = geometry.keys(of: word), doubled.dropFirst().dropLast().contains(true) else { return nil }
        let read = SwipeMarks(path: drawn, times: times, keyWidth: geometry.keyWidth)
        guard read.readsPauses else { return nil }
        let marks = read.points
        let radius = likelihood.markRadius * geometry.keyWidth
        var count = (doubles: 0, marked: 0)
        for (k, key) in keys.enumerated().dropFirst().dropLast() where doubled[k] {
            count.doubles += 1
            if marks.contains(where: { $0.distance(to: key) <= radius }) { count.marked += 1 }
        }
        return count
    }

    /// A kept word's letters on a guest's path (their offset taken off) and the loops it made: how
    /// many double letters there are and how many the path looped at, and how many keys typed once
    /// it looped at (what the guest's habit is learned from).
    @_spi(Testing) public func loopedLetters(of drawn: [Point], for word: String) -> (doubles: Int, looped: Int, singles: Int, loopedSingles: Int)? {
        guard let (keys, doubled) = geometry.keys(of: word) else { return nil }
        let loops = SwipeMarks(path: drawn, times: nil, keyWidth: geometry.keyWidth).loops
        let radius = likelihood.markRadius * geometry.keyWidth
        var count = (doubles: 0, looped: 0, singles: 0, loopedSingles: 0)
        for (k, key) in keys.enumerated() {
            let marked = loops.contains { loop in
                let distance = key.distance(to: loop)
                return distance <= radius && !keys.contains { $0.distance(to: loop) < distance - 1e-9 }
            }
            if doubled[k] {
                count.doubles += 1
                count.looped += marked ? 1 : 0
            } else {
                count.singles += 1
                count.loopedSingles += marked ? 1 : 0
            }
        }
        return count
    }

    /// Where a path passed each key of a word, as the key-pass channel matches them (each key to a
    /// point at or after the previous key's, the first and last keys to the path's ends): the
    /// offsets from the keys' centres to those points, in the word's order; nil for a word with
    /// no keys here or a path too short. What a writer's systematic offset is learned from.
    @_spi(Testing) public func keyOffsets(of path: [Point], for word: String) -> [Point]? {
        guard path.count >= 2, let keys = geometry.keyPoints(of: word), keys.count >= 2 else { return nil }
        let length = SwipePolyline.length(path)
        guard length > 0 else { return nil }
        let samples = SwipePolyline.resample(path, count: min(400, max(SwipeLikelihood.sampleCount, Int(length / geometry.keyWidth * 5))))
        let n = samples.count
        // cost[k][i]: the least cost of keys 0…k with key k at point i; from[k][i]: key k−1's point.
        var cost = [Double](repeating: .infinity, count: n)
        cost[0] = keys[0].squaredDistance(to: samples[0])
        var from: [[Int]] = []
        for k in 1..<keys.count {
            var next = [Double](repeating: .infinity, count: n)
            var back = [Int](repeating: 0, count: n)
            var best = Double.infinity, bestIndex = 0
            for i in 0..<n {
                if cost[i] < best { (best, bestIndex) = (cost[i], i) }
                next[i] = best + keys[k].squaredDistance(to: samples[i])
                back[i] = bestIndex
            }
            from.append(back)
            cost = next
        }
        var points = [Int](repeating: n - 1, count: keys.count)
        for k in stride(from: keys.count - 1, to: 0, by: -1) { points[k - 1] = from[k - 1][points[k]] }
        return zip(keys, points).map { key, index in Point(x: samples[index].x - key.x, y: samples[index].y - key.y) }
    }
}
