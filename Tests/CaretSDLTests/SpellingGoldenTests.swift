// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretSpell
import CaretTesting
import Foundation
import Testing

/// Spell checking and autocorrection drawn (SPEC §13): red dotted underlines under misspelt
/// words in two scripts, and the suggestion bar with the typed word and its correction.
@Suite(.serialized) @MainActor
struct SpellingGoldenTests {
    static let hunspell = HunspellDictionaries()

    // The underlines in two scripts: GoldenFeatureTests (with the underlines planted out).

    @Test func theCorrectionBar() throws {
        let scratch = try TemporaryFolder()
        TextChecker.learnedWordsPath = scratch.item("learned.txt")
        let host = try HeadlessWindow(size: Size(width: 640, height: 420), fonts: .bundled, spelling: Self.hunspell)
        let root = whiteRoot()
        root.backgroundColor = .systemGroupedBackground
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 40))
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 20)
        field.autocapitalizationType = .none
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let keys = KeyboardDriver(host)
        #expect(keys.type(labels: "we"))
        #expect(keys.tap(.space))
        #expect(keys.type(labels: "recieve"))
        host.settle()
        #expect(field.text == "we recieve" && keys.keyboard?.correction == "receive")
        try expectGolden(host, named: "spelling-correction-bar")
    }
}
