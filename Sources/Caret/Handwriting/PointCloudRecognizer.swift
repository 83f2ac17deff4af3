// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads a character of a cased script (Latin, Greek, Cyrillic) by comparing its ink with
/// templates as point clouds ($P with stroke directions): stroke order and direction do not
/// matter. Each template font's drawing is compared at several slants and widths. Where the ink
/// sits against the guide (its top and bottom in capital heights) tells small letters from
/// capitals ("o" from "O", "p" from "P") and "0" from "O"; marks written apart (accents, the dot
/// of an i) are compared on their own, so "é" and "è" differ by their accents, not by a few points
/// of a whole cloud. Templates are shortlisted by a coarse grid of their points and the ink's
/// place, then by a rough comparison, then compared in full.
public final class PointCloudRecognizer: HandwritingRecognizer, Sendable {
    /// The model's name ("latin", "greek", "cyrillic").
    public let model: String
    /// The characters it can answer, in the templates' order.
    public let characters: [String]
    /// Each template's character and its marks apart, above and below; its cloud's other parts
    /// are in `sheet`.
    private let templates: [(character: Int, above: MarkCloud?, below: MarkCloud?)]
    /// What the shortlist reads of every template, side by side (`TemplateSheet`), so that no
    /// cloud is copied while thousands are compared.
    private let sheet: TemplateSheet
    /// What each template adds for a marked character drawn without marks apart (`markPenalty` or 0).
    private let markPenalties: [Double]
    /// How much a capital height of difference in the ink's top or bottom weighs against the
    /// shapes' mean point distance (the shapes are scaled to 1).
    let guideWeight: Double
    /// How many templates are compared in full.
    let shortlist: Int
    /// What an accented letter's template adds to its distance: a mark is a few points of a
    /// cloud, so an unmarked letter would often read as a marked one; marked letters are rarer.
    let markPenalty: Double

    /// The slants each drawing is also compared at (x shifted by this times the height above the
    /// baseline): people write upright and leaning either way, fonts mostly upright.
    let slants: [Double]
    /// The widths each drawing is also compared at (x scaled): narrow and wide hands.
    let widths: [Double]
    /// How many of the coarse shortlist are compared roughly (one start each way) to pick the
    /// `shortlist` compared in full.
    let roughShortlist: Int

    /// A recogniser for a set of templates, each drawing also at each of `slants` and `widths`.
    public init(
        templates set: HandwritingTemplates, guideWeight: Double = 0.15, markPenalty: Double = 0.03, shortlist: Int = 200,
        roughShortlist: Int = 1000, slants: [Double] = [-0.3, -0.15, 0, 0.15, 0.3], widths: [Double] = [0.85, 1, 1.15]
    ) {
        model = set.model
        characters = set.characters.map(\.text)
        // Whether each character carries a combining mark (decomposed).
        let marked = characters.map { text in
            text.decomposedStringWithCanonicalMapping.unicodeScalars.contains { $0.properties.canonicalCombiningClass != .notReordered }
                || ["ł", "Ł", "ø", "Ø", "đ", "Đ", "ı"].contains(text)
        }
        self.markPenalty = markPenalty
        var templates: [(Int, PointCloud)] = []
        for (index, character) in set.characters.enumerated() {
            for drawing in character.drawings {
                for slant in slants {
                    for width in widths {
                        let strokes = drawing.strokes.map { $0.map { Point(x: width * ($0.x - slant * $0.y), y: $0.y) } }
                        if let cloud = PointCloud(strokes: strokes, baseline: 0, capHeight: set.capHeight) {
                            templates.append((index, cloud))
                        }
                    }
                }
            }
        }
        self.templates = templates.map { ($0.0, $0.1.above, $0.1.below) }
        sheet = TemplateSheet(templates.map(\.1))
        markPenalties = templates.map { marked[$0.0] && $0.1.above == nil && $0.1.below == nil ? markPenalty : 0 }
        self.guideWeight = guideWeight
        self.shortlist = shortlist
        self.slants = slants
        self.widths = widths
        self.roughShortlist = roughShortlist
    }

    /// How much the marks' distance weighs against the body's.
    let markWeight = 0.5
    /// How far a character's second-nearest template pulls its distance from its nearest (0:
    /// the nearest alone). Tuned on writer seeds 3 to 7 and 8 to C, not the tests' seeds.
    let secondWeight = 0.5
    /// What a character's second template counts as when only one was compared: its nearest plus this.
    static let lonelyTemplate = 0.1
    /// What a mark written where the template has none (or none where it has one) counts as.
    static let missingMark = 0.6

    /// The distance of two sides' marks: their clouds', or `missingMark` when only one has any.
    static func markDistance(_ a: MarkCloud?, _ b: MarkCloud?) -> Double {
        switch (a, b) {
        case (nil, nil): return 0
        case let (a?, b?): return a.distance(to: b)
        default: return missingMark
        }
    }

    /// The `limit` likeliest characters, best first; the score is 1 / (1 + distance).
    public func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate] {
        guard limit > 0,
            let ink = PointCloud(strokes: strokes.map(\.points), baseline: guide.baseline, capHeight: guide.capHeight)
        else { return [] }
        // The shortlist: the coarse grid and the ink's place.
        let guideWeight = self.guideWeight
        let coarse = sheet.least(sheet.coarseDistances(to: ink, placeWeight: 2 * guideWeight), roughShortlist)
        // Then a rough comparison of those, with the guide and the marks.
        func extra(_ index: Int) -> Double {
            let template = templates[index]
            return guideWeight * sheet.placeDistance(index, ink) + markPenalties[index]
                + markWeight * (Self.markDistance(ink.above, template.above) + Self.markDistance(ink.below, template.below))
        }
        var rough = coarse.map { entry in
            let place = extra(entry.index)
            return (entry.index, sheet.cloudDistance(entry.index, to: ink, starts: 1) + place, place)
        }
        rough.sort { $0.1 < $1.1 }
        // Each character's two nearest templates (drawings, slants, widths): a writing close to
        // two of them is read with more certainty than one close to a single odd one.
        var nearest: [Int: (first: Double, second: Double)] = [:]
        var compared = 0
        for (index, _, place) in rough {
            if compared >= shortlist && nearest.count >= limit { break }
            let character = templates[index].character
            let known = nearest[character] ?? (.infinity, .infinity)
            let distance = sheet.cloudDistance(index, to: ink, bound: known.second - place) + place
            if distance < known.first {
                nearest[character] = (distance, known.first)
            } else if distance < known.second {
                nearest[character] = (known.first, distance)
            }
            compared += 1
        }
        let scored = nearest.mapValues { $0.first + secondWeight * (($0.second.isFinite ? $0.second : $0.first + Self.lonelyTemplate) - $0.first) }
        return scored.sorted { $0.value < $1.value || $0.value == $1.value && $0.key < $1.key }.prefix(limit).map {
            HandwritingCandidate(text: characters[$0.key], score: 1 / (1 + $0.value))
        }
    }
}

/// The point-cloud recognisers of the bundled templates (`Assets/Handwriting`: "latin",
/// "greek", "cyrillic"), read once per process and shared: the handwriting a window has when
/// no engine adds Chinese and Japanese.
public final class BundledHandwritingRecognizers: HandwritingRecognizerProvider, @unchecked Sendable {
    /// The models it serves.
    public static let models = ["latin", "greek", "cyrillic"]
    /// The provider every window shares.
    public static let shared = BundledHandwritingRecognizers()
    private let lock = NSLock()
    private var loaded: [String: Result<PointCloudRecognizer, CaretError>] = [:]
    /// Models whose file was read, with what was wrong with it (nil: nothing).
    private var checked: [String: CaretError?] = [:]

    /// A provider (`shared` reads each model once per process).
    public init() {}

    /// Why the model cannot be used: not one of `models`, or its asset is missing or damaged. Its
    /// file is read (once), but the recogniser is made only when first asked for: offering a
    /// language costs no start-up time.
    public func unavailability(of model: String) -> CaretError? {
        lock.lock()
        defer { lock.unlock() }
        if case let .failure(error)? = loaded[model] { return error }
        if loaded[model] != nil { return nil }
        if let known = checked[model] { return known }
        var problem: CaretError?
        if !Self.models.contains(model) {
            problem = .backendUnavailable(subsystem: "handwriting", reason: "no bundled model \"\(model)\" (\(Self.models.joined(separator: ", ")))")
        } else {
            do throws(CaretError) {
                _ = try HandwritingTemplates.bundled(model)
            } catch {
                problem = error
            }
        }
        checked[model] = problem
        return problem
    }

    /// The model's recogniser, read on first use.
    public func makeRecognizer(for model: String) throws(CaretError) -> HandwritingRecognizer {
        try load(model).get()
    }

    private func load(_ model: String) -> Result<PointCloudRecognizer, CaretError> {
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[model] { return known }
        let result: Result<PointCloudRecognizer, CaretError>
        if !Self.models.contains(model) {
            result = .failure(
                .backendUnavailable(subsystem: "handwriting", reason: "no bundled model \"\(model)\" (\(Self.models.joined(separator: ", ")))"))
        } else {
            do throws(CaretError) {
                result = .success(PointCloudRecognizer(templates: try HandwritingTemplates.bundled(model)))
            } catch {
                result = .failure(error)
            }
        }
        loaded[model] = result
        return result
    }
}
