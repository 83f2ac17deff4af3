// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// A long press's accents as a person uses them (docs/behaviour/world-input.md): sliding along the
/// popup chooses, letting go off the popup and its key backs out and types nothing; shifted Greek
/// shows one Σ.
@Suite(.serialized) @MainActor
struct AccentPopupTests {
    private func rig() throws -> KeyboardRig {
        try KeyboardRig(size: Size(width: 800, height: 480)) { field in
            field.autocapitalizationType = .none
            field.autocorrectionType = .no
        }
    }

    /// Holds "e" until its accents show; returns the popup and the key's centre.
    private func holdE(_ rig: KeyboardRig) throws -> (KeyPopupView, Point) {
        let keyboard = try #require(rig.host.window.keyboard.keyboardView)
        let entry = try #require(keyboard.keyFrames.first { $0.key.label == "e" })
        let centre = keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .began, location: centre))
        rig.host.advance(by: 0.6)
        let popup = try #require(keyboard.popups.popup)
        #expect(popup.labels.count > 2 && popup.labels.first == "e")
        return (popup, centre)
    }

    @Test func lettingGoAboveTheAccentsTypesNothing() throws {
        let rig = try rig()
        let (popup, _) = try holdE(rig)
        // Up past the popup, over the field: the guest changed their mind.
        let above = popup.convert(Point(x: popup.bounds.midX, y: -popup.bounds.height * 1.5), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: above))
        #expect(popup.highlighted == nil, "nothing is chosen off the popup")
        rig.host.window.send(.touch(id: 1, phase: .ended, location: above))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == "", "\(rig.field.text ?? "")")
    }

    @Test func lettingGoFarBesideOrBelowTypesNothingAndComingBackChooses() throws {
        let rig = try rig()
        var (popup, centre) = try holdE(rig)
        let farRight = Point(x: popup.convert(Point(x: popup.bounds.maxX, y: 0), to: nil).x + 120, y: centre.y - 20)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: farRight))
        rig.host.window.send(.touch(id: 1, phase: .ended, location: farRight))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == "")
        (popup, centre) = try holdE(rig)
        let keyHeight = try #require(rig.host.window.keyboard.keyboardView).keyHeight
        let below = Point(x: centre.x, y: centre.y + keyHeight * 1.5)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: below))
        // Back onto the second cell before letting go: it is typed.
        let cell = (popup.bounds.width - 8) / Double(popup.labels.count)
        let second = popup.convert(Point(x: 4 + cell * 1.5, y: popup.bounds.midY), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: second))
        #expect(popup.highlighted == 1)
        rig.host.window.send(.touch(id: 1, phase: .ended, location: second))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == popup.labels[1])
    }

    @Test func liftingOnTheKeyItselfTypesTheLetter() throws {
        let rig = try rig()
        let (_, centre) = try holdE(rig)
        rig.host.window.send(.touch(id: 1, phase: .ended, location: centre))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == "e")
    }

    @Test func shiftedGreekShowsOneSigma() throws {
        let rig = try rig()
        rig.host.window.keyboard.languages = ["el"]
        rig.host.settle()
        let driver = KeyboardDriver(rig.host)
        #expect(driver.tap(.shift))
        rig.host.layout()
        let keyboard = try #require(rig.host.window.keyboard.keyboardView)
        let labels = keyboard.keyFrames.map(\.key.label)
        #expect(labels.filter { $0 == "Σ" }.count == 1, "\(labels)")
        #expect(labels.contains("ς"), "the final sigma has no capital: its key stays ς")
    }
}
