// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretSpell
import CaretTesting
import Foundation
import Testing

/// Goldens that name what they show (issue 41 item 1): the caret after typing, the marked text's
/// underline, spelling's underlines and the caret of an Arabic field. Each golden is compared
/// with no pixel allowed to differ where its feature is, and each feature planted out (painted
/// out, dropped or moved) makes the golden fail, as a person would notice it gone.
@MainActor
struct GoldenFeatureScene {
    let host: HeadlessWindow
    /// What the golden shows, in window points.
    let showing: [Rect]
    /// Paints the feature out or moves it.
    let plant: () -> Void

    /// A single-line editor typed into: the caret after the text.
    static func caretAfterTyping() throws -> GoldenFeatureScene {
        let (host, view) = try editor("", singleLine: true)
        view.becomeFirstResponder()
        host.input.type("Caret ✓ after typing")
        let caret = view.convert(view.caretRect(at: view.selectedRange.upperBound), to: nil)
        return GoldenFeatureScene(host: host, showing: [caret.insetBy(dx: -1, dy: 0)]) { view.tintColor = .clear }
    }

    /// Marked text while composing: its underline.
    static func markedText() throws -> GoldenFeatureScene {
        let (host, view) = try editor("Déjà vu, caf", singleLine: true)
        view.becomeFirstResponder()
        host.input.compose("e\u{301}s", selectedRange: 2..<2)  // preedit "és", cursor after é (two scalars)
        let marked = try #require(view.markedTextRange).offsets
        let start = view.convert(view.caretRect(at: marked.lowerBound), to: nil)
        let end = view.convert(view.caretRect(at: marked.upperBound), to: nil)
        let underline = Rect(x: start.maxX + 1, y: start.maxY - 4, width: max(0, end.minX - start.maxX - 2), height: 6)
        return GoldenFeatureScene(host: host, showing: [underline]) { view.appearance.markedTextStyle = TextAttributes() }
    }

    /// Misspelt words in two scripts: their underlines.
    static func spellingUnderlines() throws -> GoldenFeatureScene {
        let host = try HeadlessWindow(size: Size(width: 520, height: 200), fonts: .bundled, spelling: SpellingGoldenTests.hunspell)
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
        #expect(view.editor.spelling.misspelledRanges.map { text.substring($0) } == ["qick", "jumpd", "сабаку"])
        // The strip under each misspelt word's line, where the underline is drawn.
        let underlines = view.editor.spelling.misspelledRanges.map { range in
            let rect = view.firstRect(for: TextRange(range))
            return view.convert(Rect(x: rect.minX + 2, y: rect.maxY - 4, width: rect.width - 4, height: 6), to: nil)
        }
        return GoldenFeatureScene(host: host, showing: underlines) { view.spellCheckingType = .no }
    }

    /// An Arabic word typed on the Arabic keyboard: the caret at its left end.
    static func arabicCaret() throws -> GoldenFeatureScene {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let root = whiteRoot()
        root.backgroundColor = .systemGroupedBackground
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 36))
        field.borderStyle = .roundedRect
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["ar"]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        field.insertText("سلام")
        host.settle()
        let caret = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
        return GoldenFeatureScene(host: host, showing: [caret.insetBy(dx: -1, dy: 0)]) {
            field.selectedTextRange = TextRange(0..<0)  // the caret at the word's other end
        }
    }

    private static func editor(_ text: String, singleLine: Bool) throws -> (HeadlessWindow, TextEditingView) {
        let host = try HeadlessWindow(size: Size(width: 320, height: 140), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let view = TextEditingView(frame: Rect(x: 10, y: 40, width: 300, height: singleLine ? 32 : 90), singleLine: singleLine)
        view.appearance.contentInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        view.layer.borderWidth = 1
        view.layer.borderColor = Color(white: 0.8)
        root.addSubview(view)
        view.text = text
        host.layout()
        return (host, view)
    }
}

@Suite(.serialized) @MainActor
struct GoldenFeatureTests {
    private func scene(_ name: String) throws -> GoldenFeatureScene {
        switch name {
        case "text-caret": return try GoldenFeatureScene.caretAfterTyping()
        case "text-marked": return try GoldenFeatureScene.markedText()
        case "spelling-underlines": return try GoldenFeatureScene.spellingUnderlines()
        default: return try GoldenFeatureScene.arabicCaret()
        }
    }

    @Test(arguments: ["text-caret", "text-marked", "spelling-underlines", "text-arabic-caret"])
    func theGoldenShowsItsFeature(_ name: String) throws {
        let scene = try scene(name)
        try expectGolden(scene.host, named: name, showing: scene.showing)
    }

    @Test(arguments: ["text-caret", "text-marked", "spelling-underlines", "text-arabic-caret"])
    func theGoldenNoticesItsFeatureGone(_ name: String) throws {
        let scene = try scene(name)
        scene.plant()
        scene.host.layout()
        try expectGoldenNoticesFault(scene.host, named: name, showing: scene.showing)
        // And without naming it: the plain comparison notices it too.
        try expectGoldenNoticesFault(scene.host, named: name)
    }

    /// Noise is allowed only as scattered pixels: one group of five touching pixels fails.
    @Test func aSmallGroupOfTouchingPixelsFails() throws {
        let scene = try GoldenFeatureScene.caretAfterTyping()
        var image = try scene.host.render()
        var pixels = image.pixels
        let s = Int(image.scale)
        for (dx, dy) in [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)] {
            let i = ((100 * s + dy) * image.pixelWidth + 10 * s + dx) * 4
            pixels[i] = pixels[i] > 128 ? 0 : 255
        }
        image = try Image(pixels: pixels, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, scale: image.scale)
        var strict = goldens
        strict.recordMode = false
        strict.writesArtifacts = false
        #expect(!strict.compare(image, named: "text-caret").matches)
        // Four scattered pixels are noise.
        pixels = try scene.host.render().pixels
        for k in 0..<4 {
            let i = ((100 * s) * image.pixelWidth + (10 + 10 * k) * s) * 4
            pixels[i] = pixels[i] > 128 ? 0 : 255
        }
        image = try Image(pixels: pixels, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, scale: image.scale)
        #expect(strict.compare(image, named: "text-caret").matches)
    }
}
