// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretKioskKit
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Right-to-left interfaces and mixed-direction text drawn (SPEC §9, issue 15).
@Suite(.serialized) @MainActor
struct BidiGoldenTests {
    @Test func aMirroredFieldWithAClearButtonAndSideViews() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 170), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        root.semanticContentAttribute = .forceRightToLeft
        host.rootView = root
        let name = TextField(frame: Rect(x: 10, y: 10, width: 340, height: 40))
        name.borderStyle = .roundedRect
        name.clearButtonMode = .always
        name.text = "أحمد علي"
        let unit = Label(text: "kg", font: .systemFont(ofSize: 15))
        unit.textColor = .secondaryLabel
        name.rightView = unit
        name.rightViewMode = .always
        let empty = TextField(frame: Rect(x: 10, y: 60, width: 340, height: 40))
        empty.borderStyle = .roundedRect
        empty.placeholder = "البريد الإلكتروني"
        let mixed = TextField(frame: Rect(x: 10, y: 110, width: 340, height: 40))
        mixed.borderStyle = .roundedRect
        mixed.text = "Order 123 لـ أحمد"
        for field in [name, empty, mixed] { root.addSubview(field) }
        host.layout()
        // Mirrored: the clear button and the right view are on the left, the text flush right.
        #expect(name.clearButtonRect.minX < 60)
        #expect(unit.frame.minX < name.clearButtonRect.minX)
        #expect(try #require(name.subviews.first { $0 is TextEditingView }).frame.maxX > 300)
        empty.becomeFirstResponder()
        host.settle()
        #expect(empty.caretRect(for: empty.beginningOfDocument).minX > 300)  // an empty mirrored field's caret: right
        try expectGolden(host, named: "bidi-mirrored-fields")
    }

    @Test func aRightToLeftTextViewWithAnEnglishWordAndASelectionAcrossTheBoundary() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 150), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 130))
        view.font = .systemFont(ofSize: 18)
        view.text = "مرحبا بكم في Caret، محرر النصوص\nשלום email@example.com עולם"
        root.addSubview(view)
        host.layout()
        view.becomeFirstResponder()
        let text = view.text as NSString
        let caret = text.range(of: "Caret")
        view.selectedRange = NSRange(location: caret.location - 3, length: 6)  // "في Car": across the boundary
        host.settle()
        let rects = view.selectionRects(for: try #require(view.selectedTextRange))
        #expect(rects.count == 2)
        try expectGolden(host, named: "bidi-text-view")
    }
}

/// The Arabic, Hebrew and Persian keyboards (issue 15, item 4).
@Suite(.serialized) @MainActor
struct RightToLeftKeyboardTests {
    private func make(_ languages: [String]) throws -> (HeadlessWindow, TextField, KeyboardView) {
        try keyboardWindow(languages: languages, size: Size(width: 640, height: 400)) { root, field in
            root.backgroundColor = .systemGroupedBackground
            field.borderStyle = .roundedRect
        }
    }

    private func tap(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ label: String) throws {
        let entry = try #require(keyboard.keyFrames.first { $0.key.label == label }, "no key \(label) in \(keyboard.keyFrames.map(\.key.label))")
        host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
        host.layout()  // a new plane or language lays its keys out
    }

    @Test func theGlobeKeyReachesArabicAndHebrewWhichTypeRightToLeft() throws {
        let (host, field, keyboard) = try make(["en", "ar", "he"])
        #expect(host.window.keyboard.currentLanguage == "en")
        try tap(host, keyboard, "EN")  // the globe key shows the current language
        #expect(host.window.keyboard.currentLanguage == "ar")
        #expect(host.window.keyboard.isRightToLeftLanguage)
        // An empty field being typed in Arabic keeps its caret at the right.
        #expect(field.caretRect(for: field.beginningOfDocument).minX > 500)
        for letter in ["س", "ل", "ا", "م"] { try tap(host, keyboard, letter) }
        #expect(field.text == "سلام")
        #expect(keyboard.suggestions.first == "سلامة")  // completed from the Arabic word list
        try expectGolden(host, named: "keyboard-ar")
        try tap(host, keyboard, "123")
        try expectGolden(host, named: "keyboard-ar-numbers")
        try tap(host, keyboard, "١")
        #expect(field.text == "سلام١")
        try tap(host, keyboard, "أبج")
        // Backspace deletes in logical order: the last letter typed.
        let backspace = try #require(keyboard.keyFrames.first { $0.key.action == .backspace })
        host.input.tap(at: keyboard.convert(Point(x: backspace.frame.midX, y: backspace.frame.midY), to: nil))
        #expect(field.text == "سلام")
        try tap(host, keyboard, "AR")
        #expect(host.window.keyboard.currentLanguage == "he")
        try tap(host, keyboard, "ש")
        #expect(field.text == "سلامש")
        try expectGolden(host, named: "keyboard-he")
        try tap(host, keyboard, "HE")
        #expect(!host.window.keyboard.isRightToLeftLanguage)
    }

    @Test func persianHasItsOwnLettersAndDigits() throws {
        let (host, field, keyboard) = try make(["fa", "en"])
        #expect(host.window.keyboard.isRightToLeftLanguage)
        for letter in ["پ", "ژ"] { try tap(host, keyboard, letter) }
        try tap(host, keyboard, "123")
        try tap(host, keyboard, "۲")
        #expect(field.text == "پژ۲")
    }

    @Test func anASCIIOnlyFieldShowsLatinLettersUnderAnArabicKeyboard() throws {
        let (host, field, keyboard) = try make(["ar", "en"])
        #expect(keyboard.keyFrames.contains { $0.key.label == "ض" })
        field.resignFirstResponder()
        let password = TextField(frame: Rect(x: 20, y: 70, width: 600, height: 36))
        password.keyboardType = .asciiCapable
        password.isSecureTextEntry = true
        host.rootView?.addSubview(password)
        host.layout()
        password.becomeFirstResponder()
        host.settle()
        let labels = try #require(host.window.keyboard.keyboardView).keyFrames.map(\.key.label)
        #expect(labels.contains("q") || labels.contains("Q"))
        #expect(!labels.contains("ض"))
        #expect(!host.window.keyboard.isRightToLeftLanguage)
    }
}

/// The high-contrast theme of fields and the keyboard (SPEC §10, issue 16 item 3).
@Suite(.serialized) @MainActor
struct HighContrastGoldenTests {
    @Test func aHighContrastFieldAndKeyboardWithLargerLabels() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let root = whiteRoot()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 600, height: 44))
        field.borderStyle = .roundedRect
        field.placeholder = "Booking code"
        field.clearButtonMode = .always
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.prefersHighContrast = true
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        try expectGolden(host, named: "high-contrast")
    }
}

/// The kiosk example's form on a landscape panel turned for portrait use (issue 16, item 2):
/// what the panel shows at 90° and 270°.
@Suite(.serialized) @MainActor
struct KioskRotationGoldenTests {
    @Test(arguments: [DisplayRotation.rotate90, .rotate270])
    func theKioskFormOnATurnedPanel(_ rotation: DisplayRotation) throws {
        let panel = Size(width: 640, height: 400)
        let host = try HeadlessWindow(
            size: rotation.logicalSize(forPhysical: panel),
            fonts: .canvas { _, scale throws(CaretError) in
                let canvas = try SDLHeadlessCanvas(size: panel, scale: scale)
                canvas.offscreen.renderer.rotation = rotation
                return canvas
            })
        let flow = CheckInFlow(window: host.window)
        host.window.keyboard.locale = Locale(identifier: "en_US")
        host.layout()
        flow.start.startButton.sendActions(for: .primaryActionTriggered)
        host.settle()
        host.input.type("AB12")
        let image = try host.render()
        #expect(Double(image.pixelWidth) == panel.width && Double(image.pixelHeight) == panel.height)
        try expectGolden(host, named: "kiosk-form-\(rotation.rawValue)")
    }
}
