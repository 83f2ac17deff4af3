// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// Spoken mode speaks outcomes (issue 40, item 3): refusals, deletions, a screen presented or
/// dismissed (its title and first element), a dialog, a label or value that changes under the
/// cursor, and the keyboard's shift state.
@Suite(.serialized) @MainActor
struct SpokenOutcomeTests {
    private func host(_ root: View) throws -> (HeadlessWindow, RecordingSpeaker, SpokenMode) {
        let host = try makeHost(width: 600, height: 700)
        host.rootView = root
        host.layout()
        let speaker = RecordingSpeaker()
        let spoken = SpokenMode(synthesizer: speaker)
        host.window.spokenMode = spoken
        return (host, speaker, spoken)
    }

    @Test func aRefusedChangeSaysNotAllowedUnlessSilenced() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 700))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.placeholder = "PIN"
        field.maximumLength = 2
        root.addSubview(field)
        let (host, speaker, spoken) = try host(root)
        #expect(field.becomeFirstResponder())
        speaker.clear()
        host.input.type("1")
        host.input.type("2")
        host.input.type("3")
        #expect(field.text == "12")
        #expect(speaker.texts == ["1", "2", "not allowed"])
        spoken.refusalAnnouncement = "too long"
        host.input.type("4")
        #expect(speaker.texts.last == "too long")
        spoken.refusalAnnouncement = nil
        host.input.type("5")
        #expect(speaker.texts.count == 4, "silenced: \(speaker.texts)")
        // A deletion says what went.
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(speaker.texts.last == "deleted 2")
    }

    @Test func aPresentedScreenSpeaksItsTitleAndFirstElementAndDismissingReturns() throws {
        final class Screen: ViewController {
            let text: String
            init(title: String, text: String) {
                self.text = text
                super.init()
                self.title = title
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            override func loadView() {
                view = View()
                let label = Label(frame: Rect(x: 20, y: 40, width: 300, height: 30))
                label.text = text
                view.addSubview(label)
            }
        }
        let start = Screen(title: "Welcome", text: "Touch to begin")
        let host = try makeHost(width: 600, height: 700)
        host.window.rootViewController = start
        host.layout()
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        let done = Screen(title: "Checked in", text: "Your room is 12")
        start.present(done, animated: false)
        #expect(speaker.texts == ["Checked in. Your room is 12"])
        #expect(host.window.spokenMode?.cursor?.accessibilityLabel == "Your room is 12")
        done.dismiss(animated: false)
        #expect(speaker.texts.last == "Welcome. Touch to begin")
        // Replacing the root controller is a new screen too.
        host.window.rootViewController = Screen(title: "Start", text: "Choose a language")
        #expect(speaker.texts.last == "Start. Choose a language")
    }

    @Test func aDialogIsAScreenChange() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 700))
        let label = Label(frame: Rect(x: 20, y: 20, width: 300, height: 30))
        label.text = "Form"
        root.addSubview(label)
        let (host, speaker, _) = try host(root)
        let dialog = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        dialog.backgroundColor = .white
        let message = Label(frame: Rect(x: 10, y: 10, width: 280, height: 30))
        message.text = "Missing: your name"
        dialog.addSubview(message)
        host.window.overlays.presentModal(dialog)
        #expect(speaker.texts == ["Missing: your name"])
        host.window.overlays.dismissModal(dialog)
        #expect(speaker.texts.last == "Form")
    }

    @Test func aLabelChangeUnderTheCursorIsSpokenOnce() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 700))
        let button = Button(title: "Show password")
        button.frame = Rect(x: 20, y: 20, width: 200, height: 44)
        button.addAction(
            Action(title: "toggle") { action in
                let sender = action.sender as? Button
                sender?.setTitle(sender?.currentTitle == "Show password" ? "Hide password" : "Show password", for: .normal)
            }, for: .primaryActionTriggered)
        root.addSubview(button)
        let (host, speaker, _) = try host(root)
        let point = host.input.center(of: button)
        doubleTap(host, at: point)
        host.settle()
        #expect(button.currentTitle == "Hide password")
        #expect(speaker.texts == ["Show password, button", "Hide password, button"], "\(speaker.texts)")
        button.accessibilityStateDidChange()
        #expect(speaker.texts.count == 2, "the same words are not said again")
    }

    @Test func shiftAndCapsLockAreSpoken() throws {
        let (host, screen) = try makeDemoForm(height: 1000)
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        let email = try #require(screen.fields["email"])
        #expect(email.accessibilityActivate())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let shift = try #require(keyboard.keyFrames.first { $0.key.action == .shift }).frame
        let point = keyboard.convert(Point(x: shift.midX, y: shift.midY), to: nil)
        speaker.clear()
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.advance(by: 1)
        #expect(speaker.texts == ["shift", "shift on"], "\(speaker.texts)")
        // Its state is in its traits too (selected: AT-SPI's checked), not only spoken.
        func shiftElement() -> AccessibilityNode? {
            keyboard.accessibilityElements?.first { $0.accessibilityLabel == "shift" }
        }
        #expect(shiftElement()?.accessibilityTraits.contains(.selected) == true)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.advance(by: 1)
        #expect(speaker.texts.last == "shift off")
        #expect(shiftElement().map { !$0.accessibilityTraits.contains(.selected) } == true)
    }
}
