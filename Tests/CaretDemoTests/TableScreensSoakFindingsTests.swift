@_spi(Testing) import Caret
import CaretDemoSoak
@testable import CaretTesting
import Foundation
import Testing

/// Soak findings on the table screens (issue 45): the form in a table and the chat.
@Suite(.serialized) @MainActor
struct TableScreensSoakFindingsTests {
    /// Seed 280000018 (started on the table form, 800×480, fixed-advance font): back to the form,
    /// on to the chat, its message view focused, then the window made 147 points tall. The
    /// keyboard left 21 points above it; the chat's bar (52 points, on the keyboard layout guide)
    /// went above the window's top, and the caret line with it. The demo now keeps its bar on
    /// screen when it cannot fit; a bar on the guide that cannot fit above the keyboard is the
    /// app's to place, as in UIKit, and the soak's avoidance check leaves it to the app.
    @Test func aChatBarTallerThanTheSpaceAboveTheKeyboardStaysOnScreen() throws {
        let log = """
            {"resize":{"height":700,"width":1024}}
            {"touch":{"x":62,"phase":0,"finger":1,"y":30}}
            {"touch":{"x":62,"phase":2,"finger":1,"y":30}}
            {"touch":{"x":383,"phase":0,"finger":2,"y":565}}
            {"touch":{"x":383,"phase":2,"finger":2,"y":565}}
            {"resize":{"height":1537,"width":749}}
            {"touch":{"x":278,"phase":0,"finger":2,"y":856}}
            {"touch":{"x":278,"phase":2,"finger":2,"y":856}}
            {"keyboardType":{"type":5,"view":16}}
            {"resize":{"height":147,"width":1011}}
            {"draw":{}}
            {"touch":{"x":492,"phase":0,"finger":2,"y":129}}
            {"touch":{"x":492,"phase":2,"finger":2,"y":129}}
            {"advance":{"_0":0.25}}
            """
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "table", size: Size(width: 800, height: 480)))
    }
}
