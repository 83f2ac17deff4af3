// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The bar of a transliteration with the real text stack (ICU's word boundaries).
@Suite(.serialized) @MainActor
struct TransliterationBarTests {
    /// A word of another script just before (中国, no space) is no part of the word being
    /// written by Telex: the bar still offers its completions (found in the demo's real window,
    /// whose bar stayed empty after 中国 for tiếng).
    @Test func aWordOfAnotherScriptBeforeIsNoPartOfTheWord() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .bundled)
        host.backend.textComposers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-compose-tests", forgettingLearning: true)
        host.rootView = whiteRoot()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 36))
        field.autocapitalizationType = .none
        field.text = "中国"
        host.rootView?.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["vi-telex"]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let keys = KeyboardDriver(host)
        #expect(keys.type(labels: "vie"))
        let shown = try #require(keys.keyboard?.candidates)
        #expect(shown.first == "vie" && shown.contains("việt"), "\(shown)")
        #expect(keys.tapCandidate("việt"))
        #expect(field.text == "中国việt ")
    }
}
