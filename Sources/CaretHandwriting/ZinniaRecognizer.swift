// SPDX-License-Identifier: Apache-2.0
import CCaretHandwriting
import Caret
import Foundation

/// Reads a Chinese or Japanese character with zinnia (Debian's libzinnia) and one of the Tegaki
/// project's models: an SVM over stroke features, so strokes are expected in their order and
/// direction. The strokes are scaled from the writing area into a 1000-point square, as Tegaki
/// writes them (zinnia divides by the square's size, so its features do not depend on it).
public final class ZinniaRecognizer: HandwritingRecognizer {
    /// The model's name ("ja", "zh-Hans").
    public let model: String
    /// The model file.
    public let path: String
    private let recognizer: OpaquePointer
    private let character: OpaquePointer
    /// The square zinnia's features are measured in (Tegaki's writings are 1000 × 1000).
    static let box = 1000.0

    /// Opens a model file (checked first: a damaged one is an error, never a crash).
    public init(model: String, path: String) throws(CaretError) {
        if let problem = Self.problem(with: path) { throw .assetUnreadable(path: path, reason: problem) }
        var reason = [CChar](repeating: 0, count: 512)
        guard caret_zinnia_open(&reason, reason.count) == 0 else {
            throw .backendUnavailable(subsystem: "zinnia", reason: reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        guard let recognizer = caret_zinnia_recognizer_new() else {
            throw .backendUnavailable(subsystem: "zinnia", reason: "cannot make a recogniser")
        }
        guard caret_zinnia_recognizer_open(recognizer, path) != 0 else {
            let why = String(cString: caret_zinnia_recognizer_strerror(recognizer))
            caret_zinnia_recognizer_destroy(recognizer)
            throw .assetUnreadable(path: path, reason: "zinnia cannot open it: \(why)")
        }
        guard let character = caret_zinnia_character_new() else {
            caret_zinnia_recognizer_destroy(recognizer)
            throw .backendUnavailable(subsystem: "zinnia", reason: "cannot make a character")
        }
        self.model = model
        self.path = path
        self.recognizer = recognizer
        self.character = character
    }

    deinit {
        caret_zinnia_character_destroy(character)
        caret_zinnia_recognizer_destroy(recognizer)
    }

    /// How many characters the model knows.
    public var characterCount: Int { caret_zinnia_recognizer_size(recognizer) }

    /// The characters the model knows (the only ones it can answer).
    public var characters: Set<String> {
        Set((0..<characterCount).compactMap { caret_zinnia_recognizer_value(recognizer, $0).map { String(cString: $0) } })
    }

    /// The `limit` likeliest characters, best first, with zinnia's scores.
    public func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate] {
        let strokes = strokes.filter { !$0.points.isEmpty }
        guard limit > 0, !strokes.isEmpty else { return [] }
        // A square cell as tall as the writing area (or the ink, if it is larger), centred on the
        // ink across and on the area up and down, uniformly scaled into the box: on a wide pad a
        // character fills the box as it filled the cell it was written in, and a small kana stays small.
        let xs = strokes.flatMap { $0.points.map(\.x) }, ys = strokes.flatMap { $0.points.map(\.y) }
        let (minX, maxX, minY, maxY) = (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
        let side = max(min(guide.size.width, guide.size.height), (maxX - minX) / 0.9, (maxY - minY) / 0.9, 1)
        let scale = Self.box / side
        let centreY = (maxY - minY) / 0.9 > guide.size.height ? (minY + maxY) / 2 : guide.size.height / 2
        let dx = side / 2 - (minX + maxX) / 2, dy = side / 2 - centreY
        caret_zinnia_character_clear(character)
        caret_zinnia_character_set_width(character, Int(Self.box))
        caret_zinnia_character_set_height(character, Int(Self.box))
        for (index, stroke) in strokes.enumerated() {
            for point in stroke.points {
                let x = min(max(((point.x + dx) * scale).rounded(), 0), Self.box)
                let y = min(max(((point.y + dy) * scale).rounded(), 0), Self.box)
                caret_zinnia_character_add(character, index, Int32(x), Int32(y))
            }
        }
        guard let result = caret_zinnia_recognizer_classify(recognizer, character, limit) else { return [] }
        defer { caret_zinnia_result_destroy(result) }
        return (0..<caret_zinnia_result_size(result)).compactMap { i in
            guard let value = caret_zinnia_result_value(result, i) else { return nil }
            return HandwritingCandidate(text: String(cString: value), score: Double(caret_zinnia_result_score(result, i)))
        }
    }

    /// Why zinnia cannot read the model at `path` (missing, unreadable, truncated, damaged), or
    /// nil when it can: its whole layout is read (`ZinniaModelFile`). Once per path.
    static func problem(with path: String) -> String? {
        ZinniaProbes.shared.problem(with: path)
    }
}

/// The models checked so far, with why not.
final class ZinniaProbes: @unchecked Sendable {
    static let shared = ZinniaProbes()
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    func problem(with path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[path] { return answer }
        let answer = Self.check(path)
        known[path] = answer
        return answer
    }

    private static func check(_ path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return "there is no such file" }
        guard FileManager.default.isReadableFile(atPath: path) else { return "it is not readable" }
        if let layout = ZinniaModelFile.problem(at: path) { return "not a whole zinnia model: \(layout)" }
        return nil
    }
}
