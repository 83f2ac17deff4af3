// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Characters drawn as strokes, several drawings each: the point-cloud recogniser's templates
/// (`Assets/Handwriting/<model>.json`, made by `Scripts/handwriting-templates.py` from the Hershey
/// fonts) or any set in that format. Coordinates put the baseline at y = 0 (y grows downwards) and
/// make a capital `capHeight` tall.
public struct HandwritingTemplates: Sendable {
    /// One drawing of a character.
    public struct Drawing: Sendable {
        /// The font or writer it came from.
        public var source: String
        /// Its strokes, in the order drawn.
        public var strokes: [[Point]]
    }

    /// The model's name ("latin", "greek", "cyrillic").
    public let model: String
    /// How tall a capital is in the drawings' units.
    public let capHeight: Double
    /// Each character with its drawings, in the file's order.
    public let characters: [(text: String, drawings: [Drawing])]

    private struct File: Decodable {
        struct Character: Decodable {
            struct Template: Decodable {
                var font: Int
                var strokes: [[Int]]
            }
            var text: String
            var templates: [Template]
        }
        var format: Int
        var model: String
        var capHeight: Double
        var fonts: [String]
        var characters: [Character]
    }

    /// Reads a template file, or says what is wrong with it.
    public init(contentsOf path: String) throws(CaretError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .assetUnreadable(path: path, reason: "cannot read it: \(error.localizedDescription)")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .assetUnreadable(path: path, reason: "not a handwriting template file (truncated or damaged?): \(error)")
        }
        guard file.format == 1 else { throw .assetUnreadable(path: path, reason: "format \(file.format) is not 1") }
        guard file.capHeight > 0 else { throw .assetUnreadable(path: path, reason: "capHeight must be positive") }
        guard !file.characters.isEmpty else { throw .assetUnreadable(path: path, reason: "it has no characters") }
        var characters: [(text: String, drawings: [Drawing])] = []
        for character in file.characters {
            guard !character.text.isEmpty, !character.templates.isEmpty else {
                throw .assetUnreadable(path: path, reason: "character \"\(character.text)\" has no templates")
            }
            var drawings: [Drawing] = []
            for template in character.templates {
                guard file.fonts.indices.contains(template.font), !template.strokes.isEmpty,
                    template.strokes.allSatisfy({ !$0.isEmpty && $0.count.isMultiple(of: 2) })
                else { throw .assetUnreadable(path: path, reason: "a template of \"\(character.text)\" is damaged") }
                let strokes = template.strokes.map { flat in
                    stride(from: 0, to: flat.count, by: 2).map { Point(x: Double(flat[$0]), y: Double(flat[$0 + 1])) }
                }
                drawings.append(Drawing(source: file.fonts[template.font], strokes: strokes))
            }
            characters.append((character.text, drawings))
        }
        model = file.model
        capHeight = file.capHeight
        self.characters = characters
    }

    /// A set of the bundled assets: `Handwriting/<name>.json` (`Handwriting/Writers/<model>.json`
    /// for the synthetic-writing tests' writers).
    public static func bundled(_ name: String) throws(CaretError) -> HandwritingTemplates {
        try HandwritingTemplates(contentsOf: try Assets.path(for: "Handwriting/\(name).json"))
    }
}
