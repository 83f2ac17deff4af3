// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

@Suite(.serialized) @MainActor
struct ButtonTests {
    private func make() throws -> (HeadlessWindow, Button, () -> [String]) {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let button = Button(title: "OK")
        button.frame = Rect(x: 100, y: 100, width: 80, height: 44)
        root.addSubview(button)
        var log: [String] = []
        for (event, name) in [
            (Control.Event.touchDown, "down"), (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"),
            (.primaryActionTriggered, "primary"), (.touchCancel, "cancel"),
        ] {
            button.addAction(Action { _ in log.append(name) }, for: event)
        }
        return (host, button, { log })
    }

    @Test func aTapFiresTouchUpInsideAndThePrimaryAction() throws {
        let (host, button, log) = try make()
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: 120, y: 120)))
        #expect(button.isHighlighted && button.state == .highlighted)
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: 120, y: 120)))
        #expect(!button.isHighlighted && log() == ["down", "upInside", "primary"])
    }

    @Test func draggingFarOutsideUnhighlightsAndDoesNotFire() throws {
        let (host, button, log) = try make()
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: 120, y: 120)))
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: 390, y: 290)))
        #expect(!button.isHighlighted)
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: 390, y: 290)))
        #expect(log() == ["down", "upOutside"])
    }

    @Test func mouseClicksWorkLikeTapsAndDisabledButtonsIgnoreBoth() throws {
        let (host, button, log) = try make()
        host.input.click(at: Point(x: 110, y: 110))
        #expect(log() == ["down", "upInside", "primary"])
        button.isEnabled = false
        #expect(button.state == .disabled)
        host.input.click(at: Point(x: 110, y: 110))
        host.input.tap(at: Point(x: 110, y: 110))
        #expect(log().count == 3)
    }

    @Test func titlesAndColoursFallBackToTheNormalState() throws {
        let button = Button(type: .system)
        button.setTitle("Normal", for: .normal)
        #expect(button.title(for: .highlighted) == "Normal")
        button.setTitle("Pressed", for: .highlighted)
        button.isHighlighted = true
        #expect(button.currentTitle == "Pressed")
        #expect(button.titleColor(for: .normal) == .systemBlue)
        button.setTitleColor(.red, for: .normal)
        #expect(button.titleColor(for: .highlighted) == .red)
        #expect(button.titleColor(for: .disabled).alpha < 1)
        button.style = .filled
        button.setTitleColor(nil, for: .normal)
        #expect(button.titleColor(for: .normal) == .white)
    }

    @Test func removingAnActionStopsIt() throws {
        let (host, button, log) = try make()
        let extra = Action { _ in }
        button.addAction(extra, for: .primaryActionTriggered)
        #expect(button.actions(for: .primaryActionTriggered).count == 2)
        button.removeAction(extra, for: .primaryActionTriggered)
        #expect(button.actions(for: .primaryActionTriggered).count == 1)
        host.input.tap(at: Point(x: 110, y: 110))
        #expect(log().contains("primary"))
    }
}
