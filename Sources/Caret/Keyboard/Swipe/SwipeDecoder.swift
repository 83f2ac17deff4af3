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
/// centres with its corners cut as fingers cut them, more or less; a path is compared with the templates whose first and last keys are near its ends
/// (pruning), in two channels over points spaced evenly along both: shape (both normalised in
/// place and size) and location (where the points are on the keys), and by how near the path
/// comes to each of the word's keys in order. The channels' distances are Gaussian
/// likelihoods, combined with the word's frequency (Zipf's law over its rank).
public final class SwipeDecoder: @unchecked Sendable {
    /// Points each path and template is resampled to.
    static let sampleCount = 40
    /// How far a path's start or end may be from its word's first or last key (key widths).
    static let endRadius = 1.2

    struct Template {
        var word: String
        var rank: Int
        var keys: [Point]
        /// Whether the word types each key's letter twice or more.
        var doubled: [Bool]
        /// The template's points and shape at each of the weights' corner cuts.
        var samples: [[Point]]
        var shape: [[Point]]
        /// The frequency's share of the score (Zipf's law over the rank), as the weights give it.
        var frequencyCost: Double
    }

    /// The geometry the templates were made for.
    public let geometry: SwipeKeyboardGeometry
    private let templates: [Template]
    /// Templates by their first key, each key with the templates that start on it.
    private let byStart: [(key: Point, templates: [Int])]

    /// How the channels weigh.
    let weights: Weights

    /// Makes a template for every word (most frequent first) of two letters or more whose letters are on keys.
    public convenience init(wordsByFrequency: [String], geometry: SwipeKeyboardGeometry) {
        self.init(wordsByFrequency: wordsByFrequency, geometry: geometry, weights: .tuned)
    }

    init(wordsByFrequency: [String], geometry: SwipeKeyboardGeometry, weights: Weights) {
        self.geometry = geometry
        self.weights = weights
        var templates: [Template] = []
        var seen: Set<String> = []
        for (rank, word) in wordsByFrequency.enumerated() {
            guard word.count >= 2, seen.insert(word.lowercased()).inserted, let (keys, doubled) = geometry.keys(of: word),
                keys.count >= 2 || doubled == [true]  // a word on one key ("ее") is a loop on it
            else { continue }
            let samples = weights.cuts.map { Self.resample(Self.cutCorners(keys, by: $0), count: Self.sampleCount) }
            templates.append(
                Template(
                    word: word, rank: rank, keys: keys, doubled: doubled, samples: samples, shape: samples.map(Self.normalised),
                    frequencyCost: weights.frequency * log(Double(rank) + 2)))
        }
        self.templates = templates
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

    /// The likeliest words for a guest's path: their offset taken off it, and a double letter read
    /// from a pause as often as they make one (`SwipeTouchOffset`).
    @_spi(Testing) public func candidates(for drawn: [Point], times: [Double]?, guest: SwipeTouchOffset, limit: Int = 3) -> [SwipeCandidate] {
        guard drawn.count >= 2, limit > 0 else { return [] }
        let width = geometry.keyWidth
        let path = guest.corrected(drawn)
        let pathLength = Self.length(path)
        guard pathLength >= width * 0.5 else { return [] }
        // Where the finger paused, and how often this guest pauses at a double letter (without
        // times no pause can be seen, and an unmarked double letter costs nothing).
        let marks = SwipeMarks(path: path, times: times, keyWidth: width)
        let doubleMarked = marks.readsPauses ? guest.marksAtDoubles : 0
        let samples = Self.resample(path, count: Self.sampleCount)
        let shape = Self.normalised(samples)
        // The key channel follows the path closely: a point every fifth of a key.
        let dense = Self.resample(path, count: min(400, max(Self.sampleCount, Int(pathLength / width * 5))))
        let first = path[0], last = path[path.count - 1]
        let radius = Self.endRadius * width
        // Branch and bound: the ends' key terms and the frequency bound a word's score from above
        // (every other term only lowers it), so words are scored best bound first, and the search
        // stops at the first bound below the `limit`-th score found.
        let keyScale = 0.5 / (width * width * weights.key * weights.key)
        var bounded: [(index: Int, bound: Double)] = []
        for (start, indices) in byStart where start.distance(to: first) <= radius {
            let startCost = start.squaredDistance(to: samples[0]) * keyScale
            for index in indices {
                let template = templates[index]
                let end = template.keys[template.keys.count - 1]
                guard end.distance(to: last) <= radius else { continue }
                let bound = -startCost - end.squaredDistance(to: samples[samples.count - 1]) * keyScale - template.frequencyCost
                bounded.append((index, bound))
            }
        }
        bounded.sort { $0.bound > $1.bound }
        var best: [(index: Int, score: Double)] = []
        for (index, bound) in bounded {
            if best.count == limit, bound <= best[limit - 1].score { break }
            let floor = best.count == limit ? best[limit - 1].score : -Double.infinity
            let template = templates[index]
            let marked = marksCost(template, marks: marks.points, doubleMarked: doubleMarked)
            guard let value = score(template, samples: samples, shape: shape, dense: dense, width: width, floor: floor + marked) else { continue }
            let total = value - marked
            best.insert((index, total), at: best.firstIndex { $0.score < total } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return best.map { SwipeCandidate(word: templates[$0.index].word, score: $0.score) }
    }

    // MARK: Channels

    /// Spreads of the channels' Gaussians (shape in its normalised unit, the others in key
    /// widths) and the weight of frequency.
    struct Weights: Sendable {
        var shape = 0.04, location = 0.35, key = 0.45, frequency = 0.6, stay = 0.12
        /// How far along its sides a template's corners may be cut: people cut them more or less
        /// (by how much one movement overlaps the next), so each word has a template at each cut
        /// and a path is read against the one it fits best (0.1, 0.25 and 0.4: chosen on human-like
        /// writers of a seed never measured, `caret-demo --measure-swipe`, docs/keyboard.md).
        var cuts = [0.1, 0.25, 0.4]
        /// How often a pause (`SwipeMarks`) shows at a letter typed once (a finger hesitates now and
        /// then; at a double letter, as often as the guest pauses there: `SwipeTouchOffset.marksAtDoubles`).
        var marksAtSingles = 0.02
        /// How far a mark may be from the key it is read at (key widths).
        var markRadius = 0.8
        /// How much the marks weigh against the other channels.
        var marks = 1.0
        /// Tuned on generated paths of one seed and measured on others (`SwipeAccuracyTests`), the
        /// corner cut on human-like writers of a seed never measured.
        static let tuned = Weights()
    }

    /// A template's score for a path: the frequency and the channels, cheapest first; nil as soon
    /// as it falls to `floor` or below (it cannot be among the best).
    private func score(_ template: Template, samples: [Point], shape: [Point], dense: [Point], width: Double, floor: Double) -> Double? {
        var channels = Double.infinity
        for variant in template.samples.indices {
            var shapeDistance = 0.0, locationDistance = 0.0
            let variantShape = template.shape[variant], variantSamples = template.samples[variant]
            for i in 0..<Self.sampleCount {
                // A word on one key has no shape: only where the path stays counts.
                if template.keys.count > 1 { shapeDistance += shape[i].distance(to: variantShape[i]) }
                locationDistance += samples[i].distance(to: variantSamples[i])
            }
            shapeDistance /= Double(Self.sampleCount)
            locationDistance /= Double(Self.sampleCount) * width
            let s = shapeDistance / weights.shape, l = locationDistance / weights.location
            channels = min(channels, s * s + l * l)
        }
        var value = -0.5 * channels - template.frequencyCost
        guard value > floor else { return nil }
        let t = Self.strayDistance(samples, from: template.keys) / (width * weights.stay)
        value -= 0.5 * t * t
        guard value > floor else { return nil }
        let keys = Self.keyPassDistance(template.keys, samples: dense) / (width * width)
        value -= 0.5 * keys / (weights.key * weights.key)
        return value > floor ? value : nil
    }

    /// A kept word's double letters inside it on a guest's path (their offset taken off): how many
    /// there are, and how many the path marked with a pause (what the guest's habit is learned from).
    @_spi(Testing) public func doubleLetters(of drawn: [Point], times: [Double]?, for word: String) -> (doubles: Int, marked: Int)? {
        guard let (keys, doubled) = geometry.keys(of: word), doubled.dropFirst().dropLast().contains(true) else { return nil }
        let read = SwipeMarks(path: drawn, times: times, keyWidth: geometry.keyWidth)
        guard read.readsPauses else { return nil }
        let marks = read.points
        let radius = weights.markRadius * geometry.keyWidth
        var count = (doubles: 0, marked: 0)
        for (k, key) in keys.enumerated().dropFirst().dropLast() where doubled[k] {
            count.doubles += 1
            if marks.contains(where: { $0.distance(to: key) <= radius }) { count.marked += 1 }
        }
        return count
    }

    /// What the path's marks cost a word: a mark at a key the word types once is unlikely, as is a
    /// double letter with none (a negative log-likelihood, relative to a key typed once unmarked).
    private func marksCost(_ template: Template, marks: [Point], doubleMarked: Double) -> Double {
        guard weights.marks > 0, !marks.isEmpty || template.doubled.contains(true) else { return 0 }
        let radius = weights.markRadius * geometry.keyWidth
        var cost = 0.0
        var markedDoubles = [Bool](repeating: false, count: template.keys.count)
        for mark in marks {
            var nearest = Double.infinity
            for key in template.keys { nearest = min(nearest, key.distance(to: mark)) }
            guard nearest <= radius else { continue }
            // The mark is read at the nearest key (a key the word passes more than once, at any of them).
            var atDouble = false
            for (k, key) in template.keys.enumerated() where template.doubled[k] && key.distance(to: mark) <= nearest + 1e-9 {
                markedDoubles[k] = true
                atDouble = true
            }
            cost -= log(atDouble ? doubleMarked : weights.marksAtSingles)
        }
        // (A double letter that starts or ends the word cannot show a pause: the path's ends are
        // where the finger lands and lifts.)
        for (k, doubled) in template.doubled.enumerated().dropFirst().dropLast() where doubled && !markedDoubles[k] {
            cost -= log(1 - doubleMarked)
        }
        return cost * weights.marks
    }

    /// How far the path stays from the word's keys, passed in order: the keys are matched to
    /// path points in the word's order (dynamic programming: each key to a point at or after the
    /// previous key's, the first and last keys to the path's ends) so that the sum of squared
    /// distances is least, and that sum is the answer (each key a Gaussian of its own: one key
    /// missed weighs as much in a long word as in a short one).
    static func keyPassDistance(_ keys: [Point], samples: [Point]) -> Double {
        let n = samples.count
        guard keys.count > 2 else {
            return keys[0].squaredDistance(to: samples[0]) + keys[keys.count - 1].squaredDistance(to: samples[n - 1])
        }
        // best[i]: the least cost of the keys so far with the last of them at a point ≤ i.
        var best = [Double](repeating: keys[0].squaredDistance(to: samples[0]), count: n)
        var next = [Double](repeating: 0, count: n)
        for k in 1..<(keys.count - 1) {
            var running = Double.infinity
            for i in 0..<n {
                running = min(running, best[i] + keys[k].squaredDistance(to: samples[i]))
                next[i] = running
            }
            swap(&best, &next)
        }
        return best[n - 1] + keys[keys.count - 1].squaredDistance(to: samples[n - 1])
    }

    /// Where a path passed each key of a word, as the key-pass channel matches them (each key to a
    /// point at or after the previous key's, the first and last keys to the path's ends): the
    /// offsets from the keys' centres to those points, in the word's order; nil for a word with
    /// no keys here or a path too short. What a writer's systematic offset is learned from.
    @_spi(Testing) public func keyOffsets(of path: [Point], for word: String) -> [Point]? {
        guard path.count >= 2, let keys = geometry.keyPoints(of: word), keys.count >= 2 else { return nil }
        let length = Self.length(path)
        guard length > 0 else { return nil }
        let samples = Self.resample(path, count: min(400, max(Self.sampleCount, Int(length / geometry.keyWidth * 5))))
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

    /// How far the path strays from the word's polyline: the root mean square of each path
    /// point's distance to its nearest segment (a path that detours past other keys strays).
    static func strayDistance(_ samples: [Point], from keys: [Point]) -> Double {
        var total = 0.0
        for p in samples {
            var best = Double.infinity
            for i in 1..<max(2, keys.count) {  // a word on one key: the distance to it
                let a = keys[i - 1], b = keys[min(i, keys.count - 1)]
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-9)))
                best = min(best, p.squaredDistance(to: Point(x: a.x + dx * t, y: a.y + dy * t)))
            }
            total += best
        }
        return (total / Double(samples.count)).squareRoot()
    }

    // MARK: Geometry

    /// A template's polyline with its corners cut as a finger cuts them: each inner key replaced
    /// by two points `fraction` of the way along its sides (Chaikin's corner cutting, once).
    static func cutCorners(_ keys: [Point], by fraction: Double) -> [Point] {
        guard keys.count > 2, fraction > 0 else { return keys }
        var out = [keys[0]]
        for i in 1..<(keys.count - 1) {
            let a = keys[i - 1], k = keys[i], b = keys[i + 1]
            out.append(Point(x: k.x + (a.x - k.x) * fraction, y: k.y + (a.y - k.y) * fraction))
            out.append(Point(x: k.x + (b.x - k.x) * fraction, y: k.y + (b.y - k.y) * fraction))
        }
        out.append(keys[keys.count - 1])
        return out
    }

    static func length(_ points: [Point]) -> Double {
        var total = 0.0
        for i in 1..<max(1, points.count) { total += points[i - 1].distance(to: points[i]) }
        return total
    }

    /// `count` points spaced evenly along the polyline (its ends included).
    static func resample(_ points: [Point], count: Int) -> [Point] {
        let total = length(points)
        guard total > 0 else { return Array(repeating: points[0], count: count) }
        let step = total / Double(count - 1)
        var out: [Point] = [points[0]]
        out.reserveCapacity(count)
        var carried = 0.0
        for i in 1..<points.count {
            var a = points[i - 1]
            let b = points[i]
            var segment = a.distance(to: b)
            while carried + segment >= step, out.count < count {
                let t = (step - carried) / segment
                a = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                out.append(a)
                segment = a.distance(to: b)
                carried = 0
            }
            carried += segment
        }
        while out.count < count { out.append(points[points.count - 1]) }
        return out
    }

    /// The points moved so their centroid is the origin and scaled so the larger side of their box is 1.
    static func normalised(_ points: [Point]) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var sx = 0.0, sy = 0.0
        for p in points {
            (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
            sx += p.x
            sy += p.y
        }
        let n = Double(points.count)
        let scale = max(maxX - minX, maxY - minY, 1e-9)
        return points.map { Point(x: ($0.x - sx / n) / scale, y: ($0.y - sy / n) / scale) }
    }
}

extension Point {
    fileprivate func squaredDistance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return dx * dx + dy * dy
    }
}
