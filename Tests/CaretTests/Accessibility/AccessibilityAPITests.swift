// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @testable import Caret

/// SPEC §14: UIKit's accessibility members, their defaults and the tree built from them.
@Suite @MainActor
struct AccessibilityAPITests {
    @Test func defaultsFollowUIKit() {
        let label = Label(text: "Total")
        #expect(label.isAccessibilityElement && label.accessibilityLabel == "Total" && label.accessibilityTraits == .staticText)
        label.isEnabled = false
        #expect(label.accessibilityTraits == [.staticText, .notEnabled])
        let button = Button(title: "Send", style: .filled)
        #expect(button.isAccessibilityElement && button.accessibilityLabel == "Send" && button.accessibilityTraits == .button)
        button.isSelected = true
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .selected, .notEnabled])
        let image = ImageView(image: nil)
        #expect(!image.isAccessibilityElement && image.accessibilityTraits == .image)
        let field = TextField()
        field.placeholder = "Email"
        field.text = "ada@example.org"
        #expect(field.isAccessibilityElement && field.accessibilityLabel == "Email" && field.accessibilityValue == "ada@example.org")
        #expect(field.accessibilityTraits == .textEntry)
        field.returnKeyType = .search
        #expect(field.accessibilityTraits == [.textEntry, .searchField])
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == String(repeating: "•", count: 15))
        let view = View()
        #expect(!view.isAccessibilityElement && view.accessibilityLabel == nil && view.accessibilityTraits == [])
        let readOnly = TextView()
        readOnly.isEditable = false
        #expect(readOnly.accessibilityTraits == .staticText)
    }

    @Test func aFieldIsNamedByItsTitleElementUnlessTheAppNamesIt() {
        let title = Label(text: "Full name")
        let field = TextField()
        field.placeholder = "e.g. Ada Lovelace"
        field.accessibilityTitleElement = title
        #expect(field.accessibilityLabel == "Full name", "the label beside it, not the placeholder")
        title.text = "Your name"
        #expect(field.accessibilityLabel == "Your name", "followed as the label changes")
        field.accessibilityLabel = "Guest name"
        #expect(field.accessibilityLabel == "Guest name" && field.accessibilityTitleElement === title)
        field.accessibilityLabel = nil
        title.text = ""
        #expect(field.accessibilityLabel == "e.g. Ada Lovelace", "an empty title leaves the placeholder")
        let other = TextField()
        title.accessibilityTitleElement = other  // a cycle (a label named by the field it names) ends
        other.accessibilityTitleElement = title
        #expect(other.accessibilityLabel == nil)
        field.accessibilityTitleElement = nil
        #expect(field.accessibilityLabel == "e.g. Ada Lovelace")
    }

    private final class Recorder: AccessibilityObserver {
        var events: [AccessibilityEvent] = []
        func window(_ window: Window, accessibilityEvent event: AccessibilityEvent) { events.append(event) }
    }

    @Test func anEmptyLabelIsNoElementUntilItHasTextAndItsComingAndGoingIsTold() throws {
        let status = Label(text: "")
        #expect(!status.isAccessibilityElement, "nothing to read: skipped, as VoiceOver skips it")
        let host = try makeHost(width: 300, height: 200)
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.addSubview(status)
        host.window.rootView = root
        let recorder = Recorder()
        host.window.addAccessibilityObserver(recorder)
        status.text = "The PIN has four digits."
        #expect(status.isAccessibilityElement)
        let told = { recorder.events.contains { if case .childrenChanged(let parent) = $0 { parent === root } else { false } } }
        #expect(told(), "screen readers hear the tree changed: \(recorder.events)")
        recorder.events = []
        status.text = "The PIN has four digits!"
        #expect(!told(), "text changing within a label is no tree change")
        status.text = nil
        #expect(told() && !status.isAccessibilityElement)
    }

    @Test func whatTheAppSetsWinsAndNilGoesBackToTheDefault() {
        let button = Button(title: "✕", style: .plain)
        button.accessibilityLabel = "Close"
        button.accessibilityHint = "Closes the dialog"
        button.accessibilityTraits = [.button, .header]
        #expect(button.accessibilityLabel == "Close" && button.accessibilityHint == "Closes the dialog")
        #expect(button.accessibilitySpokenDescription == "Close, button, heading, Closes the dialog")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "✕")
        let view = View()
        view.isAccessibilityElement = true
        view.accessibilityValue = "50 %"
        view.accessibilityTraits = .adjustable
        #expect(view.accessibilitySpokenDescription == "50 %, adjustable")
    }

    @Test func buttonsActivateTheirActions() {
        var taps = 0
        let button = Button(title: "Go", style: .filled) { _ in taps += 1 }
        #expect(button.accessibilityActivate())
        #expect(taps == 1)
        button.isEnabled = false
        #expect(!button.accessibilityActivate())
        #expect(taps == 1)
    }

    @Test func theTreeHonoursElementsHiddenModalAndOrder() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let a = Label(text: "A"), b = Label(text: "B"), c = Label(text: "C")
        let group = View(frame: Rect(x: 0, y: 100, width: 400, height: 100))
        for (i, label) in [a, b].enumerated() {
            label.frame = Rect(x: Double(i) * 50, y: 0, width: 40, height: 20)
            root.addSubview(label)
        }
        c.frame = Rect(x: 10, y: 10, width: 40, height: 20)
        group.addSubview(c)
        root.addSubview(group)
        host.rootView = root
        func names() -> [String] { host.window.accessibilityElementsInOrder.compactMap(\.accessibilityLabel) }
        #expect(names() == ["A", "B", "C"])
        root.accessibilityElements = [b, a, group]
        #expect(names() == ["B", "A", "C"])
        group.accessibilityElementsHidden = true
        #expect(names() == ["B", "A"])
        group.accessibilityElementsHidden = false
        b.isHidden = true
        #expect(names() == ["A", "C"])
        // A modal view hides its siblings.
        let dialog = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        let ok = Button(title: "OK", style: .filled)
        ok.frame = Rect(x: 10, y: 10, width: 80, height: 40)
        dialog.addSubview(ok)
        dialog.accessibilityViewIsModal = true
        host.window.overlays.presentModal(dialog)
        #expect(names() == ["OK"])
        host.window.overlays.dismissModal(dialog)
        #expect(names() == ["A", "C"])
        // Frames are in window coordinates; the element under a point is the smallest there.
        #expect(c.accessibilityFrame == Rect(x: 10, y: 110, width: 40, height: 20))
        #expect(host.window.accessibilityElement(at: Point(x: 20, y: 120)) === c)
    }

    @Test func elementsThatAreNotViewsLiveInTheirContainer() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let chart = View(frame: Rect(x: 100, y: 50, width: 200, height: 100))
        root.addSubview(chart)
        host.rootView = root
        var activated = false
        let bar = AccessibilityElement(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        bar.accessibilityValue = "42"
        bar.accessibilityFrameInContainerSpace = Rect(x: 10, y: 20, width: 30, height: 40)
        bar.onActivate = {
            activated = true; return true
        }
        let actions = [AccessibilityCustomAction(name: "Delete") { true }]
        bar.accessibilityCustomActions = actions
        chart.accessibilityElements = [bar]
        #expect(host.window.accessibilityElementsInOrder.map { $0.accessibilityLabel } == ["March"])
        #expect(bar.accessibilityFrame == Rect(x: 110, y: 70, width: 30, height: 40))
        #expect(bar.accessibilityWindow === host.window)
        #expect(bar.accessibilityActivate() && activated)
        #expect(bar.accessibilityCustomActions?.first?.actionHandler() == true)
    }

    @Test func observersHearStateAndChildrenChangesOnlyWhenListening() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let button = Button(title: "Save", style: .filled)
        root.addSubview(button)
        #expect(!host.window.hasAccessibilityObservers)
        let recorder = AccessibilityRecorder(window: host.window)
        #expect(host.window.hasAccessibilityObservers)
        button.isEnabled = false
        root.addSubview(Label(text: "Saved"))
        button.accessibilityLabel = "Save now"
        #expect(recorder.lines == ["state Save", "children ?", "state Save now"])
    }
}
