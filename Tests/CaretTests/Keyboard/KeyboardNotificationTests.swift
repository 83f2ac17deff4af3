// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Records keyboard notifications into a shared log, with their userInfo.
@MainActor
final class KeyboardRecorder {
    struct Info: Sendable {
        var begin: Rect
        var end: Rect
        var duration: Double
        var curve: AnimationCurve
        var isLocal: Bool
    }
    var infos: [(name: String, info: Info)] = []
    private var observers: [NSObjectProtocol] = []

    init(appendingTo append: @escaping @MainActor (String) -> Void) {
        for (name, label) in [
            (Responder.keyboardWillShowNotification, "kb willShow"), (Responder.keyboardDidShowNotification, "kb didShow"),
            (Responder.keyboardWillHideNotification, "kb willHide"), (Responder.keyboardDidHideNotification, "kb didHide"),
            (Responder.keyboardWillChangeFrameNotification, "kb willChangeFrame"),
            (Responder.keyboardDidChangeFrameNotification, "kb didChangeFrame"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    // Read as UIKit code reads them (SPEC §2): NSValue frames, an Int curve.
                    let u = note.userInfo ?? [:]
                    let begin = (u[Responder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue
                    let end = (u[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
                    let curve = u[Responder.keyboardAnimationCurveUserInfoKey] as? Int
                    let info = Info(
                        begin: begin ?? .null,
                        end: end ?? .null,
                        duration: u[Responder.keyboardAnimationDurationUserInfoKey] as? Double ?? -1,
                        curve: curve.flatMap(AnimationCurve.init(rawValue:)) ?? .linear,
                        isLocal: u[Responder.keyboardIsLocalUserInfoKey] as? Bool ?? false)
                    // The typed accessors say the same.
                    let typed = (note.keyboardFrameBegin, note.keyboardFrameEnd, note.keyboardAnimationCurve)
                    if typed.0 != begin || typed.1 != end || typed.2 != info.curve {
                        Issue.record("typed accessors differ from userInfo: \(typed)")
                    }
                    MainActor.assumeIsolated {
                        self?.infos.append((label, info))
                        append(label)
                    }
                })
        }
    }

    func stop() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
    }

    func info(_ name: String) -> Info? { infos.last { $0.name == name }?.info }
}

@Suite(.serialized) @MainActor
struct KeyboardNotificationTests {
    /// Two fields (A default keyboard, B number pad unless told) in a window with the keyboard policy.
    private func make(
        policy: KeyboardController.Policy = .always, bType: KeyboardType = .numberPad
    ) throws -> (HeadlessWindow, [TextField], RecordingDelegate, KeyboardRecorder) {
        let host = try makeHost(width: 800, height: 480)
        let root = View()
        host.rootView = root
        let delegate = RecordingDelegate()
        var fields: [TextField] = []
        for (i, name) in ["A", "B", "C"].enumerated() {
            let field = TextField(frame: Rect(x: 10, y: 10 + Double(i) * 50, width: 300, height: 40))
            field.accessibilityIdentifier = name
            field.delegate = delegate
            field.keyboardType = name == "B" ? bType : .default
            root.addSubview(field)
            fields.append(field)
        }
        host.window.keyboard.policy = policy
        host.layout()
        delegate.observe(fields)
        let recorder = KeyboardRecorder { [weak delegate] in delegate?.log.append($0) }
        return (host, fields, delegate, recorder)
    }

    @Test func focusWithTheKeyboardHidden() throws {  // SPEC §1a
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].text = "old"
        f[0].clearsOnBeginEditing = true
        #expect(f[0].becomeFirstResponder())
        #expect(
            d.log == [
                "shouldBegin A", "shouldClear A", "kb willChangeFrame", "kb willShow",
                "didBegin A editing=true first=true", "notify begin A",
            ])
        host.advance(by: 0.2)
        #expect(!d.log.contains("kb didShow"))  // "Did" waits for the animation
        host.advance(by: 0.1)
        #expect(Array(d.log.suffix(2)) == ["kb didChangeFrame", "kb didShow"])
        let info = try #require(k.info("kb willShow"))
        let frame = host.window.keyboard.frame
        #expect(info.begin == Rect(x: 0, y: 480, width: 800, height: frame.height))  // from below the window
        #expect(info.end == frame && frame.maxY == 480 && frame.height > 100)
        #expect(info.duration == 0.25 && info.curve == .keyboard && info.isLocal)
        #expect(k.info("kb didShow")?.end == frame)
        #expect(host.window.keyboard.container.frame == frame)  // where the keys are drawn
    }

    @Test func aRefusedBeginPostsNothing() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop(); withExtendedLifetime(host) {} }
        d.allowBegin = false
        #expect(!f[0].becomeFirstResponder())
        host.settle()
        #expect(d.log == ["shouldBegin A"])
    }

    @Test func losingFocus() throws {  // SPEC §1b
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        let shown = host.window.keyboard.frame
        d.log.removeAll()
        d.allowEnd = false
        #expect(!f[0].resignFirstResponder())
        d.allowEnd = true
        #expect(f[0].resignFirstResponder())
        #expect(
            d.log == [
                "shouldEnd A", "shouldEnd A", "kb willChangeFrame", "kb willHide",
                "didEnd A committed editing=false", "notify end A committed",
            ])
        host.settle()
        #expect(Array(d.log.suffix(2)) == ["kb didChangeFrame", "kb didHide"])
        let info = try #require(k.info("kb willHide"))
        #expect(info.begin == shown && info.end == Rect(x: 0, y: 480, width: 800, height: shown.height))
        #expect(host.window.keyboard.container.isHidden)
    }

    @Test func aForcedEndHidesTheKeyboardToo() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        d.allowEnd = false
        d.log.removeAll()
        _ = host.window.endEditing(true)
        #expect(
            d.log == [
                "kb willChangeFrame", "kb willHide", "didEnd A committed editing=false", "notify end A committed",
            ])
    }

    @Test func focusMovesBetweenFieldsOfTheSameKeyboard() throws {  // SPEC §1c, same frame
        let (host, f, d, k) = try make(bType: .default)
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        let frame = host.window.keyboard.frame
        d.log.removeAll()
        #expect(f[1].becomeFirstResponder())
        #expect(
            d.log == [
                "shouldBegin B", "shouldEnd A", "didEnd A committed editing=false", "notify end A committed",
                "kb willChangeFrame", "kb willShow", "didBegin B editing=true first=true", "notify begin B",
            ])
        host.advance(by: 0.001)  // the next loop turn: nothing moves
        #expect(d.log.suffix(2) == ["kb didChangeFrame", "kb didShow"], "UIKit shows the keyboard again for each field")
        #expect(k.info("kb willChangeFrame")?.begin == frame && k.info("kb willChangeFrame")?.end == frame)
        host.settle()
        #expect(!d.log.contains("kb willHide") && !d.log.contains("kb didHide"))
    }

    @Test func focusMovesToAFieldWithAnotherKeyboard() throws {  // SPEC §1c, frame change
        let (host, f, d, k) = try make(bType: .numberPad)
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        let letters = host.window.keyboard.frame
        d.log.removeAll()
        f[1].becomeFirstResponder()
        #expect(d.log.filter { $0.hasPrefix("kb") } == ["kb willChangeFrame", "kb willShow"])
        host.advance(by: 0.1)
        #expect(!d.log.contains("kb didChangeFrame"))
        host.settle()
        #expect(d.log.filter { $0.hasPrefix("kb") } == ["kb willChangeFrame", "kb willShow", "kb didChangeFrame", "kb didShow"])
        let info = try #require(k.info("kb didChangeFrame"))
        #expect(info.begin == letters && info.end == host.window.keyboard.frame && info.end != letters)
        #expect(host.window.keyboard.keyboardView?.model.isShowingPad == true)
        // Refusals on the way change nothing.
        d.log.removeAll()
        d.allowEnd = false
        #expect(!f[0].becomeFirstResponder())
        #expect(d.log == ["shouldBegin A", "shouldEnd B"])
    }

    @Test func anAccessoryViewShowsTheKeyboardAgainAtItsNewFrame() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        let before = host.window.keyboard.frame
        d.log.removeAll()
        let bar = View(frame: Rect(x: 0, y: 0, width: 10, height: 44))
        f[0].inputAccessoryView = bar
        #expect(d.log.isEmpty)  // changes wait for reloadInputViews()
        f[0].reloadInputViews()
        host.settle()
        #expect(d.log == ["kb willChangeFrame", "kb willShow", "kb didChangeFrame", "kb didShow"])
        let after = host.window.keyboard.frame
        #expect(after.height == before.height + 44 && after.maxY == 480)
        #expect(bar.convert(bar.bounds, to: nil) == Rect(x: 0, y: after.minY, width: 800, height: 44))  // above the keys
        let keys = try #require(host.window.keyboard.keyboardView)
        #expect(keys.convert(keys.bounds, to: nil).minY == after.minY + 44)
    }

    @Test func anInputViewReplacesTheKeyboard() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        let picker = View(frame: Rect(x: 0, y: 0, width: 10, height: 180))
        f[2].inputView = picker
        host.window.keyboard.policy = .never  // an input view shows even on a desktop
        f[2].becomeFirstResponder()
        host.settle()
        #expect(d.log.contains("kb willShow") && d.log.contains("kb didShow"))
        #expect(host.window.keyboard.frame == Rect(x: 0, y: 300, width: 800, height: 180))
        #expect(picker.window != nil && host.window.keyboard.keyboardView?.window == nil)
    }

    @Test func aWindowResizeWhileEditingShowsTheKeyboardAgainAtItsNewFrame() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.settle()
        d.log.removeAll()
        try host.resize(to: Size(width: 480, height: 800))  // rotated to portrait
        host.settle()
        #expect(d.log == ["kb willChangeFrame", "kb willShow", "kb didChangeFrame", "kb didShow"])
        let frame = host.window.keyboard.frame
        #expect(frame.width == 480 && frame.maxY == 800)
    }

    @Test func textViewsFollowSpec1dWithTheKeyboard() throws {
        let (host, _, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        let view = TextView(frame: Rect(x: 320, y: 10, width: 300, height: 100))
        let textDelegate = RecordingTextViewDelegate()
        view.delegate = textDelegate
        host.rootView?.addSubview(view)
        let shared = KeyboardRecorder { [weak textDelegate] in textDelegate?.log.append($0) }
        defer { shared.stop() }
        view.becomeFirstResponder()
        #expect(textDelegate.log == ["shouldBegin", "kb willChangeFrame", "kb willShow", "didBegin editing=true first=true"])
        host.settle()
        textDelegate.log.removeAll()
        view.resignFirstResponder()
        host.settle()
        #expect(
            textDelegate.log == [
                "shouldEnd", "kb willChangeFrame", "kb willHide", "didEnd editing=false", "kb didChangeFrame", "kb didHide",
            ])
    }

    @Test func theNeverPolicyShowsNothing() throws {
        let (host, f, d, k) = try make(policy: .never)
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.input.tap(f[1])
        host.settle()
        #expect(d.log.filter { $0.hasPrefix("kb") }.isEmpty && f[1].isEditing)
    }

    @Test func theTouchPolicyShowsForTouchesAndHidesOnAHardwareKey() throws {
        let (host, f, d, k) = try make(policy: .onTouch)
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()  // focus from code (or Tab): no keyboard
        host.settle()
        #expect(!host.window.keyboard.isVisible)
        host.input.tap(f[1])  // a finger: the keyboard comes
        host.settle()
        #expect(host.window.keyboard.isVisible && f[1].isEditing)
        d.log.removeAll()
        host.input.key(.keyboard1, characters: "1")  // a hardware key: the keyboard goes, editing stays
        host.settle()
        #expect(!host.window.keyboard.isVisible && f[1].isEditing)
        #expect(d.log.filter { $0.hasPrefix("kb") } == ["kb willChangeFrame", "kb willHide", "kb didChangeFrame", "kb didHide"])
        host.input.tap(f[1])  // touching the field again brings it back
        host.settle()
        #expect(host.window.keyboard.isVisible)
        host.input.click(at: host.input.center(of: f[2]))  // the mouse moves focus: the keyboard stays up (it is showing)
        host.settle()
        #expect(host.window.keyboard.isVisible && f[2].isEditing)
    }

    @Test func aShowInterruptedByAHideEndsHidden() throws {
        let (host, f, d, k) = try make()
        defer { d.stopObserving(); k.stop() }
        f[0].becomeFirstResponder()
        host.advance(by: 0.1)
        f[0].resignFirstResponder()
        host.settle()
        let kb = d.log.filter { $0.hasPrefix("kb") }
        #expect(
            kb == ["kb willChangeFrame", "kb willShow", "kb willChangeFrame", "kb willHide", "kb didChangeFrame", "kb didHide"])
        #expect(host.window.keyboard.container.isHidden && !host.window.keyboard.isVisible)
    }
}
