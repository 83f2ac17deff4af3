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
}
