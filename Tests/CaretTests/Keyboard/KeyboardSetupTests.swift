// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

// The keyboard set up for what surrounds it, rather than typing on it (KeyboardTests.swift):
// the clients it serves (languages, line breaks, delegates, read-only text, modal dialogs), its
// size on any screen, and the layout files it loads.

/// A delegate that picks suggestions its own way.
@MainActor
final class SuggestionDelegate: TextFieldDelegate {
    var picked: [String] = []
    func textField(_ textField: TextField, insertInputSuggestion inputSuggestion: InputSuggestion) {
        picked.append(inputSuggestion.text)
        textField.text = "picked"
    }
}

@Suite(.serialized) @MainActor
struct KeyboardClientTests {
    @Test func theAppChoosesTheLanguagesOffered() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = ["de"]
        rig.host.settle()
        #expect(rig.keyboard.model.language == "de")
        #expect(rig.point(.globe) == nil)  // one language: no globe key
        rig.tapText("z")
        rig.tapText("ü")
        #expect(rig.field.text == "zü")
        rig.host.window.keyboard.languages = ["fr", "xx", "en"]  // unknown ones are skipped
        #expect(rig.keyboard.model.languages == ["fr", "en"] && rig.keyboard.model.language == "fr")
    }

    @Test func aTextViewTypesLineBreaksWithTheReturnKey() throws {
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        view.autocapitalizationType = .none
        let host = try makeKeyboardHost(view)
        view.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        for action in [KeyboardKeyAction.text("a"), .return, .text("b")] {
            let key = try #require(keyboard.keyFrames.first { $0.key.action == action })
            host.input.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil))
            host.advance(by: 0.4)
        }
        #expect(view.text == "a\nb")
    }

    @Test func aDelegateCanInsertSuggestionsItsOwnWay() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        let custom = SuggestionDelegate()
        rig.field.delegate = custom
        for key in ["t", "h", "e"] { rig.tapText(key) }
        rig.keyboard.pickSuggestion(try #require(rig.keyboard.suggestions.first))
        #expect(custom.picked == ["they "] && rig.field.text == "picked")
    }

    @Test func readOnlyTextSelectsWithoutTheKeyboard() throws {
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        view.text = "read me"
        view.isEditable = false
        let host = try makeKeyboardHost(view)
        #expect(view.becomeFirstResponder())
        host.settle()
        #expect(!host.window.keyboard.isVisible)
        _ = view.resignFirstResponder()
        view.isEditable = true
        view.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.isVisible)
    }

    @Test func theKeyboardSitsAboveModalDialogs() throws {
        let host = try makeHost(width: 800, height: 480)
        host.rootView = View()
        let dialog = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.autocapitalizationType = .none
        dialog.addSubview(field)
        host.window.overlays.presentModal(dialog)
        host.window.keyboard.policy = .always
        field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let dialogRect = dialog.convert(dialog.bounds, to: nil)
        // A letter key lying over the dialog.
        let key = try #require(
            keyboard.keyFrames.first { entry in
                guard case .text = entry.key.action else { return false }
                return dialogRect.contains(keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
            })
        let point = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)
        #expect(host.window.hitTest(point, with: nil) === keyboard)
        host.input.tap(at: point)
        #expect(field.text == key.key.label)
    }
}

@Suite(.serialized) @MainActor
struct KeyboardSizingTests {
    @Test(arguments: [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
        Size(width: 1080, height: 1920), Size(width: 480, height: 800), Size(width: 2560, height: 1440),
    ])
    func keysFitEveryScreenAndStayFingerSized(_ size: Size) throws {
        for type in KeyboardType.allCases {
            let rig = try KeyboardRig(type, size: size)
            let frame = rig.host.window.keyboard.frame
            #expect(frame.maxY == size.height && frame.width == size.width)
            #expect(frame.height <= size.height * 0.45 + 1)
            #expect(rig.keyboard.keyHeight >= 34)
            for entry in rig.keyboard.keyFrames {
                let f = rig.keyboard.convert(entry.frame, to: nil)
                #expect(f.minX >= 0 && f.maxX <= size.width && f.minY >= frame.minY && f.maxY <= size.height)
                #expect(f.width >= 20, "\(entry.key.label) too narrow at \(size)")
            }
            withExtendedLifetime(rig.host) {}
        }
    }

    @Test func aPhysicalKeySizeGivesTheSameMillimetresOnAnyPanel() throws {
        let rig = try KeyboardRig(size: Size(width: 1920, height: 1080))
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.pointsPerMillimetre = 4
        rig.host.window.keyboard.physicalKeyHeight = 10  // 10 mm keys
        rig.host.settle()
        #expect(rig.keyboard.keyHeight == 40)
        #expect(rig.keyboard.keyFrames[0].frame.height == 40)
    }
}

@Suite(.serialized) @MainActor
struct KeyboardLayoutFileTests {
    @Test func theBundledLayoutsCoverEveryTypeAndThreeLanguages() throws {
        let layouts = try KeyboardLayouts.bundled()
        #expect(Set(layouts.languages.keys).isSuperset(of: ["en", "de", "fr"]))
        #expect(layouts.types.count == KeyboardType.allCases.count)
        #expect(layouts.languages["de"]?.letters[0].contains("z") == true)  // QWERTZ
        #expect(layouts.languages["fr"]?.letters[0].first == "a")  // AZERTY
    }

    @Test func aWindowCanLoadItsKeyboardBeforeItIsNeeded() throws {
        let host = try makeHost()
        #expect(host.window.keyboard.keyboardView == nil)  // nothing loaded until asked
        try host.window.keyboard.loadLayouts()
        #expect(host.window.keyboard.keyboardView?.model.languages == ["en", "de", "fr"])
        #expect(host.window.keyboard.loadError == nil)
    }

    @Test func brokenOrMissingLayoutFilesAreClearErrors() throws {
        let folder = NSTemporaryDirectory() + "caret-kb-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let languages = folder + "/languages", types = folder + "/types"
        try FileManager.default.createDirectory(atPath: languages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: types, withIntermediateDirectories: true)
        #expect(throws: CaretError.self) { try KeyboardLayouts.load(from: folder) }  // no languages

        let bundled = try Assets.path(for: "Keyboards")
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled + "/types") {
            try FileManager.default.copyItem(atPath: bundled + "/types/" + name, toPath: types + "/" + name)
        }
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: languages + "/xx.json"))
        let broken = Result { try KeyboardLayouts.load(from: folder) }
        guard case let .failure(error) = broken, let caret = error as? CaretError else {
            Issue.record("a broken file loaded")
            return
        }
        #expect("\(caret)".contains("xx.json"))

        let english = try String(contentsOfFile: bundled + "/languages/en.json", encoding: .utf8)
        try english.replacingOccurrences(of: "{shift}", with: "{shfit}")
            .write(toFile: languages + "/xx.json", atomically: true, encoding: .utf8)
        let unknown = Result { try KeyboardLayouts.load(from: folder) }
        guard case let .failure(error2) = unknown else {
            Issue.record("an unknown action loaded")
            return
        }
        #expect("\(error2)".contains("{shfit}"))
    }

    @Test func typeFilesNamePlanesTheKeyboardKnows() throws {
        let bundled = try Assets.path(for: "Keyboards")
        let pad = try Data(contentsOf: URL(fileURLWithPath: bundled + "/types/numberPad.json"))
        let (_, layout) = try KeyboardLayouts.parseType(pad, path: "numberPad.json")
        #expect(layout.planes?[.digits] != nil)
        let text = String(decoding: pad, as: UTF8.self)
        for (broken, name) in [
            (text.replacingOccurrences(of: "\"digits\"", with: "\"digtis\""), "digtis"),
            (text.replacingOccurrences(of: "\"planes\"", with: "\"startPlane\": \"sybmols\", \"planes\""), "sybmols"),
        ] {
            let result = Result { try KeyboardLayouts.parseType(Data(broken.utf8), path: "numberPad.json") }
            guard case let .failure(error) = result else {
                Issue.record("a type file with the plane \(name) loaded")
                continue
            }
            #expect("\(error)".contains("unknown plane \"\(name)\""))
        }
    }

    @Test func aKeyboardTypeWithNoLayoutShowsNoKeyboardAndEditingGoesOn() throws {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        root.addSubview(field)
        host.window.keyboard.policy = .always
        var layouts = try KeyboardLayouts.bundled()
        layouts.types[.default] = nil
        host.window.keyboard.setLayouts(layouts)
        field.becomeFirstResponder()
        host.settle()
        #expect(field.isEditing && !host.window.keyboard.isVisible)
        host.input.type("still types")
        #expect(field.text == "still types")
    }
}
