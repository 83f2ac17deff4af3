// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// What the on-screen keyboard looks like: each layout and plane, the preview and the alternates.
@Suite(.serialized) @MainActor
struct KeyboardGoldenTests {
    private func make(
        _ type: KeyboardType, size: Size = Size(width: 640, height: 400), configure: (TextField) -> Void = { _ in }
    ) throws -> (HeadlessWindow, TextField, KeyboardView) {
        let host = try HeadlessWindow(size: size, fonts: .bundled)
        let root = whiteRoot()
        root.backgroundColor = .systemGroupedBackground
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: size.width - 40, height: 36))
        field.borderStyle = .roundedRect
        field.keyboardType = type
        configure(field)
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.locale = Locale(identifier: "en_US")
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        return (host, field, keyboard)
    }

    private func tap(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ label: String) throws {
        let entry = try #require(keyboard.keyFrames.first { $0.key.label == label }, "no key \(label)")
        host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
        host.settle()
    }

    @Test func everyKeyboardTypeAndPlane() throws {
        for type in KeyboardType.allCases {
            let (host, _, keyboard) = try make(type)
            try expectGolden(host, named: "keyboard-\(type)")
            if !keyboard.model.isShowingPad {
                if keyboard.model.plane == .numbers {
                    try tap(host, keyboard, "ABC")  // numbersAndPunctuation starts on numbers
                    try expectGolden(host, named: "keyboard-\(type)-letters")
                }
                try tap(host, keyboard, "123")
                try expectGolden(host, named: "keyboard-\(type)-numbers")
                try tap(host, keyboard, "#+=")
                try expectGolden(host, named: "keyboard-\(type)-symbols")
            }
        }
    }

    @Test func germanAndFrenchLetters() throws {
        let (host, _, keyboard) = try make(.default)
        try tap(host, keyboard, "EN")
        try expectGolden(host, named: "keyboard-de")
        try tap(host, keyboard, "DE")
        try expectGolden(host, named: "keyboard-fr")
    }

    /// Thai and Hindi at a phone's and a tablet's width: dependent vowels and tone marks sit on
    /// dotted circles (issue 44).
    @Test func thaiAndHindiKeyboardsAtTwoSizes() throws {
        for language in ["th", "hi"] {
            for size in [Size(width: 480, height: 400), Size(width: 1024, height: 600)] {
                let (host, _, keyboard) = try make(.default, size: size)
                host.window.keyboard.languages = [language]
                host.settle()
                #expect(keyboard.model.language == language)
                try expectGolden(host, named: "keyboard-\(language)-\(Int(size.width))")
            }
        }
    }

    @Test func aDependentVowelOrToneMarkIsDrawnOnADottedCircle() {
        #expect(KeyboardKey.drawnLabel("\u{0E34}") == "\u{25CC}\u{0E34}")  // Thai sara i
        #expect(KeyboardKey.drawnLabel("\u{0E48}") == "\u{25CC}\u{0E48}")  // Thai mai ek
        #expect(KeyboardKey.drawnLabel("\u{093E}") == "\u{25CC}\u{093E}")  // Devanagari aa (a spacing mark)
        #expect(KeyboardKey.drawnLabel("\u{094D}") == "\u{25CC}\u{094D}")  // virama
        #expect(KeyboardKey.drawnLabel("\u{0E01}") == "\u{0E01}")  // a consonant stands alone
        #expect(KeyboardKey.drawnLabel("a") == "a")
    }

    @Test func previewAlternatesSuggestionsAndANextKey() throws {
        let (host, field, keyboard) = try make(.default) {
            $0.returnKeyType = .next
            $0.autocapitalizationType = .none
        }
        for letter in ["h", "e", "l"] { try tap(host, keyboard, letter) }
        #expect(field.text == "hel")
        let e = try #require(keyboard.keyFrames.first { $0.key.label == "e" })
        let point = keyboard.convert(Point(x: e.frame.midX, y: e.frame.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        try expectGolden(host, named: "keyboard-preview")
        host.advance(by: 0.6)
        try expectGolden(host, named: "keyboard-alternates")
        host.window.send(.touch(id: 1, phase: .cancelled, location: point))
    }

    @Test func focusingAFieldAtTheBottomMovesItAboveTheKeyboard() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        screen.tracer.onEvent = nil
        host.rootView = screen
        host.window.keyboard.policy = .always
        host.layout()
        let field = try #require(screen.fields["phone"])
        #expect(field.convert(field.bounds, to: nil).maxY > 240)  // where the keyboard will be
        try expectGolden(host, named: "avoidance-scroll-before")
        field.becomeFirstResponder()
        host.settle()
        try expectGolden(host, named: "avoidance-scroll-after")
    }

    @Test func aScreenWithNoScrollViewPans() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        form.showKiosk()
        host.layout()
        let kiosk = try #require(form.kiosk)
        try expectGolden(host, named: "avoidance-pan-before")
        kiosk.fields["pin"]!.becomeFirstResponder()
        host.settle()
        #expect(kiosk.frame.minY < 0)
        try expectGolden(host, named: "avoidance-pan-after")
    }
}
