// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// SPEC §14's switch access over the demo's form under virtual time: the highlight's path through
/// rows and keys, and "Hi" typed with one switch.
@Suite(.serialized) @MainActor
struct DemoSwitchAccessTests {
    private func form() throws -> (HeadlessWindow, FormScreen) { try makeDemoForm(height: 900) }

    private func press(_ host: HeadlessWindow, _ code: KeyboardHIDUsage) {
        let key = Key(keyCode: code, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: [])
        host.window.send(.key(key, isDown: true, isRepeat: false))
        host.window.send(.key(key, isDown: false, isRepeat: false))
    }

    @Test func oneSwitchScansRowsThenKeysAndTypesHi() throws {
        let (host, screen) = try form()
        let name = try #require(screen.fields["name"])
        let scanner = SwitchControl(select: .key(.keyboardSpacebar), scanInterval: 1)
        host.window.switchControl = scanner
        #expect(Accessibility.isSwitchControlRunning)
        // No keyboard yet: the controls are scanned in reading order: the title bar's language
        // button, then the Name field.
        #expect(scanner.highlightedItem?.label == "Language")
        host.advance(by: 1)
        #expect(scanner.highlightedItem?.label == "Name")
        press(host, .keyboardSpacebar)
        host.settle()
        #expect(name.isFirstResponder)
        // Now the keyboard's rows come first; each stays highlighted for the interval.
        var path: [String] = []
        func waitFor(_ label: (String) -> Bool, limit: Int = 40) throws {
            for _ in 0..<limit {
                let now = scanner.highlightedItem?.label ?? ""
                if path.last != now { path.append(now) }
                if label(now) { return }
                host.advance(by: 1)
            }
            Issue.record("never highlighted; path \(path)")
            throw CancellationError()
        }
        let rows = scanner.items.prefix(4).map(\.label)
        #expect(rows.first?.hasPrefix("Q W E") == true, "\(rows)")
        try waitFor { $0.hasPrefix("A S D") }
        press(host, .keyboardSpacebar)
        try waitFor { $0 == "H" }
        #expect(path.suffix(8) == ["Q W E R T Y U I O P", "A S D F G H J K L", "A", "S", "D", "F", "G", "H"], "\(path)")
        press(host, .keyboardSpacebar)
        #expect(name.text == "H")
        // Back at the top: the first row, then i in it.
        #expect(scanner.highlightedItem?.label.hasPrefix("q w e") == true, "\(scanner.items.first?.label ?? "")")
        path.removeAll()
        press(host, .keyboardSpacebar)
        try waitFor { $0 == "i" }
        press(host, .keyboardSpacebar)
        #expect(name.text == "Hi")
        // The highlight is shown around what is highlighted.
        let highlight = host.window.topLayer.subviews.last
        let item = try #require(scanner.highlightedItem)
        #expect(highlight?.isHidden == false && highlight.map { $0.frame.union(item.frame) == $0.frame } == true)
    }

    @Test func theSwitchTypesNothingAndScanningFollowsTheKeyboard() throws {
        let (host, screen) = try form()
        let scanner = SwitchControl(select: .key(.keyboardSpacebar), scanInterval: 1)
        host.window.switchControl = scanner
        #expect(scanner.highlightedItem?.label == "Language")
        // Focus comes some other way (code, a tap): at its next step scanning starts over with the keyboard's rows.
        let email = try #require(screen.fields["email"])
        _ = email.becomeFirstResponder()
        host.settle()
        host.advance(by: 1)
        #expect(scanner.highlightedItem?.label.lowercased().hasPrefix("q w e") == true, "\(scanner.highlightedItem?.label ?? "")")
        // A switch on Space: its key's text is the switch's too, and types nothing.
        let key = Key(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: [])
        host.window.send([.key(key, isDown: true, isRepeat: false), .textInput(" ", origin: .key)])
        host.window.send(.key(key, isDown: false, isRepeat: false))
        #expect(email.text == "")
        #expect(scanner.isInGroup)
    }

    @Test func twoSwitchesMoveAndSelectWithoutATimer() throws {
        let (host, screen) = try form()
        let scanner = SwitchControl(select: .key(.keyboardReturnOrEnter), next: .key(.keyboardSpacebar))
        host.window.switchControl = scanner
        #expect(scanner.highlightedItem?.label == "Language")
        host.advance(by: 10)
        #expect(scanner.highlightedItem?.label == "Language", "no automatic scanning with two switches")
        press(host, .keyboardSpacebar)
        #expect(scanner.highlightedItem?.label == "Name")
        press(host, .keyboardSpacebar)
        #expect(scanner.highlightedItem?.label == "Email address")
        press(host, .keyboardReturnOrEnter)
        host.settle()
        #expect(screen.fields["email"]?.isFirstResponder == true)
        // A group left alone is scanned twice, then scanning goes back up.
        host.window.switchControl = SwitchControl(select: .button(.secondary), scanInterval: 0.5)
        let auto = try #require(host.window.switchControl)
        auto.loopsBeforeLeavingGroup = 1
        host.window.send(.mouseDown(button: .secondary, location: .zero, clickCount: 1, modifiers: []))
        host.window.send(.mouseUp(button: .secondary, location: .zero, modifiers: []))
        #expect(auto.isInGroup)
        host.advance(by: 0.5 * Double(auto.items.count) + 0.1)
        #expect(!auto.isInGroup)
        host.window.switchControl = nil
        #expect(!Accessibility.isSwitchControlRunning)
    }
}
