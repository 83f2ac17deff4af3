// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// A guest with only a keyboard (issue 40 item 6): from launch, Tab reaches every control of the
/// demo's form and of the kiosk's screens in reading order, Shift+Tab goes back, the form's
/// notes text view takes Tab as text and is left with Ctrl+Tab, and Space or Return activates.
@Suite(.serialized) @MainActor
struct KeyboardOnlyTests {
    /// Every enabled button, field and text view under a view, in the tree, a field's shown side
    /// views (the password's reveal button) included.
    private func controls(in view: View) -> [View] {
        var found: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if let control = view as? Control, control.isEnabled { found.append(control) }
            if view is TextView { found.append(view) }
            if let field = view as? TextField {
                for side in [field.leftView, field.rightView].compactMap({ $0 }) where side.superview === field { visit(side) }
                return
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(view)
        return found
    }

    /// Presses Tab (Ctrl+Tab where an editing text view would type it) until focus comes back
    /// to where it started; returns the views focused on the way.
    private func tabAround(_ host: HeadlessWindow, backwards: Bool = false, limit: Int = 60) -> [View] {
        var visited: [View] = []
        for _ in 0..<limit {
            let current = host.window.firstResponder as? View
            var modifiers: KeyModifierFlags = backwards ? .shift : []
            if let text = current as? TextView, text.isEditing { modifiers.insert(.control) }
            host.input.key(.keyboardTab, modifiers: modifiers)
            host.layout()
            guard let now = host.window.firstResponder as? View else { break }
            if let first = visited.first, now === first { break }
            visited.append(now)
        }
        return visited
    }

    private func ids(_ views: [View]) -> [ObjectIdentifier] { views.map(ObjectIdentifier.init) }

    /// Reading order, a field's side view read at its field (right after it).
    private func isReadingOrder<Views: Collection<View>>(_ views: Views) -> Bool {
        let frames = views.map { view in
            let field = view.superview as? TextField
            return field.map { $0.convert($0.bounds, to: nil) } ?? view.convert(view.bounds, to: nil)
        }
        return zip(frames, frames.dropFirst()).allSatisfy { a, b in
            abs(a.minY - b.minY) > 1 ? a.minY < b.minY : a.minX <= b.minX
        }
    }

    @Test func fromLaunchTabReachesEveryControlOfTheDemoFormInOrderAndShiftTabGoesBack() throws {
        let (host, screen) = try makeDemoForm(height: 700, keyboardAlways: false)
        #expect(host.window.firstResponder == nil)
        let visited = tabAround(host)
        let expected = controls(in: screen)
        #expect(Set(ids(visited)) == Set(ids(expected)), "missed: \(expected.filter { v in !visited.contains { $0 === v } })")
        #expect(visited.count == expected.count)
        // The title bar's language button, then the form's controls in reading order.
        #expect(visited.first === screen.languageButton && visited.dropFirst().first === screen.fields["name"])
        #expect(isReadingOrder(visited.dropFirst()))
        #expect(visited.contains { $0 === screen.buttons["Save"] } && !visited.contains { $0 === screen.buttons["Disabled"] })
        // The password's reveal button, a side view, right after its field (a keyboard alone reaches it).
        let password = try #require(visited.firstIndex { $0 === screen.fields["password"] })
        #expect(visited.indices.contains(password + 1) && visited[password + 1] === screen.buttons["Reveal password"])
        #expect(visited.contains { $0 === screen.notes } && visited.contains { $0 === screen.multiLineEditor })
        // Tab brings what it focuses on screen: the form scrolls down to a button below the fold.
        let far = try #require(screen.buttons["Arabic sign-up"])
        screen.fields["name"]?.becomeFirstResponder()
        screen.scrollView.contentOffset = .zero
        host.layout()
        let shown = screen.scrollView.convert(screen.scrollView.bounds, to: nil)
        #expect(!shown.contains(far.convert(far.bounds, to: nil)), "the test needs it below the fold")
        while host.window.firstResponder !== far {
            let editing = (host.window.firstResponder as? TextView)?.isEditing == true
            host.input.key(.keyboardTab, modifiers: editing ? .control : [])
        }
        host.layout()
        #expect(shown.contains(far.convert(far.bounds, to: nil)))
        // Shift+Tab walks the same round backwards, however far the form was scrolled.
        screen.fields["name"]?.becomeFirstResponder()
        let back = tabAround(host, backwards: true)
        #expect(ids(back) == ids([visited[0]] + visited.dropFirst(2).reversed() + [visited[1]]))
    }

    @Test func theNotesViewTakesTabAsTextAndIsLeftWithCtrlTabOrEscape() throws {
        let (host, screen) = try makeDemoForm(height: 700, keyboardAlways: false)
        screen.notes.text = ""
        screen.notes.becomeFirstResponder()
        for _ in 0..<3 { host.input.key(.keyboardTab) }
        #expect(screen.notes.text == "\t\t\t" && screen.notes.isFirstResponder)
        host.input.key(.keyboardTab, modifiers: .control)
        let next = try #require(host.window.firstResponder as? View)
        #expect(next !== screen.notes)
        host.input.key(.keyboardTab, modifiers: [.control, .shift])
        #expect(screen.notes.isFirstResponder)
        host.input.key(.keyboardEscape)
        #expect(screen.notes.isFirstResponder && !screen.notes.isEditing)
        host.input.key(.keyboardTab)
        #expect(host.window.firstResponder === next)
        #expect(screen.notes.text == "\t\t\t")
    }

    @Test func spaceAndReturnActivateTheFormsButtons() throws {
        let (host, screen) = try makeDemoForm(height: 700, keyboardAlways: false)
        let save = try #require(screen.buttons["Save"])
        while host.window.firstResponder !== save {
            host.input.key(.keyboardTab, modifiers: (host.window.firstResponder as? TextView)?.isEditing == true ? .control : [])
        }
        let before = screen.tapCount
        host.input.key(.keyboardSpacebar, characters: " ")
        host.input.key(.keyboardReturnOrEnter)
        #expect(screen.tapCount == before + 2)
    }

    private func kiosk() throws -> (HeadlessWindow, CheckInFlow) {
        let host = try makeHost(width: 800, height: 1280)
        var options = CheckInFlow.Options()
        options.languages = ["en", "de", "el"]
        let flow = CheckInFlow(window: host.window, options: options)
        host.layout()
        return (host, flow)
    }

    @Test func theKioskIsOperableByKeysFromStartToDone() throws {
        let (host, flow) = try kiosk()
        // The start screen: Tab reaches Check in and each language; Shift+Tab goes back.
        let startControls = controls(in: flow.start.view)
        #expect(ids(tabAround(host)) == ids(startControls))
        #expect(isReadingOrder(startControls) && startControls.first === flow.start.startButton)
        #expect(startControls.dropFirst().first === flow.start.accessibilityButton, "the accessibility choice is second")
        host.input.key(.keyboardTab)  // Accessibility
        host.input.key(.keyboardTab)  // the first language
        host.input.key(.keyboardSpacebar, characters: " ")
        #expect(flow.start.languageButtons[0].isSelected)
        host.input.key(.keyboardTab, modifiers: .shift)
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(flow.start.startButton.isFirstResponder)
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(host.window.rootViewController === flow.form)
        // The form: its fields, then Cancel and Continue, and back.
        let formControls = controls(in: flow.form.view)
        #expect(flow.form.fields["code"]?.isFirstResponder == true)
        let round = tabAround(host)  // from the code field round to it again
        #expect(Set(ids(round)) == Set(ids(formControls)) && round.count == formControls.count)
        #expect(isReadingOrder(round.dropLast()) && round.last === flow.form.fields["code"])
        #expect(round.suffix(3).dropLast().map { ($0 as? Button)?.currentTitle } == ["Cancel", "Continue"])
        flow.form.fields["code"]?.becomeFirstResponder()
        host.input.key(.keyboardTab, modifiers: .shift)  // from the code field back to Continue
        #expect(flow.form.submitButton.isFirstResponder)
        host.input.key(.keyboardTab, modifiers: .shift)
        #expect(flow.form.cancelButton.isFirstResponder)
        host.input.key(.keyboardSpacebar, characters: " ")
        host.settle()
        #expect(host.window.rootViewController === flow.start)
        // A screen changed by keys: its first control has focus (UIKit's focus system).
        #expect(flow.start.startButton.isFirstResponder)
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        let fields = flow.form.fields
        host.input.type("AB12")
        host.input.key(.keyboardTab)
        host.input.type("Ada Lovelace")
        host.input.key(.keyboardTab)
        host.input.type("ada@example.com")
        host.input.key(.keyboardTab)
        host.input.type("1234")
        #expect(fields["pin"]?.isFirstResponder == true)
        host.input.key(.keyboardTab)
        host.input.key(.keyboardTab)
        #expect(flow.form.submitButton.isFirstResponder)
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(host.window.rootViewController === flow.confirmation)
        #expect(flow.confirmation.doneButton.isFirstResponder)
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(host.window.rootViewController === flow.start)
    }
}
