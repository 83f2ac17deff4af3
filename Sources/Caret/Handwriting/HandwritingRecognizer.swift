// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One stroke of handwriting: the points a finger or pointer passed from touching down to
/// lifting, in order, in the writing area's points (y grows downwards).
public struct HandwritingStroke: Hashable, Sendable {
    /// The points, in the order written.
    public var points: [Point]
    /// Creates a stroke.
    public init(points: [Point]) { self.points = points }
}

/// Where a character is written: the writing area and its guide line. Recognisers of cased
/// scripts tell a small letter from its capital ("o" from "O") by where the ink sits against the
/// guide; recognisers of Chinese and Japanese scale the strokes to the area.
public struct HandwritingGuide: Hashable, Sendable {
    /// The writing area's size.
    public var size: Size
    /// The guide's baseline, from the area's top.
    public var baseline: Double
    /// How tall a capital written on the baseline is meant to be.
    public var capHeight: Double
    /// Creates a guide.
    public init(size: Size, baseline: Double, capHeight: Double) {
        self.size = size
        self.baseline = baseline
        self.capHeight = capHeight
    }
    /// The guide of a writing area: a baseline at three quarters of its height, capitals half its height tall.
    public init(size: Size) { self.init(size: size, baseline: (size.height * 0.75).rounded(), capHeight: (size.height * 0.5).rounded()) }
}

/// A character (or short text) a recogniser reads in strokes, with its score (higher is likelier;
/// scores compare only within one answer).
public struct HandwritingCandidate: Hashable, Sendable {
    /// The text recognised.
    public var text: String
    /// How likely, against the other candidates of the same answer.
    public var score: Double
    /// Creates a candidate.
    public init(text: String, score: Double) {
        self.text = text
        self.score = score
    }
}

/// Reads one character from its strokes, for one handwriting model (a language or a script).
public protocol HandwritingRecognizer: AnyObject {
    /// The model's name ("ja", "zh-Hans", "latin", "greek", "cyrillic").
    var model: String { get }
    /// The `limit` likeliest characters for the strokes, best first (none for no strokes).
    func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate]
}

/// Makes handwriting recognisers by model name, and says why one cannot be made (a missing or
/// corrupt model file), so that its language is left out with the reason.
public protocol HandwritingRecognizerProvider: AnyObject {
    /// Why the model cannot be used here, or nil when it can.
    func unavailability(of model: String) -> CaretError?
    /// A recogniser for the model.
    func makeRecognizer(for model: String) throws(CaretError) -> HandwritingRecognizer
}
