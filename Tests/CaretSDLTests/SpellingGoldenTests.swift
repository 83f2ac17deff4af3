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

    @Test func underlinesInTwoScripts() throws {
        let host = try HeadlessWindow(size: Size(width: 520, height: 200), fonts: .bundled, spelling: Self.hunspell)
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 500, height: 180))
        view.font = .systemFont(ofSize: 20)
        var text = TextDocument("The qick brown fox jumpd over the lazy dog.\nБыстрая коричневая лиса прыгает через ленивую сабаку.")
        text.setAttributes(TextAttributes(languageIdentifier: "ru"), range: 44..<text.utf16Count)
        view.attributedText = text
        view.accessibilityLanguage = "en_US"
        root.addSubview(view)
        host.layout()
        _ = try host.render()  // the layout phase checks what shows
        #expect(view.editor.misspelledRanges.map { text.substring($0) } == ["qick", "jumpd", "сабаку"])
        try expectGolden(host, named: "spelling-underlines")
    }

    @Test func theCorrectionBar() throws {
        TextChecker.learnedWordsPath = NSTemporaryDirectory() + "caret-spelling-golden-\(getpid())/learned.txt"
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
