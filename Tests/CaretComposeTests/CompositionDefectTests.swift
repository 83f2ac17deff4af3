// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
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

/// Issue 41, defect 4: the space-bar trackpad moved the caret out of an open composition without
/// committing it, and the next key composed at the old place.
@Suite(.serialized) @MainActor
struct TrackpadCompositionTests {
    @Test func theTrackpadCommitsTheCompositionAndTheNextKeyComposesWhereTheCaretWent() throws {
        let rig = try ComposeRig(languages: ["ja"]) { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.field.text = "xy"
        rig.host.settle()
        for key in ["k", "a"] { #expect(rig.keys.tap(label: key)) }
        #expect(rig.marked == "か" && rig.field.text == "xyか")
        // Hold the space bar and slide left by two steps.
        let keyboard = try #require(rig.host.window.keyboard.keyboardView)
        let space = try #require(keyboard.keyFrames.first { $0.key.action == .space })
        var point = keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .began, location: point))
        rig.host.advance(by: KeyboardView.longPressDelay + 0.05)
        for _ in 0..<8 {
            point.x -= (KeyboardView.trackpadStep.across * 2 + 2) / 8
            rig.host.advance(by: 0.016)
            rig.host.window.send(.touch(id: 1, phase: .moved, location: point))
        }
        rig.host.window.send(.touch(id: 1, phase: .ended, location: point))
        rig.host.settle()
        #expect(rig.marked == nil, "the composition was committed before the caret moved")
        #expect(rig.field.text == "xyか")
        let caret = rig.field.offset(from: rig.field.beginningOfDocument, to: try #require(rig.field.selectedTextRange).start)
        #expect(caret == 1)
        for key in ["k", "a"] { #expect(rig.keys.tap(label: key)) }
        #expect(rig.field.text == "xかyか")
        #expect(rig.marked == "か")
        let marked = try #require(rig.field.markedTextRange)
        #expect(rig.field.offset(from: rig.field.beginningOfDocument, to: marked.start) == 1)
    }
}

/// Issue 41, defect 9 (first half): a field turned secure while composing stayed composing.
@Suite(.serialized) @MainActor
struct SecureCompositionTests {
    @Test func turningAFieldSecureCommitsItsComposition() throws {
        let rig = try ComposeRig(languages: ["ja"]) { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        for key in ["k", "a"] { #expect(rig.keys.tap(label: key)) }
        #expect(rig.marked == "か")
        rig.field.isSecureTextEntry = true
        rig.host.settle()
        #expect(rig.marked == nil)
        #expect(rig.field.text == "か")
        #expect(rig.controller.compositionState == .empty)
        // A secret is typed as its keys, never composed.
        #expect(rig.keys.tap(label: "k"))
        #expect(rig.field.text == "かk" && rig.marked == nil)
    }
}
