// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Key labels of every script look the same size (issue 44): Korean jamo and kana drawn at
/// Latin's point size came out much smaller. Measured on the rendered pixels: the size of each
/// letter key's label ink for its key's height, the median per keyboard, against English capitals
/// at the same window size (0.80 for Korean before the labels were sized per script).
@Suite(.serialized) @MainActor
struct KeyLabelSizeTests {
    /// The median size of the dark label ink on the letter keys of a language, in key heights
    /// (the geometric mean of its box's width and height: jamo are as tall as capitals but narrower).
    private func medianLabelSize(_ language: String, capitals: Bool = false, keys: Int = 20) throws -> Double {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .bundled)
        host.backend.textComposers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-compose-tests", forgettingLearning: true)
        host.rootView = whiteRoot()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 36))
        field.autocapitalizationType = capitals ? .allCharacters : .none
        host.rootView?.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = [language]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.currentLanguage == language)
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let image = try host.render()
        let scale = image.scale
        var heights: [Double] = []
        for entry in keyboard.keyFrames.prefix(while: { _ in true }) where heights.count < keys {
            guard case let .text(text) = entry.key.action, text.count == 1 else { continue }
            let frame = keyboard.convert(entry.frame, to: nil).insetBy(dx: 3, dy: 3)
            var top = Int.max, bottom = Int.min, left = Int.max, right = Int.min
            for y in Int(frame.minY * scale)..<Int(frame.maxY * scale) {
                for x in Int(frame.minX * scale)..<Int(frame.maxX * scale) {
                    let p = image.pixel(x: x, y: y)
                    if Int(p.r) + Int(p.g) + Int(p.b) < 600 {
                        top = min(top, y)
                        bottom = max(bottom, y)
                        left = min(left, x)
                        right = max(right, x)
                    }
                }
            }
            // The label's size: the geometric mean of its ink's width and height.
            // Against the key's height: the kana keyboard's five rows have shorter keys.
            if top <= bottom { heights.append((Double(bottom - top + 1) * Double(right - left + 1)).squareRoot() / (entry.frame.height * scale)) }
        }
        #expect(heights.count >= keys / 2, "\(language): \(heights)")
        return heights.sorted()[heights.count / 2]
    }

    @Test(arguments: ["ko", "hi", "ja-kana", "zh-zhuyin"])
    func lettersOfAScriptAreDrawnAsLargeAsLatinOnes(_ language: String) throws {
        // Latin's capitals: the letters a keyboard shows at a field's start, and what the other
        // scripts' letters are compared with (their keys never change case).
        let latin = try medianLabelSize("en", capitals: true)
        let own = try medianLabelSize(language)
        let ratio = own / latin
        #expect(ratio >= 0.9 && ratio <= 1.6, "\(language): \(own) key heights against English's \(latin)")
    }
}
