import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Issue 41, defect 2: an ASCII-capable field (the kiosk's booking code: `.asciiCapable`, all
/// capitals) typed into while the Japanese or Chinese keyboard is shown got kana and hanzi, and
/// lost its capitals. It gets the plain letters of its keys, in capitals, and nothing composes;
/// the next ordinary field composes again.
@Suite(.serialized) @MainActor
struct AsciiCapableCompositionTests {
    @Test(arguments: ["ja", "zh-pinyin"])
    func aBookingCodeTypedFromAComposingKeyboardGetsPlainCapitals(_ language: String) throws {
        let rig = try ComposeRig(languages: [language, "en"]) { field in
            field.keyboardType = .asciiCapable
            field.autocapitalizationType = .allCharacters
        }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.controller.currentLanguage == language)
        for key in ["S", "H", "A", "1"] where key != "1" {
            #expect(rig.keys.tap(label: key), "no key \(key) in \(rig.host.window.keyboard.keyboardView?.keyFrames.map(\.key.label) ?? [])")
        }
        #expect(rig.field.text == "SHA")
        #expect(rig.marked == nil)
        #expect(rig.controller.compositionState == .empty)
        #expect(rig.log.changes == ["0+0 S", "1+0 H", "2+0 A"])
    }

    @Test func anOrdinaryFieldAfterItComposesAgain() throws {
        let rig = try ComposeRig(languages: ["ja"]) { field in
            field.keyboardType = .asciiCapable
            field.autocapitalizationType = .none
        }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.keys.tap(label: "k"))
        #expect(rig.field.text == "k" && rig.marked == nil)
        rig.field.keyboardType = .default
        rig.field.reloadInputViews()
        rig.host.settle()
        for key in ["k", "a"] { #expect(rig.keys.tap(label: key)) }
        #expect(rig.marked == "か")
    }
}
