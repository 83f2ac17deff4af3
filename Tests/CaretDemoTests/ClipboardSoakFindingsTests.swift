// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// Long-soak findings about the clipboard that were the oracle's: a copy or cut the soak thought
/// certain that did not happen (or could not), and pastes of what the clipboard really held.
/// Each replays the shrunk log and is red without the oracle's change.
@Suite(.serialized) @MainActor
struct ClipboardSoakFindingsTests {
    /// Seed 261230084 (notes, 483×986, world, dictionaries): a finger down on the edit menu's
    /// Copy slides 58 points right and lifts on Paste, past a control's 44-point slop: nothing is
    /// copied, and a later Paste in the PIN field pastes what the clipboard held before. The
    /// oracle keeps both clipboards possible when a lift is near a button but not on it.
    @Test func aCopyLiftedOffItsButtonMayCopyNothing() throws {
        let log = #"""
            {"draw":{}}
            {"touch":{"x":51,"phase":0,"finger":2,"y":24}}
            {"touch":{"x":51,"phase":2,"finger":2,"y":24}}
            {"touch":{"x":36,"phase":0,"finger":3,"y":381}}
            {"touch":{"x":69,"phase":0,"finger":1,"y":245}}
            {"key":{"isRepeat":false,"modifiers":393216,"characters":"","isDown":true,"code":82}}
            {"touch":{"x":182,"phase":0,"finger":3,"y":985}}
            {"touch":{"x":182,"phase":2,"finger":3,"y":985}}
            {"modal":{"present":true}}
            {"keyboardType":{"type":11,"view":27}}
            {"modal":{"present":false}}
            {"draw":{}}
            {"touch":{"x":444,"phase":0,"finger":1,"y":960}}
            {"mouseDown":{"x":50,"y":656,"clicks":1,"modifiers":0,"button":2}}
            {"clipboard":{"_0":"a👍🏽user@example.com ⁠I\u001b quick -7 I(555)Iuser@example.com 🇩🇪 שלום, world 42! ́̂ ok"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":262.57460927659736,"phase":0,"finger":1,"y":904.1781565965803}}
            {"touch":{"x":262.57460927659736,"phase":2,"finger":1,"y":904.1781565965803}}
            {"draw":{}}
            {"touch":{"x":191,"phase":0,"finger":3,"y":845}}
            {"touch":{"x":191,"phase":2,"finger":3,"y":845}}
            {"text":{"_0":"🏽"}}
            {"clipboard":{"_0":"bשלום, world 42!uภาษาไทยकिnaïve \tCaret"}}
            {"touch":{"x":223,"phase":0,"finger":3,"y":889}}
            {"touch":{"x":223,"phase":2,"finger":3,"y":889}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"","isDown":true,"code":79}}
            {"touch":{"x":220,"phase":0,"finger":2,"y":897}}
            {"touch":{"x":220,"phase":2,"finger":2,"y":897}}
            {"touch":{"x":157,"phase":0,"finger":1,"y":840}}
            {"touch":{"x":218,"phase":2,"finger":1,"y":844}}
            {"focus":{"_0":3}}
            {"text":{"_0":"+44 20 7946 0958"}}
            {"touch":{"x":281,"phase":0,"finger":2,"y":848}}
            {"touch":{"x":281,"phase":2,"finger":2,"y":848}}
            {"touch":{"x":379,"phase":0,"finger":1,"y":735}}
            {"advance":{"_0":2.5}}
            {"touch":{"x":415.5030986010323,"phase":1,"finger":1,"y":735}}
            {"touch":{"x":415.5030986010323,"phase":2,"finger":1,"y":735}}
            {"touch":{"x":317,"phase":0,"finger":1,"y":705}}
            {"touch":{"x":351.74528378444904,"phase":2,"finger":1,"y":705}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true))
    }

    /// Seeds 261330006 and 261340041 (form, 800×480): "42" selected by Shift+Home, copied, and
    /// pasted over itself (and a pasted line break, a space in one line, over a selected space).
    /// The paste arrived; the text only looks unchanged, as for typed text and taps.
    @Test func aSelectionPastedOverItselfTookThePaste() throws {
        let log = """
            {"modal":{"present":true}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"","isDown":true,"code":74}}
            {"text":{"_0":"42"}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":74}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"c","isDown":true,"code":6}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"v","isDown":true,"code":25}}
            """
        let replay = try watchReplay(log, DemoSoak.make(screen: "form", size: Size(width: 800, height: 480)))
        let copied = replay.steps[replay.steps.count - 2], pasted = try #require(replay.steps.last)
        #expect(copied.focusedText?.contains("42") == true && pasted.focusedText == copied.focusedText, "\(replay.focusedTexts)")
    }

    /// Seed 261420047 (notes, 483×986, world): Option+Command+X in the read-only notes view with
    /// "." selected cut nothing, so the clipboard kept what the app had put there ("l🇯", a
    /// paragraph separator, "-7"), and the edit menu's Paste in the other text view pasted that.
    @Test func aCutInAReadOnlyViewLeavesTheClipboardAsItWas() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":43.25381821595073,"phase":0,"finger":2,"y":27.99079305375421}}
            {"touch":{"x":43.25381821595073,"phase":2,"finger":2,"y":27.99079305375421}}
            {"focus":{"_0":53}}
            {"resize":{"height":1920,"width":1080}}
            {"clipboard":{"_0":"l🇯\u{2029}-7"}}
            {"key":{"isRepeat":false,"modifiers":524288,"characters":"","isDown":true,"code":88}}
            {"draw":{}}
            {"touch":{"x":666.3472009131183,"phase":0,"finger":1,"y":226.78523023737006}}
            {"touch":{"x":622.3141074973902,"phase":1,"finger":1,"y":226.78523023737006}}
            {"touch":{"x":666.9454877396557,"phase":1,"finger":1,"y":187.7033568439703}}
            {"touch":{"x":1015.0736336683692,"phase":0,"finger":1,"y":952.6441862590667}}
            {"touch":{"x":1281.2451208437183,"phase":1,"finger":1,"y":1034.7804290932968}}
            {"touch":{"x":811,"phase":0,"finger":2,"y":932}}
            {"touch":{"x":811,"phase":2,"finger":2,"y":932}}
            {"resize":{"height":700,"width":1024}}
            {"touch":{"x":179,"phase":0,"finger":1,"y":225}}
            {"touch":{"x":179,"phase":2,"finger":1,"y":225}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":996,"phase":0,"finger":2,"y":122}}
            {"touch":{"x":996,"phase":2,"finger":2,"y":122}}
            {"touch":{"x":996,"phase":0,"finger":1,"y":122}}
            {"key":{"isRepeat":false,"modifiers":1572864,"characters":"x","isDown":true,"code":27}}
            {"mouseDown":{"x":14,"y":49,"clicks":3,"modifiers":0,"button":1}}
            {"mouseUp":{"x":14,"y":49,"modifiers":0,"button":1}}
            {"touch":{"x":921.4930534909474,"phase":0,"finger":1,"y":684.2388900460172}}
            {"touch":{"x":806.3944427927579,"phase":1,"finger":1,"y":698.9911120368138}}
            {"touch":{"x":346,"phase":1,"finger":1,"y":758}}
            {"touch":{"x":346,"phase":2,"finger":1,"y":758}}
            {"wheel":{"x":147.35700322219134,"y":651.5975355367818,"dy":383.97374700168893,"dx":0}}
            {"touch":{"x":338,"phase":0,"finger":1,"y":688}}
            {"touch":{"x":338,"phase":2,"finger":1,"y":688}}
            {"text":{"_0":"漢字"}}
            {"text":{"_0":"漢字"}}
            {"touch":{"x":313,"phase":0,"finger":3,"y":392}}
            {"touch":{"x":313,"phase":2,"finger":3,"y":392}}
            {"touch":{"x":280,"phase":0,"finger":1,"y":332}}
            {"touch":{"x":280,"phase":2,"finger":1,"y":332}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true))
    }

    /// Seed 261520005 (form, 800×480 made 600×1024): "zhong" composed with its "z" selected, then
    /// Ctrl+Cmd+C. The key commits the composition first: the caret goes to its end and nothing
    /// is selected to copy, so the edit menu's Paste pastes what the clipboard held before. The
    /// oracle keeps both clipboards possible for a copy or cut by key over a composition.
    @Test func aCopyOverACompositionMayCopyNothing() throws {
        let log = """
            {"resize":{"height":1024,"width":600}}
            {"modal":{"present":true}}
            {"clipboard":{"_0":"‮ \u{7F} नमस्ते 👍🏽‍a日本語 and العربيةhttps://example.com/a?b=c\u{2029}user@example.com"}}
            {"touch":{"x":379,"phase":0,"finger":1,"y":522}}
            {"text":{"_0":"brownuser@example.com️"}}
            {"compose":{"selectionStart":0,"selectionLength":1,"_0":"zhong"}}
            {"key":{"isRepeat":false,"modifiers":1310720,"characters":"c","isDown":true,"code":6}}
            {"touch":{"x":393,"phase":0,"finger":2,"y":503}}
            {"touch":{"x":393,"phase":2,"finger":2,"y":503}}
            {"touch":{"x":471,"phase":0,"finger":1,"y":485}}
            {"touch":{"x":466.1276576084109,"phase":2,"finger":1,"y":485}}
            """
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "form", size: Size(width: 800, height: 480)))
    }

    /// Soak seed 550000142 (shrunk; its 240 KB clipboard of "x" cut to 40): "글" selected, a tap
    /// on the edit menu's Copy while a second finger landed copied nothing (the two fingers
    /// cancelled the tap); a paste later brought the clipboard's old text, which the soak, sure of
    /// the copy, did not expect. A tap another finger overlaps may or may not press its button.
    @Test func aMenuTapAnotherFingerOverlapsMayNotCopy() throws {
        let log = #"""
            {"draw":{}}
            {"mouseDown":{"x":84,"y":23,"clicks":1,"modifiers":0,"button":3}}
            {"mouseUp":{"x":84,"y":23,"modifiers":0,"button":3}}
            {"resize":{"height":480,"width":800}}
            {"touch":{"x":643,"phase":0,"finger":3,"y":428}}
            {"focus":{"_0":19}}
            {"wheel":{"x":9.053775272371212,"y":147.13823283849277,"dy":48.28359572401422,"dx":0}}
            {"clipboard":{"_0":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":706.3032139840324,"phase":0,"finger":1,"y":310.6053995760073}}
            {"touch":{"x":768.6165328874829,"phase":1,"finger":1,"y":513.4605320150605}}
            {"touch":{"x":830.9298517909333,"phase":1,"finger":1,"y":716.3156644541136}}
            {"touch":{"x":775,"phase":2,"finger":1,"y":162}}
            {"touch":{"x":39,"phase":0,"finger":3,"y":152}}
            {"advance":{"_0":0.05}}
            {"text":{"_0":"글"}}
            {"touch":{"x":231,"phase":0,"finger":1,"y":150}}
            {"advance":{"_0":0.55}}
            {"touch":{"x":18,"phase":0,"finger":1,"y":122}}
            {"touch":{"x":41,"phase":0,"finger":2,"y":172}}
            {"touch":{"x":18,"phase":2,"finger":1,"y":122}}
            {"resize":{"height":700,"width":1024}}
            {"touch":{"x":255.54105311426656,"phase":0,"finger":1,"y":206.91420212093638}}
            {"touch":{"x":292.9790253370476,"phase":1,"finger":1,"y":267.7642133669851}}
            {"touch":{"x":872.1996715969958,"phase":1,"finger":1,"y":-228.30574027131735}}
            {"touch":{"x":309,"phase":0,"finger":1,"y":380}}
            {"touch":{"x":329.0007383636748,"phase":1,"finger":1,"y":423.44050217087056}}
            {"touch":{"x":571,"phase":1,"finger":1,"y":91}}
            {"advance":{"_0":0.3}}
            {"touch":{"x":345,"phase":0,"finger":2,"y":53}}
            {"touch":{"x":345,"phase":2,"finger":2,"y":53}}
            {"resize":{"height":1465,"width":1460}}
            {"mouseDown":{"x":628.5021639854302,"y":1423.464678438774,"clicks":1,"modifiers":0,"button":3}}
            {"touch":{"x":25,"phase":0,"finger":1,"y":1415}}
            {"touch":{"x":33.80060289346388,"phase":2,"finger":1,"y":1392.8583214781738}}
            """#
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "notes", size: Size(width: 1024, height: 700), handwriting: true))
    }

    /// Seed 340000011 (the form in a table, 1024×700, bundled fonts and dictionaries): in the
    /// dialog's field, a URL pasted (a space added after it), Shift+Page Up selecting it, then
    /// Ctrl+Alt+V pasting it over itself: the same text again, the caret after it. The paste
    /// arrived (the text was edited into what it was), but the soak said it never did. An edit
    /// that leaves the same text counts as arrived; input that edits nothing still does not.
    @Test func aPasteOverItsOwnTextArrives() throws {
        let log = #"""
            {"modal":{"present":true}}
            {"resize":{"height":1024,"width":600}}
            {"mouseDown":{"x":336,"y":505,"clicks":2,"modifiers":0,"button":1}}
            {"resize":{"height":480,"width":800}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"한"}}
            {"mouseDown":{"x":460,"y":220,"clicks":1,"modifiers":0,"button":1}}
            {"clipboard":{"_0":"Ihttps:\/\/example.com\/a?b=cx"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"key":{"isRepeat":true,"modifiers":131072,"characters":"","isDown":true,"code":75}}
            {"key":{"isRepeat":false,"modifiers":786432,"characters":"v","isDown":true,"code":25}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "table", size: Size(width: 1024, height: 700), fonts: .bundled, dictionaries: true))
    }

    /// Seed 380000124 (table, 1024×700, bundled fonts, dictionaries), an oracle fix: a finger went
    /// down on the edit menu's Cut and lifted 70 points away, which may not press it (it did
    /// not); the oracle took the clipboard to hold the cut text for sure, since it had held
    /// nothing, and a later Cmd+V in the form's e-mail field "never arrived". A copy that may not
    /// have happened now leaves "nothing" among what the clipboard may hold.
    @Test func aCutThatMayNotHaveHappenedOwesNoPaste() throws {
        let log = """
            {"resize":{"height":800,"width":1280}}
            {"touch":{"x":1240.931514935955,"phase":0,"finger":1,"y":124.88790846352771}}
            {"text":{"_0":"テキスト"}}
            {"advance":{"_0":0.55}}
            {"touch":{"x":648.7855596608061,"phase":1,"finger":1,"y":129.6539223845965}}
            {"touch":{"x":648.7855596608061,"phase":2,"finger":1,"y":129.6539223845965}}
            {"touch":{"x":177,"phase":0,"finger":2,"y":76}}
            {"touch":{"x":177,"phase":2,"finger":2,"y":76}}
            {"touch":{"x":100,"phase":0,"finger":1,"y":103}}
            {"touch":{"x":178,"phase":2,"finger":1,"y":145}}
            {"mouseDown":{"x":72,"y":31,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":72,"y":31,"modifiers":0,"button":1}}
            {"touch":{"x":437,"phase":0,"finger":2,"y":192}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"v","isDown":true,"code":25}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "table", size: Size(width: 1024, height: 700), fonts: .bundled, dictionaries: true))
    }
}
