// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// SPEC §14 over the demo's form and the on-screen keyboard: the tree a screen reader walks.
@Suite(.serialized) @MainActor
struct DemoAccessibilityTests {
    private func form() throws -> (HeadlessWindow, FormScreen) { try makeDemoForm(height: 1400, keyboardAlways: false) }

    private func describe(_ node: AccessibilityNode) -> String {
        "\(node.accessibilityLabel ?? "-")|\(node.accessibilityTraits.spokenNames.joined(separator: ","))\(node.accessibilityTraits.contains(.textEntry) ? "field" : "")"
    }

    @Test func theFormReadsInOrderWithRolesNamesAndValues() throws {
        let (host, screen) = try form()
        let leaves = host.window.accessibilityElementsInOrder
        let lines = leaves.map(describe)
        // The section header, then the fields in order, named by their placeholders.
        let signUp = try #require(lines.firstIndex(of: "Sign up|heading"))
        let fields = ["Name", "Email address", "Password", "Phone", "Amount ($)", "Website"].map { "\($0)|field" }
        let positions = fields.map { lines.firstIndex(of: $0) }
        #expect(positions.allSatisfy { $0 != nil }, "\(lines)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted() && found.first! > signUp, "\(lines)")
        #expect(lines.contains("Notes|field"))
        // Labels are static text named by their text; buttons are buttons named by their titles.
        #expect(leaves.contains { $0.accessibilityLabel == screen.statusLabel.text && $0.accessibilityTraits.contains(.staticText) })
        #expect(leaves.contains { $0.accessibilityTraits.contains(.button) && $0.accessibilityLabel?.isEmpty == false })
        // A field's value is its text; activating it starts editing.
        let name = try #require(screen.fields["name"])
        name.text = "Ada"
        #expect(name.accessibilityValue == "Ada")
        #expect(name.accessibilityActivate())
        #expect(name.isFirstResponder)
        // Nothing inside a field (its editor, its clear button) is walked on its own.
        #expect(!leaves.contains { $0 === name.editor })
    }

    @Test func theSecureFieldNeverExposesItsText() throws {
        let (host, screen) = try form()
        let recorder = AccessibilityRecorder(window: host.window)
        let password = try #require(screen.fields["password"])
        host.input.tap(password)
        host.settle()
        host.input.type("s3cret")
        #expect(password.text == "s3cret")
        #expect(password.accessibilityValue == "••••••")
        #expect(password.accessibilityText == "••••••")
        #expect(password.accessibilitySelectedRange == 6..<6)
        #expect(!recorder.lines.joined().contains("s3cret"), "\(recorder.lines)")
        #expect(recorder.lines.contains("text Password 0..<0 +\"••••••\""), "\(recorder.lines)")
        // Every range a screen reader may ask for, by offsets (some past the end) or by the unit
        // around an offset, reads as bullets: not one typed character comes through. The node is
        // the one the tree gives, as a screen reader reaches it.
        let node = try #require(
            host.window.accessibilityElementsInOrder.first { $0.accessibilityLabel == "Password" } as? any AccessibilityTextNode)
        let typed = Set("s3cret")
        var reads: [(String, String)] = []
        for start in 0...8 {
            for end in start...8 { reads.append(("\(start)..<\(end)", node.accessibilityText(in: start..<end))) }
            for granularity in [AccessibilityTextGranularity.character, .word, .sentence, .line, .paragraph] {
                let range = node.accessibilityTextRange(enclosing: start, granularity: granularity)
                reads.append(("\(granularity) at \(start)", node.accessibilityText(in: range)))
            }
        }
        let leaked = reads.filter { $0.1.contains { typed.contains($0) } }
        #expect(leaked.isEmpty, "typed characters read through ranges: \(leaked)")
        #expect(reads.allSatisfy { $0.1.allSatisfy { $0 == "•" } }, "\(reads.filter { !$0.1.allSatisfy { $0 == "•" } })")
        #expect(reads.contains { $0.1 == "••••••" }, "the whole text reads as six bullets")
        // Reading through the text interface gives bullets; a replacement through it still asks the delegate.
        #expect(password.accessibilityReplace(0..<6, with: "new"))
        #expect(password.text == "new")
        #expect(!recorder.lines.joined().contains("new\""), "\(recorder.lines)")
    }

    @Test func focusTextAndCaretEventsFollowTyping() throws {
        let (host, screen) = try form()
        let recorder = AccessibilityRecorder(window: host.window)
        let email = try #require(screen.fields["email"])
        host.input.tap(email)
        host.settle()
        host.input.type("a")
        host.input.type("b")
        #expect(recorder.lines.contains("focus Email address"), "\(recorder.lines)")
        #expect(recorder.lines.contains("text Email address 0..<0 +\"a\""), "\(recorder.lines)")
        #expect(recorder.lines.contains("text Email address 1..<1 +\"b\""), "\(recorder.lines)")
        #expect(recorder.lines.contains("caret Email address 2..<2"), "\(recorder.lines)")
    }

    @Test func theKeyboardIsKeysWithSpokenNames() throws {
        let (host, screen) = try form()
        let name = try #require(screen.fields["name"])
        host.input.tap(name)
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let keys = host.window.accessibilityElementsInOrder.filter { $0.accessibilityTraits.contains(.keyboardKey) }
        let labels = keys.compactMap(\.accessibilityLabel)
        #expect(keys.count == keyboard.keyFrames.filter { $0.key.action != .blank }.count)
        for spoken in ["shift", "delete", "space", "next keyboard", "numbers"] { #expect(labels.contains(spoken), "\(labels)") }
        #expect(labels.contains("Next"), "the return key says its own word: \(labels)")
        // Keys read row by row, left to right.
        let frames = keys.map(\.accessibilityFrame)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.minY < $1.minY || ($0.minY == $1.minY && $0.minX < $1.minX) })
        // The letters are in the keyboard's language; activating a key types it.
        let h = try #require(keys.first { $0.accessibilityLabel?.lowercased() == "h" })
        #expect(h.accessibilityLanguage?.hasPrefix("en") == true)
        #expect(h.accessibilityActivate())
        #expect(name.text?.lowercased() == "h")
        // Shift's value says its state.
        let shift = try #require(host.window.accessibilityElementsInOrder.first { $0.accessibilityLabel == "shift" })
        #expect(shift.accessibilityValue == nil)
    }

    @Test func announcementsAndScreenChangesAreHeard() throws {
        let (host, screen) = try form()
        let recorder = AccessibilityRecorder(window: host.window)
        Accessibility.post(notification: .announcement, argument: "Saved")
        Accessibility.post(notification: .screenChanged, argument: screen.statusLabel)
        #expect(recorder.lines == ["announcement Saved", "screenChanged \(screen.statusLabel.text!)"])
    }
}
