// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretHandwriting
import CaretTesting
import Foundation

/// Strokes for characters written on the demo's writing pad, in window points, so that a script
/// can write them with the mouse in a real window (`Scripts/e2e-handwriting.sh`):
/// `caret-demo --handwriting-strokes hw-latin:Kar,ja-handwriting:日本 --strokes-file F`. Latin
/// comes from the held-out writers of `Assets/Handwriting/Writers` (fonts the recogniser has no
/// template of), Chinese and Japanese from a KanjiVG file; each is written by the seeded
/// synthetic writer with a neat hand (a little slant and wobble, strokes in order). Prints one
/// line per stroke: mode, character, then x,y pairs.
@MainActor
enum HandwritingStrokes {
    static func run(spec: String, size: Size, strokesFile: String?) throws {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        host.backend.handwritingRecognizers = SystemHandwritingRecognizers()
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        root.addSubview(field)
        let keyboard = host.window.keyboard
        keyboard.policy = .always
        let parts = spec.split(separator: ",").map { $0.split(separator: ":", maxSplits: 1).map(String.init) }
        keyboard.languages = parts.map { $0[0] }
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let cjk = try strokesFile.map { try CJKStrokes(contentsOf: $0) }
        let neat = SyntheticHandwriting.Style(
            slant: 0.06, rotation: 2, stretch: 0.04, size: 0.95...1.0, baselineShift: 0.02, jitter: 0.5, wobble: 1, orderSwap: 0, reversal: 0)
        var writer = SyntheticHandwriting(seed: 46_300_001, style: neat)
        for part in parts where part.count == 2 {
            let (mode, characters) = (part[0], part[1])
            keyboard.showLanguage(mode)
            host.settle()
            guard keyboard.currentLanguage == mode, let pad = keyboard.keyboardView?.handwritingPad else {
                throw CaretError.backendUnavailable(subsystem: "handwriting", reason: "no writing pad for \(mode): \(keyboard.problems)")
            }
            let area = pad.convert(pad.writingArea, to: nil)
            let guide = HandwritingGuide(size: area.size)
            let latin: HandwritingTemplates? =
                ["latin", "greek", "cyrillic"].contains(pad.model)
                ? try HandwritingTemplates(contentsOf: Assets.path(for: "Handwriting/Writers/\(pad.model).json")) : nil
            for character in characters.map(String.init) {
                let drawing: (strokes: [[Point]], capHeight: Double)
                if let latin {
                    guard let found = latin.characters.first(where: { $0.text == character })?.drawings.first else {
                        throw CaretError.invalidOption("no held-out writing of \(character) for \(pad.model)")
                    }
                    drawing = (found.strokes, latin.capHeight)
                } else {
                    guard let cjk, let strokes = cjk.strokes(of: character) else {
                        throw CaretError.invalidOption("no strokes of \(character) (--strokes-file)")
                    }
                    drawing = (strokes, cjk.square)
                }
                for stroke in writer.write(drawing.strokes, capHeight: drawing.capHeight, on: guide) {
                    let points = stroke.points.map { "\(Int((area.minX + $0.x).rounded())),\(Int((area.minY + $0.y).rounded()))" }
                    print("\(mode)\t\(character)\t\(points.joined(separator: " "))")
                }
            }
        }
    }

    /// A KanjiVG file made by `Scripts/handwriting-cjk-fixture.py`: strokes in a square, the
    /// character's bottom at the square's.
    struct CJKStrokes {
        let square: Double
        let characters: [String: [[Int]]]

        init(contentsOf path: String) throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let square = object["square"] as? Double,
                let characters = object["characters"] as? [String: [[Int]]]
            else { throw CaretError.assetUnreadable(path: path, reason: "not a stroke file (square, characters)") }
            self.square = square
            self.characters = characters
        }

        /// The strokes with the baseline at the square's bottom and the middle across at x = 0.
        func strokes(of character: String) -> [[Point]]? {
            characters[character]?.map { flat in
                stride(from: 0, to: flat.count - 1, by: 2).map { Point(x: Double(flat[$0]) - square / 2, y: Double(flat[$0 + 1]) - square) }
            }
        }
    }
}
