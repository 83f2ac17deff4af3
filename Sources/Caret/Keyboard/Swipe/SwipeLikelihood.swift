// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How likely a word is for a swipe (docs/keyboard.md, swipe typing): a log-linear model, the sum
/// of what the path shows of the word's template (its ends, its length, its shape and location,
/// the keys it passes, how far it strays, its pauses) and the word's frequency, each times a
/// coefficient. The coefficients are fitted by maximum conditional likelihood (the word a path was
/// drawn for against the decoder's other candidates for it, a softmax over their scores) on
/// human-like writers and words that the accuracy figures never use (`Scripts/fit_swipe.py`).
struct SwipeLikelihood: Sendable {
    /// What each feature weighs: a score is minus the sum of coefficient times feature, so a cost
    /// (a squared distance) has a coefficient ≥ 0; `keys`, `endAlong` and `lengthRatio` have any sign.
    struct Coefficients: Sendable {
        /// Times log(rank + 2) (Zipf's law over the word's rank in its list).
        var frequency: Double
        /// Times the number of keys the word passes.
        var keys: Double
        /// Times the squared distance from where the finger landed to the first key (in key widths).
        var start: Double
        /// Times how far the lift is past (+) or short of (−) the last key, along the last move.
        var endAlong: Double
        /// Times that squared.
        var endAlongSquared: Double
        /// Times the lift's squared distance from the last key across the last move.
        var endAcross: Double
        /// Times log(the path's length ÷ the template's).
        var lengthRatio: Double
        /// Times that squared.
        var lengthRatioSquared: Double
        /// Times the mean distance between the path and the template squared, both normalised in
        /// place and size (SHARK2's shape channel), at each of the template's cuts (`mixedChannels`)…
        var shape: Double
        /// …plus this times the same in place (in key widths; SHARK2's location channel).
        var location: Double
        /// Times the squared root-mean-square distance of the path from the word's polyline.
        var stray: Double
        /// Times the sum of the inner keys' squared distances from the path, passed in order, each
        /// times how straight on the word goes there (`SwipePolyline.turns`)…
        var keyPass: Double
        /// …plus this times the same, each times how sharply it turns.
        var keyPassTurning: Double
        /// Times the sum of the finger's speeds (relative to its median) where it passed the inner
        /// keys: a finger slows at the letters it aims for.
        var keySpeed: Double
        /// Times the pauses' and loops' negative log-likelihood (`SwipeMarks`).
        var marks: Double

        /// The coefficients with those named changed (a name that is none of them is ignored).
        mutating func change(_ named: [String: Double]) {
            let paths: [String: WritableKeyPath<Coefficients, Double>] = [
                "frequency": \.frequency, "keys": \.keys, "start": \.start, "endAlong": \.endAlong, "endAlongSquared": \.endAlongSquared,
                "endAcross": \.endAcross, "lengthRatio": \.lengthRatio, "lengthRatioSquared": \.lengthRatioSquared, "shape": \.shape,
                "location": \.location, "stray": \.stray, "keyPass": \.keyPass, "keyPassTurning": \.keyPassTurning, "keySpeed": \.keySpeed,
                "marks": \.marks,
            ]
            for (name, value) in named { if let path = paths[name] { self[keyPath: path] = value } }
        }
    }

    var coefficients: Coefficients
    /// How far along its sides a template's corners may be cut: people cut them more or less (by
    /// how much one movement overlaps the next), so each word has a template at each cut, each
    /// as likely, and a path is read against them all (`mixedChannels`).
    var cuts = [0.1, 0.25, 0.4]
    /// How often a pause (`SwipeMarks`) shows at a letter typed once (a finger hesitates now and
    /// then; at a double letter, as often as the guest pauses there: `SwipeTouchOffset.marksAtDoubles`).
    var marksAtSingles = 0.02
    /// How often a loop (`SwipeMarks`) shows at a letter typed once: where two turns and an
    /// overshoot add up (693 of 30,738 keys typed once by the human-like writers of seed 72300001,
    /// never measured).
    var loopsAtSingles = 0.023
    /// Whether loops are read (`SwipeMarks`): what the same decoder is compared with without them.
    var readsLoops = true
    /// How far a mark may be from the key it is read at (key widths).
    var markRadius = 0.8

    /// The fitted model: `Scripts/fit_swipe.py` on 9,969 paths of 24 human-like writers (seed
    /// 72500001) over the words of the English, German, French, Spanish and Russian lists that the
    /// accuracy figures do not measure, read with these coefficients (docs/keyboard.md, swipe typing).
    static let fitted = SwipeLikelihood(
        coefficients: Coefficients(
            frequency: 0.7243, keys: -2.26, start: 9.465, endAlong: -0.6096, endAlongSquared: 5.527, endAcross: 7.326, lengthRatio: 2.154,
            lengthRatioSquared: 2.913, shape: 53, location: 5.102, stray: 64.09, keyPass: 3.418, keyPassTurning: 1.186, keySpeed: 2.735,
            marks: 1.069))

    /// The coefficients set by hand before they were fitted (SHARK2's channels as Gaussians of
    /// chosen spreads, frequency weighed by trial on paths through key centres).
    static let handSet = SwipeLikelihood(
        coefficients: Coefficients(
            frequency: 0.6, keys: 0, start: 2.469, endAlong: 0, endAlongSquared: 2.469, endAcross: 2.469, lengthRatio: 0, lengthRatioSquared: 0,
            shape: 312.5, location: 4.082, stray: 34.72, keyPass: 2.469, keyPassTurning: 2.469, keySpeed: 0, marks: 1))

    /// The features' names, in the order `features` gives them (the cuts' shape and location last).
    static func featureNames(cuts: Int) -> [String] {
        [
            "frequency", "keys", "start", "endAlong", "endAlongSquared", "endAcross", "lengthRatio", "lengthRatioSquared", "stray", "keyPass",
            "keyPassTurning", "keySpeed", "marks",
        ]
            + (0..<cuts).map { "shape\($0)" } + (0..<cuts).map { "location\($0)" }
    }

    /// A word's template: its keys and its polylines at each cut.
    struct Template {
        var word: String
        var rank: Int
        var keys: [Point]
        /// Whether the word types each key's letter twice or more.
        var doubled: [Bool]
        /// How sharply the word turns at each key (`SwipePolyline.turns`).
        var turns: [Double]
        /// The template's points and shape at each cut.
        var samples: [[Point]]
        var shape: [[Point]]
        /// The length of the polyline through the keys, and the direction of its last move (a unit vector).
        var length: Double
        var lastMove: Point
        /// The score's share that does not depend on the path (frequency and keys).
        var prior: Double
    }

    /// A path as the templates are compared with it.
    struct Reading {
        var path: [Point]
        /// The path resampled, and its shape (`SwipePolyline.normalised`).
        var samples: [Point]
        var shape: [Point]
        /// The path resampled densely: a point every fifth of a key.
        var dense: [Point]
        /// The finger's speed at each dense point relative to its median
        /// (`SwipePolyline.relativeSpeeds`); nil without times.
        var speeds: [Double]?
        var length: Double
        var width: Double
        /// Where the finger paused, and how often the guest pauses at a double letter (0 where
        /// the path has no times).
        var marks: [Point]
        var doubleMarked: Double
        /// Where the path looped, and how often the guest loops at a double letter.
        var loops: [Point]
        var doubleLooped: Double
        /// How much the key-pass term tells for this guest (`SwipeTouchOffset.keyPassScale`).
        var keyPassScale: Double
    }

    /// The finger's speed where it passes a word's inner keys, relative to its median, as most
    /// people's paths show it (the mean over the inner keys of the 9,969 words the coefficients are
    /// fitted on): what a path without times is taken to show.
    static let typicalKeySpeed = 0.515

    /// Points each path and template is resampled to.
    static let sampleCount = 40

    func template(word: String, rank: Int, keys: [Point], doubled: [Bool]) -> Template {
        let samples = cuts.map { SwipePolyline.resample(SwipePolyline.cutCorners(keys, by: $0), count: Self.sampleCount) }
        let length = SwipePolyline.length(keys)
        var lastMove = Point(x: 0, y: 0)
        if keys.count >= 2 {
            let a = keys[keys.count - 2], b = keys[keys.count - 1], d = max(a.distance(to: b), 1e-9)
            lastMove = Point(x: (b.x - a.x) / d, y: (b.y - a.y) / d)
        }
        let prior = -coefficients.frequency * log(Double(rank) + 2) - coefficients.keys * Double(keys.count)
        return Template(
            word: word, rank: rank, keys: keys, doubled: doubled, turns: SwipePolyline.turns(keys), samples: samples,
            shape: samples.map(SwipePolyline.normalised), length: length,
            lastMove: lastMove, prior: prior)
    }

    func reading(_ path: [Point], marks: SwipeMarks, guest: SwipeTouchOffset, width: Double) -> Reading {
        let length = SwipePolyline.length(path)
        let samples = SwipePolyline.resample(path, count: Self.sampleCount)
        let dense = SwipePolyline.resample(path, count: min(400, max(Self.sampleCount, Int(length / width * 5))))
        let speeds = marks.times.map { SwipePolyline.relativeSpeeds(path, times: $0, count: dense.count) }
        return Reading(
            path: path, samples: samples, shape: SwipePolyline.normalised(samples), dense: dense, speeds: speeds,
            length: length, width: width,
            marks: marks.points, doubleMarked: marks.readsPauses ? guest.marksAtDoubles : 0, loops: readsLoops ? marks.loops : [],
            doubleLooped: readsLoops ? guest.loopsAtDoubles : 0, keyPassScale: guest.keyPassScale)
    }

    /// The features of the path's ends and length: (start, endAlong, endAcross, lengthRatio).
    private func ends(_ template: Template, _ reading: Reading) -> (start: Double, along: Double, across: Double, ratio: Double) {
        let w2 = reading.width * reading.width
        let first = reading.path[0], last = reading.path[reading.path.count - 1]
        let start = template.keys[0].squaredDistance(to: first) / w2
        let end = template.keys[template.keys.count - 1]
        let along = ((last.x - end.x) * template.lastMove.x + (last.y - end.y) * template.lastMove.y) / reading.width
        let across = max(0, end.squaredDistance(to: last) / w2 - along * along)
        let ratio = log(max(reading.length, 1e-3 * reading.width) / max(template.length, reading.width))
        return (start, along, across, ratio)
    }

    /// The highest score the word can have for the path: its prior and the terms of its ends and
    /// length (every other term only lowers it).
    func bound(_ template: Template, _ reading: Reading) -> Double {
        let c = coefficients, e = ends(template, reading)
        return template.prior - c.start * e.start - c.endAlong * e.along - c.endAlongSquared * e.along * e.along - c.endAcross * e.across
            - c.lengthRatio * e.ratio - c.lengthRatioSquared * e.ratio * e.ratio
    }

    /// The word's score for the path, from its `bound`; nil as soon as it falls to `floor` or below
    /// (it cannot be among the best). The terms are added cheapest first.
    func score(_ template: Template, _ reading: Reading, bound: Double, floor: Double) -> Double? {
        let c = coefficients
        var value = bound - c.marks * marksCost(template, reading)
        guard value > floor else { return nil }
        value -= mixedChannels(template, reading)
        guard value > floor else { return nil }
        value -= c.stray * stray(template, reading)
        guard value > floor else { return nil }
        let pass = keyPass(template, reading)
        value -= c.keyPass * pass.straight + c.keyPassTurning * pass.turning + c.keySpeed * pass.speed
        return value > floor ? value : nil
    }

    /// The shape and location channels over the template's cuts, each cut as likely: −log of the
    /// mean over the cuts of exp(−(shape + location)), which is at least the best cut's (so the
    /// `bound` holds) and lower for a word the path fits at several cuts. Summed as it goes, so
    /// nothing is allocated.
    private func mixedChannels(_ template: Template, _ reading: Reading) -> Double {
        let c = coefficients
        var least = Double.infinity, sum = 0.0
        for variant in template.samples.indices {
            let channel = self.channel(template, reading, variant)
            let value = c.shape * channel.shape + c.location * channel.location
            if value < least {
                sum = (least == .infinity ? 0 : sum * exp(value - least)) + 1
                least = value
            } else {
                sum += exp(least - value)
            }
        }
        return least.isFinite ? least - log(sum / Double(template.samples.count)) : least
    }

    /// Every feature of the word for the path, in `featureNames`' order.
    func features(_ template: Template, _ reading: Reading) -> [Double] {
        let e = ends(template, reading), channels = channels(template, reading), pass = keyPass(template, reading)
        return [
            log(Double(template.rank) + 2), Double(template.keys.count), e.start, e.along, e.along * e.along, e.across, e.ratio, e.ratio * e.ratio,
            stray(template, reading), pass.straight, pass.turning, pass.speed, marksCost(template, reading),
        ] + channels.map(\.shape) + channels.map(\.location)
    }

    /// The squared mean distances of shape and location at each cut.
    private func channels(_ template: Template, _ reading: Reading) -> [(shape: Double, location: Double)] {
        template.samples.indices.map { channel(template, reading, $0) }
    }

    /// The squared mean distances of shape and location at one cut.
    private func channel(_ template: Template, _ reading: Reading, _ variant: Int) -> (shape: Double, location: Double) {
        var shape = 0.0, location = 0.0
        let variantShape = template.shape[variant], variantSamples = template.samples[variant]
        // A word on one key has no shape: only where the path stays counts.
        let hasShape = template.keys.count > 1
        for i in 0..<Self.sampleCount {
            if hasShape { shape += reading.shape[i].distance(to: variantShape[i]) }
            location += reading.samples[i].distance(to: variantSamples[i])
        }
        shape /= Double(Self.sampleCount)
        location /= Double(Self.sampleCount) * reading.width
        return (shape * shape, location * location)
    }

    private func stray(_ template: Template, _ reading: Reading) -> Double {
        let t = SwipePolyline.strayDistance(reading.samples, from: template.keys) / reading.width
        return t * t
    }

    private func keyPass(_ template: Template, _ reading: Reading) -> (straight: Double, turning: Double, speed: Double) {
        let pass = SwipePolyline.innerKeyDistance(
            template.keys, turns: template.turns, samples: reading.dense, speeds: reading.speeds, unknownSpeed: Self.typicalKeySpeed)
        let scale = reading.keyPassScale / (reading.width * reading.width)
        return (pass.straight * scale, pass.turning * scale, pass.speed)
    }

    /// What the path's marks cost a word: a pause or a loop at a key the word types once is
    /// unlikely, as is a double letter with neither (a negative log-likelihood, relative to a key
    /// typed once unmarked).
    private func marksCost(_ template: Template, _ reading: Reading) -> Double {
        guard !reading.marks.isEmpty || !reading.loops.isEmpty || template.doubled.contains(true) else { return 0 }
        var paused = [Bool](repeating: false, count: template.keys.count), looped = paused
        var cost = marksCost(reading.marks, template, reading, atDoubles: reading.doubleMarked, atSingles: marksAtSingles, marked: &paused)
        cost += marksCost(reading.loops, template, reading, atDoubles: reading.doubleLooped, atSingles: loopsAtSingles, marked: &looped)
        // Each double letter shows a pause or not and a loop or not, as often as this guest makes
        // each. (A double letter that starts or ends the word cannot show a pause: the path's ends
        // are where the finger lands and lifts. It can show a loop.)
        let last = template.keys.count - 1
        for (k, doubled) in template.doubled.enumerated() where doubled {
            if !paused[k], k > 0, k < last { cost -= log(1 - reading.doubleMarked) }
            if !looped[k] { cost -= log(1 - reading.doubleLooped) }
        }
        return cost
    }

    /// What marks of one kind cost a word, each read at the word's nearest key (a key the word
    /// passes more than once, at any of them), noting the double letters they mark.
    private func marksCost(
        _ marks: [Point], _ template: Template, _ reading: Reading, atDoubles: Double, atSingles: Double, marked: inout [Bool]
    ) -> Double {
        let radius = markRadius * reading.width
        var cost = 0.0
        for mark in marks {
            var nearest = Double.infinity
            for key in template.keys { nearest = min(nearest, key.distance(to: mark)) }
            // A mark away from every key of the word is as unlikely as one at a letter typed once.
            guard nearest <= radius else {
                cost -= log(atSingles)
                continue
            }
            var atDouble = false
            for (k, key) in template.keys.enumerated() where template.doubled[k] && key.distance(to: mark) <= nearest + 1e-9 {
                marked[k] = true
                atDouble = true
            }
            cost -= log(atDouble ? atDoubles : atSingles)
        }
        return cost
    }
}
