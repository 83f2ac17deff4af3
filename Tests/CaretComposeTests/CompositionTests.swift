// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Records what a field's delegate is asked.
@MainActor
final class ChangeLog: TextFieldDelegate {
    var changes: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        changes.append("\(range.location)+\(range.length) \(string)")
        return true
    }
}

/// A window with a field, the keyboard always up, and the real composition engines (their
/// learning in a temporary state directory).
@MainActor
struct ComposeRig {
    static let state = NSTemporaryDirectory() + "caret-compose-tests"
    /// Nothing learned by an earlier run changes the candidates' order (librime's build is kept).
    static let composers = SystemTextComposers(stateDirectory: state, forgettingLearning: true)
    let host: HeadlessWindow
    let field: TextField
    let log = ChangeLog()
    var keys: KeyboardDriver { KeyboardDriver(host) }
    var controller: KeyboardController { host.window.keyboard }

    init(languages: [String], secure: Bool = false, configure: (TextField) -> Void = { _ in }) throws {
        host = try HeadlessWindow(size: Size(width: 800, height: 520), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = Self.composers
        let root = View()
        host.rootView = root
        field = TextField(frame: Rect(x: 10, y: 10, width: 400, height: 40))
        field.isSecureTextEntry = secure
        field.delegate = log
        configure(field)
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = languages
        host.layout()
        field.becomeFirstResponder()
        host.settle()
    }

    /// Ctrl+Z on a hardware keyboard.
    func undo() { host.input.key(KeyboardHIDUsage(rawValue: 0x1D), characters: "z", modifiers: .control) }

    /// The field's marked text, if any.
    var marked: String? {
        guard let range = field.markedTextRange else { return nil }
        return field.text(in: range)
    }
}

@Suite(.serialized) @MainActor
struct KoreanCompositionTests {
    @Test func jamoComposeIntoSyllablesAsTyped() throws {
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.controller.problems.isEmpty)
        let steps: [(String, String, String?)] = [
            ("ㅎ", "", "ㅎ"), ("ㅏ", "", "하"), ("ㄴ", "", "한"), ("ㄱ", "한", "ㄱ"), ("ㅜ", "한", "구"), ("ㄱ", "한", "국"),
            ("ㅇ", "한국", "ㅇ"), ("ㅓ", "한국", "어"),
        ]
        for (key, committed, preedit) in steps {
            #expect(rig.keys.tap(label: key), "no key \(key)")
            #expect(rig.field.text == committed + (preedit ?? ""))
            #expect(rig.marked == preedit, "after \(key)")
            // The marked range is the preedit, right after the committed text.
            let range = try #require(rig.field.markedTextRange)
            #expect(rig.field.offset(from: rig.field.beginningOfDocument, to: range.start) == committed.utf16.count)
        }
        // The delegate saw only the two commits, each one change.
        #expect(rig.log.changes == ["0+1 한", "1+1 국"])
        rig.keys.tap(.space)
        #expect(rig.field.text == "한국어 " && rig.marked == nil)
        #expect(rig.log.changes.suffix(2) == ["2+1 어", "3+0  "])
    }

    @Test func backspaceRemovesTheLastJamoAtEveryStep() throws {
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "ㅎㅏㄴ")
        #expect(rig.marked == "한")
        rig.keys.tap(.backspace)
        #expect(rig.marked == "하")
        rig.keys.tap(.backspace)
        #expect(rig.marked == "ㅎ")
        rig.keys.tap(.backspace)
        #expect(rig.marked == nil && rig.field.text == "")
        rig.keys.type(labels: "ㄱㅏ")
        rig.keys.type(labels: "ㄱㅏ")
        #expect(rig.field.text == "가가" && rig.marked == "가")
        rig.keys.tap(.backspace)  // ㅏ of the second syllable
        #expect(rig.field.text == "가ㄱ" && rig.marked == "ㄱ")
        rig.keys.tap(.backspace)
        rig.keys.tap(.backspace)  // nothing composed: deletes the committed syllable
        #expect(rig.field.text == "" && rig.marked == nil)
        #expect(rig.log.changes == ["0+1 가", "0+1 "])
    }

    @Test func backspaceAfterEachJamoOfHangugeoRemovesThatJamo() throws {
        let jamo = Array("ㅎㅏㄴㄱㅜㄱㅇㅓ").map(String.init)
        let afterBackspace = ["", "ㅎ", "하", "한", "한ㄱ", "한구", "한국", "한국ㅇ"]
        for (count, expected) in zip(1...jamo.count, afterBackspace) {
            let rig = try ComposeRig(languages: ["ko"])
            defer { withExtendedLifetime(rig.host) {} }
            #expect(rig.keys.type(labels: jamo.prefix(count).joined()))
            rig.keys.tap(.backspace)
            #expect(rig.field.text == expected, "after \(count) jamo")
            // What remains composing is the last syllable still open, or nothing.
            #expect((rig.marked ?? "") == rig.controller.compositionState.preedit)
        }
    }

    @Test func shiftTypesDoubleConsonants() throws {
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.tap(.shift)
        #expect(rig.keys.tap(label: "ㄲ"))
        rig.keys.tap(label: "ㅗ")
        #expect(rig.marked == "꼬")
    }

    @Test func undoRemovesACommittedSyllableInOneStep() throws {
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "ㅎㅏㄴㄱㅡㄹ")
        rig.keys.tap(.space)
        #expect(rig.field.text == "한글 ")
        rig.undo()
        #expect(rig.field.text == "한글")
        rig.undo()
        #expect(rig.field.text == "한")
    }

    @Test func aTapElsewhereOrAFocusChangeCommitsThePreeditOnce() throws {
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        let other = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        rig.host.rootView?.addSubview(other)
        rig.keys.type(labels: "ㅎㅏ")
        other.becomeFirstResponder()
        rig.host.settle()
        #expect(rig.field.text == "하" && rig.marked == nil)
        #expect(rig.host.window.keyboard.compositionState == .empty)
        rig.keys.tap(label: "ㄴ")  // a new composition in the other field, nothing carried over
        #expect(other.text == "ㄴ" && rig.field.text == "하")
    }

    @Test func textFromElsewhereDuringACompositionGoesAfterThePreedit() throws {
        // Found by the world soak: a hardware key's text replaced the on-screen preedit, which the
        // engine still held.
        let rig = try ComposeRig(languages: ["ko"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.tap(label: "ㅌ")
        rig.host.input.type("日本語")
        #expect(rig.field.text == "ㅌ日本語" && rig.marked == nil)
        #expect(rig.controller.compositionState == .empty)
        // A system input method's preedit meets the same: the on-screen one is committed first.
        rig.keys.type(labels: "ㅎㅏ")
        rig.host.input.compose("に")
        #expect(rig.field.text == "ㅌ日本語하に" && rig.marked == "に")
        #expect(rig.controller.compositionState == .empty)
    }

    @Test func escapeOrUndoDuringACompositionEmptiesTheEngine() throws {
        // Found by the world soak (seed 261120206): Escape dropped the marked text and the engine
        // went on composing it.
        let rig = try ComposeRig(languages: ["ja"])
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.tap(label: "r")
        #expect(rig.marked == "r")
        rig.host.input.key(.keyboardEscape)
        #expect(rig.marked == nil && rig.field.text == "")
        #expect(rig.controller.compositionState == .empty)
        rig.keys.type(labels: "ka")
        #expect(rig.marked == "か")  // a new composition, nothing of the old one
        rig.undo()
        #expect(rig.controller.compositionState.preedit == (rig.marked ?? ""))
    }

    @Test func secureFieldsNeverCompose() throws {
        let rig = try ComposeRig(languages: ["ko"], secure: true)
        defer { withExtendedLifetime(rig.host) {} }
        rig.keys.type(labels: "ㅎㅏㄴ")
        #expect(rig.field.text == "ㅎㅏㄴ" && rig.field.markedTextRange == nil)
    }
}
