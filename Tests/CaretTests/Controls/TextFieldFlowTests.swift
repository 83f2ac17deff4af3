// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Records every delegate call and text-field notification, in order, into one log.
@MainActor
final class RecordingDelegate: TextFieldDelegate {
    var log: [String] = []
    var allowBegin = true
    var allowEnd = true
    var allowChange = true
    var allowClear = true
    var allowReturn = true
    private var observers: [NSObjectProtocol] = []

    private func name(_ field: TextField) -> String { field.accessibilityIdentifier ?? "?" }

    func observe(_ fields: [TextField]) {
        let center = NotificationCenter.default
        let names = Dictionary(uniqueKeysWithValues: fields.map { (ObjectIdentifier($0), name($0)) })
        for (notification, label) in [
            (TextField.textDidBeginEditingNotification, "notify begin"),
            (TextField.textDidChangeNotification, "notify change"),
            (TextField.textDidEndEditingNotification, "notify end"),
        ] {
            observers.append(
                center.addObserver(forName: notification, object: nil, queue: nil) { [weak self] note in
                    // Only Sendable facts cross into the main actor: which field, and the reason.
                    guard let object = note.object, let fieldName = names[ObjectIdentifier(object as AnyObject)] else { return }
                    let reason = (note.userInfo?[TextField.didEndEditingReasonUserInfoKey] as? Int).flatMap(
                        TextField.DidEndEditingReason.init(rawValue:))
                    MainActor.assumeIsolated {
                        self?.log.append("\(label) \(fieldName)" + (reason.map { " \($0)" } ?? ""))
                    }
                })
        }
    }

    func stopObserving() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
    }

    func textFieldShouldBeginEditing(_ f: TextField) -> Bool { log.append("shouldBegin \(name(f))"); return allowBegin }
    func textFieldDidBeginEditing(_ f: TextField) {
        log.append("didBegin \(name(f)) editing=\(f.isEditing) first=\(f.isFirstResponder)")
    }
    func textFieldShouldEndEditing(_ f: TextField) -> Bool { log.append("shouldEnd \(name(f))"); return allowEnd }
    func textFieldDidEndEditing(_ f: TextField, reason: TextField.DidEndEditingReason) {
        log.append("didEnd \(name(f)) \(reason) editing=\(f.isEditing)")
    }
    func textField(_ f: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("shouldChange \(name(f)) \(range.location)+\(range.length) \(string.debugDescription)")
        return allowChange
    }
    func textFieldShouldClear(_ f: TextField) -> Bool { log.append("shouldClear \(name(f))"); return allowClear }
    func textFieldShouldReturn(_ f: TextField) -> Bool { log.append("shouldReturn \(name(f))"); return allowReturn }
    func textFieldDidChangeSelection(_ f: TextField) { log.append("selection \(name(f)) \(f.selectedRange.location)") }
}

/// Implements only the old `textFieldDidEndEditing(_:)`: it must still hear the end.
@MainActor
final class OldStyleDelegate: TextFieldDelegate {
    var ended = 0
    func textFieldDidEndEditing(_ textField: TextField) { ended += 1 }
}

@Suite(.serialized) @MainActor
struct TextFieldFlowTests {
    private func make(_ count: Int = 2) throws -> (HeadlessWindow, [TextField], RecordingDelegate) {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let delegate = RecordingDelegate()
        var fields: [TextField] = []
        for i in 0..<count {
            let field = TextField(frame: Rect(x: 10, y: 10 + Double(i) * 50, width: 300, height: 40))
            field.accessibilityIdentifier = ["A", "B", "C"][i]
            field.borderStyle = .roundedRect
            field.delegate = delegate
            root.addSubview(field)
            fields.append(field)
        }
        host.layout()
        delegate.observe(fields)
        return (host, fields, delegate)
    }

    @Test func focusWithTheKeyboardHidden() throws {  // SPEC §1a
        let (host, f, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }  // the host owns the window
        #expect(f[0].becomeFirstResponder())
        #expect(d.log == ["shouldBegin A", "didBegin A editing=true first=true", "notify begin A"])
    }

    @Test func aRefusedBeginChangesNothing() throws {
        let (host, f, d) = try make()
        defer { d.stopObserving() }
        d.allowBegin = false
        #expect(!f[0].becomeFirstResponder())
        host.input.tap(f[0])
        #expect(d.log == ["shouldBegin A", "shouldBegin A"] && !f[0].isEditing && host.window.firstResponder == nil)
    }

    @Test func clearsOnBeginEditingAsksShouldClear() throws {
        let (host, f, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }  // the host owns the window
        f[0].text = "old"
        f[0].clearsOnBeginEditing = true
        d.allowClear = false
        f[0].becomeFirstResponder()
        #expect(f[0].text == "old")
        #expect(d.log == ["shouldBegin A", "shouldClear A", "didBegin A editing=true first=true", "notify begin A"])
        f[0].resignFirstResponder()
        d.log.removeAll()
        d.allowClear = true
        f[0].becomeFirstResponder()
        #expect(
            f[0].text == ""
                && d.log == ["shouldBegin A", "shouldClear A", "didBegin A editing=true first=true", "notify begin A"])
    }

    @Test func losingFocusAndARefusedEnd() throws {  // SPEC §1b
        let (host, f, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }  // the host owns the window
        f[0].becomeFirstResponder()
        d.log.removeAll()
        d.allowEnd = false
        #expect(!f[0].resignFirstResponder() && f[0].isFirstResponder)
        d.allowEnd = true
        #expect(f[0].resignFirstResponder())
        #expect(d.log == ["shouldEnd A", "shouldEnd A", "didEnd A committed editing=false", "notify end A committed"])
    }

    @Test func aForcedEndAsksNothing() throws {
        let (host, f, d) = try make()
        defer { d.stopObserving() }
        f[0].becomeFirstResponder()
        d.allowEnd = false
        d.log.removeAll()
        #expect(host.window.endEditing(true))
        #expect(d.log == ["didEnd A committed editing=false", "notify end A committed"])
        f[1].becomeFirstResponder()
        d.log.removeAll()
        f[1].removeFromSuperview()  // leaving the window forces the end too
        #expect(d.log == ["didEnd B committed editing=false", "notify end B committed"] && host.window.firstResponder == nil)
    }

    @Test func focusMovesFromAToB() throws {  // SPEC §1c
        let (host, f, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }  // the host owns the window
        f[0].becomeFirstResponder()
        d.log.removeAll()
        #expect(f[1].becomeFirstResponder())
        #expect(
            d.log == [
                "shouldBegin B", "shouldEnd A", "didEnd A committed editing=false", "notify end A committed",
                "didBegin B editing=true first=true", "notify begin B",
            ])
        d.log.removeAll()
        d.allowEnd = false
        #expect(!f[0].becomeFirstResponder())
        #expect(d.log == ["shouldBegin A", "shouldEnd B"] && f[1].isFirstResponder)
        d.allowEnd = true
        d.allowBegin = false
        d.log.removeAll()
        #expect(!f[0].becomeFirstResponder())
        #expect(d.log == ["shouldBegin A"] && f[1].isFirstResponder)
    }

    @Test func typingAsksFirstThenNotifiesThenReportsTheSelection() throws {  // SPEC §3
        let (host, f, d) = try make()
        defer { d.stopObserving() }
        f[0].becomeFirstResponder()
        d.log.removeAll()
        host.input.type("h")
        host.input.type("👍")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(
            d.log == [
                "shouldChange A 0+0 \"h\"", "notify change A", "selection A 1",
                "shouldChange A 1+0 \"👍\"", "notify change A", "selection A 3",
                "shouldChange A 1+2 \"\"", "notify change A", "selection A 1",
            ])
        d.allowChange = false
        d.log.removeAll()
        host.input.type("x")
        #expect(d.log == ["shouldChange A 1+0 \"x\""] && f[0].text == "h")
        d.log.removeAll()
        f[0].text = "set in code"
        #expect(d.log.isEmpty)
    }

    @Test func theMultiRangeDefaultForwardsToTheSingleRangeMethod() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving() }
        f[0].becomeFirstResponder()
        d.log.removeAll()
        host.input.type("z")
        #expect(d.log.first == "shouldChange A 0+0 \"z\"")
    }

    @Test func returnWithNextMovesOnAndOtherwiseResigns() throws {
        let (host, f, d) = try make(3)
        defer { d.stopObserving() }
        host.window.returnKeyNavigation = true
        f[0].returnKeyType = .next
        f[0].becomeFirstResponder()
        d.log.removeAll()
        host.input.key(.keyboardReturnOrEnter)
        #expect(f[1].isFirstResponder)
        #expect(d.log.prefix(2) == ["shouldReturn A", "shouldBegin B"])
        d.log.removeAll()
        host.input.key(.keyboardReturnOrEnter)
        #expect(host.window.firstResponder == nil)
        #expect(d.log == ["shouldReturn B", "shouldEnd B", "didEnd B committed editing=false", "notify end B committed"])
        d.allowReturn = false
        f[2].becomeFirstResponder()
        host.input.key(.keyboardReturnOrEnter)
        #expect(f[2].isFirstResponder)
    }

    /// SPEC §3: by default Return asks the delegate and nothing else happens (a chat field that
    /// sends on Return keeps its keyboard), whatever the return key says.
    @Test func returnByDefaultDoesNothingBeyondTheDelegate() throws {
        let (host, f, d) = try make(2)
        defer { d.stopObserving() }
        host.window.keyboard.policy = .always
        for type in [ReturnKeyType.next, .send, .done] {
            f[0].returnKeyType = type
            f[0].becomeFirstResponder()
            host.settle()
            d.log.removeAll()
            host.input.key(.keyboardReturnOrEnter)
            host.settle()
            #expect(d.log == ["shouldReturn A"], "\(type)")
            #expect(f[0].isFirstResponder && host.window.keyboard.isVisible, "\(type)")
        }
    }

    /// A delegate that moves focus to a field of its choosing keeps it there, navigation or not.
    @Test func returnLeavesFocusWhereTheDelegatePutIt() throws {
        final class JumpsToC: TextFieldDelegate {
            var target: TextField?
            func textFieldShouldReturn(_ textField: TextField) -> Bool {
                target?.becomeFirstResponder()
                return true
            }
        }
        let (host, f, d) = try make(3)
        defer { d.stopObserving() }
        let jumper = JumpsToC()
        jumper.target = f[2]
        f[0].delegate = jumper
        f[0].returnKeyType = .next
        for navigation in [false, true] {
            host.window.returnKeyNavigation = navigation
            f[0].becomeFirstResponder()
            host.input.key(.keyboardReturnOrEnter)
            #expect(f[2].isFirstResponder, "navigation \(navigation)")  // not B, the next in order
        }
    }

    /// A field's own setting wins over its window's.
    @Test func aFieldsReturnKeyNavigationOverridesTheWindows() throws {
        let (host, f, d) = try make(2)
        defer { d.stopObserving() }
        f[0].returnKeyType = .next
        f[0].returnKeyNavigation = true
        f[0].becomeFirstResponder()
        host.input.key(.keyboardReturnOrEnter)
        #expect(f[1].isFirstResponder)
        host.window.returnKeyNavigation = true
        f[1].returnKeyNavigation = false
        host.input.key(.keyboardReturnOrEnter)
        #expect(f[1].isFirstResponder)
    }

    @Test func tabMovesThroughReadingOrderAndEscapeCancels() throws {
        let (host, f, d) = try make(3)
        defer { d.stopObserving() }
        f[2].frame.origin = Point(x: 10, y: 200)  // reading order: A (y 10), B (y 60), C (y 200)
        f[0].becomeFirstResponder()
        host.input.key(.keyboardTab)
        #expect(f[1].isFirstResponder)
        host.input.key(.keyboardTab)
        #expect(f[2].isFirstResponder)
        host.input.key(.keyboardTab)
        #expect(f[0].isFirstResponder)
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(f[2].isFirstResponder)
        host.window.focus.focusOrder = [f[2], f[0]]
        host.input.key(.keyboardTab)
        #expect(f[0].isFirstResponder)
        d.log.removeAll()
        host.input.key(.keyboardEscape)
        #expect(d.log == ["shouldEnd A", "didEnd A cancelled editing=false", "notify end A cancelled"])
    }

    @Test func theClearButtonAsksShouldClearAndPostsAChange() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving() }
        f[0].clearButtonMode = .always
        f[0].text = "abc"
        host.layout()
        d.log.removeAll()
        let button = f[0].convert(Point(x: f[0].clearButtonRect.midX, y: f[0].clearButtonRect.midY), to: nil)
        d.allowClear = false
        host.input.tap(at: button)
        #expect(f[0].text == "abc" && d.log == ["shouldClear A"])
        d.allowClear = true
        d.log.removeAll()
        host.input.tap(at: button)
        #expect(f[0].text == "" && d.log.contains("notify change A") && d.log.first == "shouldClear A")
    }

    /// The clear button clears on lift, as a button's tap: a finger that lands on it and slides
    /// away (a scroll that began there) clears nothing (soak seed 261160032).
    @Test func theClearButtonClearsWhenTheFingerLiftsOnItNotWhenItLands() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving() }
        f[0].clearButtonMode = .always
        f[0].text = "abc"
        host.layout()
        let button = f[0].convert(Point(x: f[0].clearButtonRect.midX, y: f[0].clearButtonRect.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: button))
        #expect(f[0].text == "abc")
        host.window.send(.touch(id: 1, phase: .ended, location: button))
        #expect(f[0].text == "")
        f[0].text = "abc"
        host.input.drag(from: button, to: Point(x: button.x, y: button.y + 120))
        #expect(f[0].text == "abc")
    }

    @Test func theClearButtonAsksOnlyShouldClearAndIsUndoable() throws {  // SPEC §3, issue 12
        let (host, f, d) = try make(1)
        defer { d.stopObserving() }
        f[0].clearButtonMode = .whileEditing
        f[0].text = "abc"
        #expect(f[0].becomeFirstResponder())
        host.layout()
        d.allowChange = false  // refuses every change, allows clearing
        d.log.removeAll()
        let button = f[0].convert(Point(x: f[0].clearButtonRect.midX, y: f[0].clearButtonRect.midY), to: nil)
        host.input.tap(at: button)
        #expect(f[0].text == "")
        #expect(d.log == ["shouldClear A", "notify change A", "selection A 0"])  // as typing orders them
        d.log.removeAll()
        host.input.key(.letter("z")!, characters: "z", modifiers: .control)
        #expect(f[0].text == "abc")
        #expect(!d.log.contains { $0.hasPrefix("shouldChange") || $0.hasPrefix("shouldClear") })
    }

    @Test func sideViewsAndTheClearButtonFollowTheirModesAndMakeRoom() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        let field = f[0]
        field.text = "abc"
        let left = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let right = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        field.rightView = right
        field.leftViewMode = .unlessEditing
        field.rightViewMode = .whileEditing
        field.clearButtonMode = .whileEditing
        host.layout()
        #expect(!left.isHidden && right.isHidden && !field.isClearButtonVisible)
        #expect(field.editor.frame.minX == left.frame.maxX + 4)
        field.becomeFirstResponder()
        host.layout()
        #expect(left.isHidden && !right.isHidden && field.isClearButtonVisible)
        #expect(field.editor.frame.maxX <= field.clearButtonRect.minX && field.clearButtonRect.maxX <= right.frame.minX)
        field.text = ""
        #expect(!field.isClearButtonVisible)  // no text, no clear button
    }

    @Test func secureEntryShowsBulletsRevealsTheLastCharacterAndNeverCopies() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        let field = f[0]
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        host.input.type("p")
        host.input.type("ä")
        host.input.type("👍🏽")
        let shown = field.editor.display.document.string
        #expect(field.text == "pä👍🏽")
        #expect(shown.utf16.count == field.text!.utf16.count)  // offsets line up with the real text
        #expect(shown.hasPrefix("\u{2022}\u{2022}") && shown.hasSuffix("👍🏽"))  // the last one typed shows
        host.advance(by: 1.1)
        #expect(!field.editor.display.document.string.contains("👍"))
        #expect(field.editor.layout.caretX(at: 2) == 17)  // one bullet a character: 8.5 points at 17 points (test font)
        field.selectedRange = NSRange(location: 0, length: 2)
        field.editor.interaction.showEditMenu()
        #expect(!(field.editor.interaction.editMenu?.actions.contains { $0.identifier == .copy || $0.identifier == .cut } ?? true))
        field.editor.copy()
        #expect(host.window.backend.clipboard.string == nil)
    }

    @Test func theFirstEditAfterASecureFieldRegainsFocusReplacesTheText() throws {
        let (host, f, d) = try make(2)
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        f[0].isSecureTextEntry = true
        f[0].text = "secret"
        f[0].becomeFirstResponder()
        d.log.removeAll()
        host.input.type("x")
        #expect(f[0].text == "x" && d.log.first == "shouldChange A 0+6 \"x\"")
        host.input.type("y")
        #expect(f[0].text == "xy")  // only the first edit replaces
        f[1].becomeFirstResponder()
        f[0].becomeFirstResponder()
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(f[0].text == "")  // a backspace after refocus clears it all
        f[1].text = "plain"
        f[1].becomeFirstResponder()
        host.input.type("!")
        #expect(f[1].text == "plain!")  // not secure: ordinary editing
    }

    @Test func anOldStyleDelegateStillHearsTheEnd() throws {
        let (host, f, d) = try make(1)
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        let old = OldStyleDelegate()
        f[0].delegate = old
        f[0].becomeFirstResponder()
        f[0].resignFirstResponder()
        #expect(old.ended == 1)
    }
}
