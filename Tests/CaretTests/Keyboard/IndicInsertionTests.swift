// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Issue 41, defect 3: Hindi typed before an existing consonant was scrambled ("हिन्नदीमस्ते" for
/// "हिन्दीनमस्ते"): after the virama the caret jumped past the consonant it fused with. Typed on the
/// Hindi keyboard, key by key, before a word, the word comes out as typed.
@Suite(.serialized) @MainActor
struct IndicInsertionTests {
    private func rig(_ text: String) throws -> KeyboardRig {
        let rig = try KeyboardRig(size: Size(width: 800, height: 480)) { field in
            field.autocapitalizationType = .none
            field.autocorrectionType = .no
        }
        rig.host.window.keyboard.languages = ["hi"]
        rig.host.settle()
        rig.field.text = text
        rig.field.selectedTextRange = TextRange(0..<0)
        return rig
    }

    @Test func hindiTypedBeforeAConsonantKeepsItsOrder() throws {
        let rig = try rig("नमस्ते")
        defer { withExtendedLifetime(rig.host) {} }
        let keys = KeyboardDriver(rig.host)
        for key in ["ह", "ि", "न", "्", "द", "ी"] {
            #expect(keys.tap(label: key), "no key \(key)")
        }
        #expect(rig.field.text == "हिन्दीनमस्ते")
        #expect(rig.field.offset(from: rig.field.beginningOfDocument, to: try #require(rig.field.selectedTextRange).start) == "हिन्दी".utf16.count)
        #expect(rig.field.editor.model.invariantViolations().isEmpty)
    }

    @Test func theCaretStaysAfterAViramaBeforeAConsonantAndDeletesIt() throws {
        let rig = try rig("न")
        defer { withExtendedLifetime(rig.host) {} }
        let keys = KeyboardDriver(rig.host)
        for key in ["स", "्"] { #expect(keys.tap(label: key)) }
        #expect(rig.field.text == "स्न")
        #expect(rig.field.offset(from: rig.field.beginningOfDocument, to: try #require(rig.field.selectedTextRange).start) == 2)
        #expect(keys.tap(.backspace))
        #expect(rig.field.text == "सन")
        #expect(rig.field.offset(from: rig.field.beginningOfDocument, to: try #require(rig.field.selectedTextRange).start) == 1)
    }
}
