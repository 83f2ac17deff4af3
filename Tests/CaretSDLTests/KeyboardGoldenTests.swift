import Caret
import CaretSDL
import CaretTesting
import Foundation
import Testing

/// What the on-screen keyboard looks like: each layout and plane, the preview and the alternates.
@Suite(.serialized) @MainActor
struct KeyboardGoldenTests {
    private func make(
        _ type: KeyboardType, size: Size = Size(width: 640, height: 400), configure: (TextField) -> Void = { _ in }
    ) throws -> (HeadlessWindow, TextField, KeyboardView) {
        let host = try HeadlessWindow(size: size)
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
            let result = goldens.compare(try host.render(), named: "keyboard-\(type)")
            #expect(result.matches, "\(result)")
            if !keyboard.model.isShowingPad {
                if keyboard.model.plane == "numbers" {
                    try tap(host, keyboard, "ABC")  // numbersAndPunctuation starts on numbers
                    let letters = goldens.compare(try host.render(), named: "keyboard-\(type)-letters")
                    #expect(letters.matches, "\(letters)")
                }
                try tap(host, keyboard, "123")
                let numbers = goldens.compare(try host.render(), named: "keyboard-\(type)-numbers")
                #expect(numbers.matches, "\(numbers)")
                try tap(host, keyboard, "#+=")
                let symbols = goldens.compare(try host.render(), named: "keyboard-\(type)-symbols")
                #expect(symbols.matches, "\(symbols)")
            }
        }
    }
}
