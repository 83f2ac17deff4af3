// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// Long-soak findings of drawing that did more than the layout phase had settled.
@Suite(.serialized) @MainActor
struct SoakDrawingFindingsTests {
    /// Seed 263000143 (kiosk, 1024×700, world, dictionaries, the scripted IBus): a long line
    /// pasted into the booking-code field, a finger down off the window (the focus ring goes), then
    /// Shift+Ctrl+Alt+PageUp (the ring comes back as the caret goes to the start). The ring's area
    /// was damaged after the layout phase, so the frame drew more of the field than was laid out:
    /// the line's second block was laid out while drawing.
    @Test func theFocusRingsAreaIsLaidOutBeforeItIsDrawn() throws {
        let pasted = String(repeating: "lorem ipsum dolor sit amet 👍🏽 é ", count: 400)
        let clipboard = String(decoding: try JSONEncoder().encode(["_0": pasted]), as: UTF8.self)
        let log = """
            {"key":{"isRepeat":false,"modifiers":0,"characters":" ","isDown":true,"code":44}}
            {"touch":{"x":721,"phase":0,"finger":3,"y":422}}
            {"advance":{"_0":0.1}}
            {"clipboard":\(clipboard)}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":-244,"phase":0,"finger":2,"y":400}}
            {"advance":{"_0":0.02}}
            {"advance":{"_0":0.016666666666666666}}
            {"draw":{}}
            {"key":{"isRepeat":false,"modifiers":917504,"characters":"","isDown":true,"code":75}}
            {"draw":{}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true, ibus: true))
    }
}
