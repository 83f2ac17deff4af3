@_spi(Testing) @testable import Caret
import CaretDemoSoak
@testable import CaretTesting
import Foundation
import Testing

/// Failures the soak found with dictionaries, engines and the real text stack (issue 41, item 3),
/// shrunk to the events that show them and replayed through the demo as the soak drives it.
@Suite @MainActor
struct WorldSoakFindingsTests {
    /// Seed 261124102 (kiosk, 1024×700, world, bundled fonts, dictionaries): the booking-code field
    /// triple-clicked, 230 lines pasted twice, then 467,000 units of text ending in a lone zero
    /// width joiner; the next frame's drawing laid out the field's text, which the layout phase
    /// should have settled before anything was drawn.
    @Test func aLongPasteIntoTheCodeFieldIsLaidOutBeforeItIsDrawn() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true)
        let control = KeyModifierFlags.control.rawValue
        let paste = SoakEvent.key(code: 25, characters: "v", modifiers: control, isDown: true, isRepeat: false)
        let events: [SoakEvent] = [
            .draw, .mouseDown(button: 1, x: 340, y: 586, clicks: 3, modifiers: 0),
            .clipboard(String(repeating: "line of text\n", count: 230) + " "), paste, paste,
            .clipboard(String(repeating: "lorem ipsum dolor sit amet 👍🏽 é ", count: 14_150) + "\u{200D}"), paste, .draw,
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Seed 400 (notes, 800×480): in a dialog's field, "F" typed on the keys, double-tapped (its
    /// edit menu shown above the field), then an input method's preedit "かん" replaced the
    /// selection; the menu stayed, and a tap on its Delete committed the preedit and deleted its
    /// last letter. A preedit takes the menu away, as typing does.
    @Test func aPreeditTakesTheEditMenuAway() {
        let soak = DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480))
        let events: [SoakEvent] = [
            .modal(present: true), .touch(finger: 3, phase: 0, x: 640, y: 457), .focus(9), .advance(0.03),
            .touch(finger: 2, phase: 0, x: 339, y: 350), .touch(finger: 2, phase: 2, x: 339, y: 350),
            .touch(finger: 2, phase: 0, x: 435, y: 230), .touch(finger: 2, phase: 2, x: 435, y: 230),
            .touch(finger: 2, phase: 0, x: 435, y: 230), .touch(finger: 2, phase: 2, x: 435, y: 230),
            .compose("かん", selectionStart: 2, selectionLength: 0),
            .touch(finger: 1, phase: 0, x: 323, y: 179), .touch(finger: 1, phase: 2, x: 323, y: 179),
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }
}
