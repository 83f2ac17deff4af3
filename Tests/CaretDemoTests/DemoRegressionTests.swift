// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// One test per defect the soak (or a user) found in the demo's screens, each failing without its fix (issue 11).
@Suite(.serialized) @MainActor
struct DemoRegressionTests {
    // MARK: (g) keyboard avoidance in the layouts where it failed

    private func demo(_ size: Size, screen: String, focus: String) throws -> (HeadlessWindow, TextField) {
        let host = try makeHost(width: size.width, height: size.height)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        host.layout()
        if screen == "kiosk" { form.showKiosk() }
        host.layout()
        let field = try #require(screen == "kiosk" ? form.kiosk?.fields[focus] : form.fields[focus])
        #expect(field.becomeFirstResponder())
        host.settle()
        return (host, field)
    }

    /// Issue 41, defect 1: the clear button appeared while typing, but the field was not laid out
    /// again, so its text area covered the button and a tap at the ⊗ placed the caret instead.
    @Test(arguments: ["form", "kiosk"])
    func theClearButtonClearsWhatWasJustTypedByATapOnItsPixels(_ screen: String) throws {
        var host: HeadlessWindow, field: TextField
        if screen == "form" {
            (host, field) = try demo(Size(width: 1024, height: 700), screen: screen, focus: "name")
        } else {  // the kiosk app's booking code
            host = try makeHost(width: 1280, height: 800)
            let flow = CheckInFlow(window: host.window)
            flow.showForm()
            host.settle()
            field = try #require(flow.form.fields["code"])
            #expect(field.isFirstResponder)
        }
        host.input.type("AB12")
        host.advance(by: 0.1)  // frames are drawn between the typing and the tap, as on a screen
        #expect(field.text == "AB12" && field.isClearButtonVisible)
        let button = field.convert(Point(x: field.clearButtonRect.midX, y: field.clearButtonRect.midY), to: nil)
        host.input.tap(at: button)
        #expect(field.text == "")
        #expect(field.isFirstResponder)
    }

    @Test func theWebsiteFieldAt1024x700AndTheKioskPINAt483x986AreClearOfTheKeyboard() throws {
        let (host, website) = try demo(Size(width: 1024, height: 700), screen: "form", focus: "website")
        #expect(KeyboardAvoidanceAudit.marginProblems(of: website, in: host.window) == [])
        let (kiosk, pin) = try demo(Size(width: 483, height: 986), screen: "kiosk", focus: "pin")
        #expect(KeyboardAvoidanceAudit.marginProblems(of: pin, in: kiosk.window) == [])
    }

    @Test func aPannedScreenDoesNotReLayOutForAnInsetThePanMade() throws {
        // 320×240: the keyboard leaves 95 points; the form pans, and its title bar keeps its height.
        let (host, email) = try demo(Size(width: 320, height: 240), screen: "form", focus: "email")
        #expect(KeyboardAvoidanceAudit.marginProblems(of: email, in: host.window) == [])
        let form = try #require(host.rootView as? FormScreen)
        #expect(form.titleBar.frame.height == 52)
    }

    @Test func aTightWindowShrinksTheMarginsSoTheFieldItselfFits() throws {
        // 320×240 with an accessory bar: 51 points above the keyboard for a 39-point field.
        let (host, name) = try demo(Size(width: 320, height: 240), screen: "form", focus: "name")
        name.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        name.reloadInputViews()
        host.settle()
        let rect = name.convert(name.bounds, to: nil)
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        #expect(rect.minY >= 0 && rect.maxY <= host.window.keyboardAvoidance.keyboardTop, "\(rect)")
        #expect(host.window.keyboardAvoidance.effectiveMargin(for: name) < 12)
        #expect(KeyboardAvoidanceAudit.marginProblems(of: name, in: host.window) == [])
    }

    @Test func aCompositionBringsAFieldScrolledAwayBackAboveTheKeyboard() throws {
        let (host, name) = try demo(Size(width: 1024, height: 700), screen: "form", focus: "name")
        let form = try #require(host.rootView as? FormScreen)
        form.scrollView.contentOffset.y += 400  // the user scrolled the field away
        host.input.compose("ㄱ", selectedRange: 1..<1)
        host.settle()
        #expect(KeyboardAvoidanceAudit.marginProblems(of: name, in: host.window) == [])
    }

    @Test func aMultiLineEditorsCaretLineIsKeptInsideItAndClearOfTheKeyboard() throws {
        let host = try makeHost(width: 1024, height: 700)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        host.layout()
        // Its caret line rests on estimated heights until drawn: it must not move when drawn.
        #expect(form.multiLineEditor.becomeFirstResponder())
        host.settle()
        host.drawFrame()
        host.settle()
        let rect = form.multiLineEditor.keyboardAvoidanceRect
        #expect(form.multiLineEditor.bounds.contains(rect))
        #expect(KeyboardAvoidanceAudit.marginProblems(of: form.multiLineEditor, in: host.window) == [])
    }

    @Test func aTextViewCoveredByTheKeyboardStillShowsItsCaretLineInsideIt() throws {
        let (host, _) = try demo(Size(width: 320, height: 240), screen: "form", focus: "name")
        let form = try #require(host.rootView as? FormScreen)
        #expect(form.notes.becomeFirstResponder())
        host.settle()
        let caret = form.notes.editor.convert(form.notes.editor.caretRect, to: form.notes)
        #expect(form.notes.bounds.contains(caret), "caret \(caret) outside \(form.notes.bounds)")
        #expect(KeyboardAvoidanceAudit.marginProblems(of: form.notes, in: host.window) == [])
    }

    @Test func aHugePasteShowsShortenedInTheDemosTraceAndPanel() throws {
        let host = try makeHost(width: 1024, height: 700)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        var traced: [FieldTracer.Event] = []
        form.onTrace = { traced.append($0) }
        host.rootView = form
        host.layout()
        let website = try #require(form.fields["website"])
        #expect(website.becomeFirstResponder())
        host.window.backend.clipboard.string = String(repeating: "abcdefghij", count: 100_000)
        host.input.key(.letter("v")!, characters: "v", modifiers: .control)
        #expect(website.editor.model.utf16Count == 1_000_000)
        let change = try #require(traced.first { $0.name == "shouldChangeCharacters" })
        #expect(change.details["replacement"]?.hasSuffix("… (1000000 UTF-16 units)") == true)
        #expect(traced.allSatisfy { $0.jsonLine.utf8.count < 300 })
        #expect((form.eventLog.text ?? "").utf8.count < 2_000)
    }
}
