// SPDX-License-Identifier: Apache-2.0

import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret
@testable import CaretTesting

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
    @Test func aPreeditTakesTheEditMenuAway() throws {
        let soak = DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480))
        let events: [SoakEvent] = [
            .modal(present: true), .touch(finger: 3, phase: 0, x: 640, y: 457), .focus(9), .advance(0.03),
            .touch(finger: 2, phase: 0, x: 339, y: 350), .touch(finger: 2, phase: 2, x: 339, y: 350),
            .touch(finger: 2, phase: 0, x: 435, y: 230), .touch(finger: 2, phase: 2, x: 435, y: 230),
            .touch(finger: 2, phase: 0, x: 435, y: 230), .touch(finger: 2, phase: 2, x: 435, y: 230),
            .compose("かん", selectionStart: 2, selectionLength: 0),
            .touch(finger: 1, phase: 0, x: 323, y: 179), .touch(finger: 1, phase: 2, x: 323, y: 179),
        ]
        let replay = watchReplay(events, soak)
        let composed = try #require(replay.steps.firstIndex { if case .compose = $0.event { true } else { false } })
        #expect(replay.steps[composed - 1].showsEditMenu && !replay.steps[composed].showsEditMenu, "the preedit took the menu away")
        #expect(replay.steps.last?.focusedText?.contains("かん") == true, "the tap where Delete was deleted nothing:\n\(replay.focusedTexts)")
    }

    /// Seed 261124711 (kiosk, 483×986, bundled fonts, dictionaries): one finger down on the notes,
    /// a second finger tapping them, then the first finger reappearing on the keyboard's delete
    /// key and held. The first finger's hold timer had been replaced by the second's and was never
    /// cancelled: it fired, selected the word under the first touch, and the held delete removed
    /// that word instead of the text before the caret.
    @Test func anEarlierFingersHoldDoesNotFireAfterASecondFingerTapped() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true)
        let pasted =
            "https://example.com/a?b=c\u{200B}Iuser@example.com\u{1100}\u{1161}\u{C}\u{65E5}\u{672C}\u{8A9E} and "
            + "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629}I\u{D}-7\u{301}\u{302}Caret\u{2060}"
        let events: [SoakEvent] = [
            .touch(finger: 3, phase: 0, x: 34, y: 36), .touch(finger: 3, phase: 2, x: 34, y: 36), .focus(33), .clipboard(pasted),
            .key(code: 25, characters: "v", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
            .text("한"), .touch(finger: 1, phase: 0, x: 95, y: 554), .touch(finger: 2, phase: 0, x: 112, y: 532),
            .touch(finger: 2, phase: 2, x: 112, y: 532), .draw, .text("(555)"),
            .touch(finger: 1, phase: 0, x: 424.11586727198755, y: 911.8744628530959), .advance(1.2),
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Seed 261126013 (kiosk, 800×480, the fixed-advance font; found in the long soak): a lone
    /// variation selector typed, the caret moved before it, an input method's preedit "e" (which
    /// joins it into one cluster, so the marked range widens over it), then a key that commits:
    /// the whole marked range was committed as the preedit's text, and the selector was doubled.
    @Test func committingAPreeditThatJoinedTheNextCharacterKeepsThatCharacterOnce() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480))
        let events: [SoakEvent] = [
            .modal(present: true), .key(code: 77, characters: "", modifiers: 0, isDown: true, isRepeat: false), .text("\u{FE0F}"),
            .key(code: 82, characters: "", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
            .compose("e", selectionStart: 1, selectionLength: 0),
            .key(code: 28, characters: "y", modifiers: 1_835_008, isDown: true, isRepeat: false),
        ]
        let replay = watchReplay(events, soak)
        let text = replay.steps.last?.focusedText ?? ""
        #expect(text.unicodeScalars.filter { $0 == "\u{FE0F}" }.count == 1, "the selector typed once is there once: \(text.debugDescription)")
        #expect(text.unicodeScalars.filter { $0 == "e" }.count == 1 && replay.steps.last?.hasMarkedText == false, "\(text.debugDescription)")
    }

    /// Seed 261125016 (form, 483×986, world, bundled fonts, dictionaries; found in the long soak):
    /// the Name field (`maximumLength` 40) composing "重" with the on-screen Chinese engine, then
    /// Shift+Delete. The commit would pass 40, is refused, and cancels the composition; the delete
    /// then removes what follows where the composition began. The oracle had allowed a dropped
    /// composition or a delete after a commit, not a refused commit and then the delete.
    @Test func aRefusedCommitThenAForwardDeleteIsExplained() throws {
        let log = """
            {"key":{"isRepeat":true,"modifiers":1572864,"characters":"","isDown":true,"code":88}}
            {"touch":{"x":36,"phase":0,"finger":1,"y":584}}
            {"touch":{"x":36,"phase":2,"finger":1,"y":584}}
            {"key":{"isRepeat":false,"modifiers":786432,"characters":"","isDown":true,"code":80}}
            {"draw":{}}
            {"touch":{"x":198,"phase":0,"finger":3,"y":869}}
            {"touch":{"x":198,"phase":2,"finger":3,"y":869}}
            {"touch":{"x":150.06915564029134,"phase":0,"finger":1,"y":492.834894372288}}
            {"touch":{"x":150.06915564029134,"phase":2,"finger":1,"y":492.834894372288}}
            {"focus":{"_0":45}}
            {"text":{"_0":"user@example.com"}}
            {"touch":{"x":46,"phase":0,"finger":2,"y":820}}
            {"touch":{"x":46,"phase":0,"finger":3,"y":820}}
            {"touch":{"x":46,"phase":2,"finger":3,"y":820}}
            {"text":{"_0":"kiosk 😀"}}
            {"touch":{"x":94,"phase":0,"finger":3,"y":811}}
            {"text":{"_0":"hello 42"}}
            {"text":{"_0":"quick"}}
            {"mouseDown":{"x":34.87087372004112,"y":792.7244181493394,"clicks":1,"modifiers":0,"button":2}}
            {"mouseUp":{"x":34.87087372004112,"y":792.7244181493394,"modifiers":0,"button":2}}
            {"language":{"_0":5}}
            {"resize":{"height":524,"width":1252}}
            {"touch":{"x":310,"phase":0,"finger":1,"y":139}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":419,"phase":0,"finger":1,"y":507}}
            {"touch":{"x":419,"phase":2,"finger":1,"y":507}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"resize":{"height":240,"width":320}}
            {"advance":{"_0":0.03}}
            {"mouseDown":{"x":218.24605395703753,"y":162.98129556420477,"clicks":2,"modifiers":0,"button":3}}
            {"touch":{"x":219,"phase":0,"finger":3,"y":150}}
            {"touch":{"x":219,"phase":2,"finger":3,"y":150}}
            {"draw":{}}
            {"touch":{"x":119.5,"phase":0,"finger":1,"y":222}}
            {"advance":{"_0":0.8}}
            {"touch":{"x":132.5785786882152,"phase":1,"finger":1,"y":222}}
            {"touch":{"x":35,"phase":0,"finger":2,"y":187}}
            {"touch":{"x":35,"phase":2,"finger":2,"y":187}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":76}}
            """
        let events = try Self.events(log)
        let soak = DemoSoak.make(screen: "form", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true)
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Seed 261128038 (kiosk, 800×480, bundled fonts, dictionaries): "3.14a" in a field, its bar
    /// offering "3.14", then a finger down on the keyboard's Return and lifted far from it. Return
    /// in a single-line field types nothing but takes the bar's correction, as UIKit's does; the
    /// oracle allowed the correction only before a typed space, punctuation or line break. (A word
    /// with a digit is no longer corrected, so the replay types "teh".)
    @Test func returnInASingleLineFieldTakesTheBarsCorrection() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true)
        let events: [SoakEvent] = [
            .resize(width: 600, height: 1024), .modal(present: true), .touch(finger: 2, phase: 0, x: 276, y: 496), .text("te"),
            .key(code: 11, characters: "h", modifiers: 0, isDown: true, isRepeat: false), .text("h"),
            .touch(finger: 2, phase: 0, x: 247, y: 522), .touch(finger: 2, phase: 2, x: 247, y: 522), .draw,
            .touch(finger: 1, phase: 0, x: 502, y: 978), .touch(finger: 1, phase: 2, x: 336.3855861552767, y: 114.60081795359451),
        ]
        let replay = watchReplay(events, soak)
        let before = replay.steps[replay.steps.count - 3].focusedText ?? ""
        let after = replay.steps.last?.focusedText ?? ""
        #expect(before.hasSuffix("teh"), "\(replay.focusedTexts)")
        #expect(after == String(before.dropLast(3)) + "the", "Return took the bar's correction and typed nothing:\n\(replay.focusedTexts)")
    }

    /// Seed 261130033 (kiosk, 1024×700, bundled fonts, dictionaries): "Beleive" typed on the
    /// German keys, space put in the bar's correction ("Beleihe "), and the on-screen Backspace
    /// right after it put the typed word back, as it should; the oracle knew no such change. The
    /// correction's search goes on after frames: the replay gives it half a second before the
    /// space (the shrunk log gave none, and the space then found no correction to put in).
    @Test func backspaceRightAfterACorrectionPutsTheTypedWordBack() throws {
        let log = """
            {"advance":{"_0":0.02}}
            {"touch":{"x":347,"phase":0,"finger":2,"y":612}}
            {"modal":{"present":true}}
            {"resize":{"height":800,"width":1280}}
            {"language":{"_0":4}}
            {"touch":{"x":541,"phase":0,"finger":2,"y":397}}
            {"advance":{"_0":0.05}}
            {"touch":{"x":741,"phase":0,"finger":2,"y":704}}
            {"touch":{"x":741,"phase":2,"finger":2,"y":704}}
            {"touch":{"x":338,"phase":0,"finger":2,"y":580}}
            {"advance":{"_0":0.08}}
            {"touch":{"x":942,"phase":0,"finger":3,"y":642}}
            {"advance":{"_0":0.08}}
            {"touch":{"x":338,"phase":0,"finger":2,"y":580}}
            {"advance":{"_0":0.08}}
            {"touch":{"x":842,"phase":0,"finger":3,"y":580}}
            {"touch":{"x":640,"phase":0,"finger":1,"y":704}}
            {"touch":{"x":640,"phase":2,"finger":1,"y":704}}
            {"touch":{"x":338,"phase":0,"finger":3,"y":580}}
            {"touch":{"x":338,"phase":2,"finger":3,"y":580}}
            {"advance":{"_0":0.5}}
            {"touch":{"x":508,"phase":0,"finger":2,"y":766}}
            {"touch":{"x":508,"phase":2,"finger":2,"y":766}}
            {"touch":{"x":1106.479441171636,"phase":0,"finger":2,"y":723.3361522412243}}
            """
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, dictionaries: true)
        let replay = try watchReplay(log, soak)
        let texts = replay.steps.map { $0.focusedText ?? "" }
        // The keys typed "Beleive"; space put in the correction; Backspace (the last touch) put the word back.
        let spaced = try #require(texts.firstIndex { $0.hasSuffix(" ") }, "\(replay.focusedTexts)")
        let typed = texts[spaced - 1]
        #expect(typed.hasSuffix("Beleive") && texts[spaced] != typed + " ", "space put in a correction:\n\(replay.focusedTexts)")
        #expect(texts.last == typed, "Backspace put the typed word back:\n\(replay.focusedTexts)")
    }

    /// Seed 261140019 (form, 483×986): Ctrl+V before anything was touched or focused. A key with
    /// nothing focused and no touch yet focuses the first field and reaches it (the keyboard-driven
    /// start), so the paste went into the name field; the oracle read the screen as unfocused.
    @Test func aPasteAsTheFirstKeyGoesIntoTheFirstField() {
        let soak = DemoSoak.make(screen: "form", size: Size(width: 483, height: 986))
        let events: [SoakEvent] = [
            .clipboard("\u{200D}w+44 20 7946 0958👨‍👩‍👧"),
            .key(code: 25, characters: "v", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
        ]
        let replay = watchReplay(events, soak)
        let pasted = replay.steps.last?.texts.first ?? ""
        #expect(pasted.contains("7946 0958"), "the first field holds the paste: \(replay.steps.last?.texts ?? [])")
        #expect(replay.steps.last?.focusedText == pasted)
    }

    /// Seed 261150010 (kiosk, 483×986, bundled fonts, dictionaries): 74 lines pasted at the end
    /// of the notes, editing ended, the window narrowed to 136 points. The lines at the end came
    /// out shorter than estimated, the end moved up, and each layout pass uncovered lines above
    /// the last: seven passes, and the layout phase stopped at four, leaving lines to drawing.
    @Test func narrowingALongTextScrolledToItsEndIsLaidOutBeforeItIsDrawn() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true)
        let events: [SoakEvent] = [
            .touch(finger: 1, phase: 0, x: 60, y: 26), .touch(finger: 1, phase: 2, x: 60, y: 26),
            .touch(finger: 2, phase: 0, x: 51.82606523270815, y: 860.1952013163195),
            .touch(finger: 2, phase: 2, x: 51.82606523270815, y: 860.1952013163195), .draw,
            .touch(finger: 2, phase: 0, x: 433, y: 10), .touch(finger: 2, phase: 2, x: 433, y: 10),
            .clipboard(String(repeating: "line of text\n", count: 74) + "😀"),
            .key(code: 25, characters: "v", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
            .endEditing(force: true), .resize(width: 136, height: 664), .draw,
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Seed 261160032 (form, 800×480): text typed in the e-mail field, then a finger landed just
    /// right of it, on the clear button's margin. The clear button cleared as the finger landed;
    /// as a button it clears when the finger lifts on or near it (TextFieldFlowTests has the rule).
    @Test func aFingerLandingOnTheClearButtonClearsNothingUntilItLifts() {
        let soak = DemoSoak.make(screen: "form", size: Size(width: 800, height: 480))
        let events: [SoakEvent] = [
            .key(code: 40, characters: "", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
            .text(" "), .text("é"), .text("(مرحبا) [שלום]"), .text("a"),
            .touch(finger: 1, phase: 0, x: 776.6224091987381, y: 209.9991971548631),
        ]
        let replay = watchReplay(events, soak)
        let typed = replay.steps[replay.steps.count - 2].focusedText ?? ""
        #expect(typed.contains("é") && typed.hasSuffix("a"), "\(replay.focusedTexts)")
        #expect(replay.steps.last?.focusedText == typed, "the finger landing cleared nothing:\n\(replay.focusedTexts)")
    }

    /// Seed 261170017 (form, 483×986): a dialog's field tapped, a composition "zho" with the caret
    /// at its start, then Shift-Option-Delete (forward). The key commits the composition, which
    /// leaves the caret after it at the end of the text: the delete has nothing to remove, and
    /// nothing was lost.
    @Test func aForwardDeleteThatCommitsACompositionAtTheEndRemovesNothing() throws {
        let log = """
            {"modal":{"present":true}}
            {"touch":{"x":195,"phase":0,"finger":1,"y":495}}
            {"compose":{"selectionStart":0,"selectionLength":0,"_0":"zho"}}
            {"key":{"isRepeat":false,"modifiers":655360,"characters":"","isDown":true,"code":76}}
            """
        let replay = try watchReplay(log, DemoSoak.make(screen: "form", size: Size(width: 483, height: 986)))
        let composing = replay.steps[replay.steps.count - 2], last = try #require(replay.steps.last)
        #expect(composing.hasMarkedText && composing.focusedText?.hasSuffix("zho") == true, "\(replay.focusedTexts)")
        #expect(last.focusedText == composing.focusedText && !last.hasMarkedText, "committed, nothing removed:\n\(replay.focusedTexts)")
    }

    /// Seed 261180057 (form, 800×480 made 1021×105): the keyboard, taller than the window, rises
    /// above its top edge; a tap at y = -3, above the window, over a drawn key, reaches no view
    /// (the window's hit test), so it types nothing.
    @Test func aTapAboveTheWindowOverAKeyTypesNothing() throws {
        let log = """
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"","isDown":true,"code":80}}
            {"text":{"_0":"fox"}}
            {"text":{"_0":" "}}
            {"resize":{"height":1920,"width":1080}}
            {"touch":{"x":688.1118579895515,"phase":0,"finger":1,"y":155.04060070801387}}
            {"touch":{"x":688.1118579895515,"phase":2,"finger":1,"y":155.04060070801387}}
            {"touch":{"x":541.892847276423,"phase":0,"finger":1,"y":881.4086312504572}}
            {"touch":{"x":338.9464236382115,"phase":1,"finger":1,"y":619.7043156252287}}
            {"touch":{"x":136,"phase":1,"finger":1,"y":358}}
            {"resize":{"height":105,"width":1021}}
            {"key":{"isRepeat":false,"modifiers":393216,"characters":"","isDown":true,"code":82}}
            {"touch":{"x":87,"phase":0,"finger":1,"y":59}}
            {"touch":{"x":86.98881669580106,"phase":1,"finger":1,"y":118.08474892075066}}
            {"touch":{"x":86.97763339160213,"phase":1,"finger":1,"y":177.1694978415013}}
            {"touch":{"x":86.97763339160213,"phase":2,"finger":1,"y":177.1694978415013}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.02}}
            {"advance":{"_0":0.05}}
            {"language":{"_0":11}}
            {"advance":{"_0":0.02}}
            {"touch":{"x":300,"phase":0,"finger":3,"y":90}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":300,"phase":2,"finger":3,"y":90}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.02}}
            {"advance":{"_0":0.05}}
            {"touch":{"x":316,"phase":0,"finger":3,"y":-3}}
            {"touch":{"x":316,"phase":2,"finger":3,"y":-3}}
            """
        let replay = try watchReplay(log, DemoSoak.make(screen: "form", size: Size(width: 800, height: 480)))
        let before = replay.steps[replay.steps.count - 3]
        #expect(before.texts.contains { $0.contains("fox") }, "\(before.texts)")
        #expect(replay.steps.suffix(2).allSatisfy { $0.texts == before.texts }, "the tap at y = -3 typed nothing")
    }

    /// Seed 261200002 (kiosk, 800×480 made 1255×1488, bundled fonts, dictionaries, French): in the
    /// booking-code field "kioskM u‮the", a double tap selects "kioskM" and the edit menu offers
    /// "kiosque"; Select All by key, then a tap where that offer was. The menu went with the new
    /// selection, so nothing is replaced (it replaced "kioskM" inside the whole selection).
    @Test func aReplacementOfferedForAWordGoesWhenTheSelectionChanges() throws {
        let log = """
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":40}}
            {"touch":{"x":404.731761355636,"phase":0,"finger":3,"y":654.4883006682064}}
            {"wheel":{"x":437.95769555069455,"y":179.5429159986594,"dy":383.2641299686744,"dx":0}}
            {"resize":{"height":1488,"width":1255}}
            {"focus":{"_0":14}}
            {"language":{"_0":7}}
            {"text":{"_0":"don't"}}
            {"touch":{"x":366,"phase":0,"finger":3,"y":575}}
            {"touch":{"x":366,"phase":2,"finger":3,"y":575}}
            {"focus":{"_0":8}}
            {"draw":{}}
            {"text":{"_0":"kiosk"}}
            {"touch":{"x":937,"phase":0,"finger":1,"y":1365}}
            {"touch":{"x":937,"phase":2,"finger":1,"y":1365}}
            {"clipboard":{"_0":"u‮the"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":431,"phase":0,"finger":1,"y":1398}}
            {"touch":{"x":431,"phase":2,"finger":1,"y":1398}}
            {"touch":{"x":284,"phase":0,"finger":1,"y":1452}}
            {"touch":{"x":143.8339141961314,"phase":2,"finger":1,"y":1913.147479083067}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":405,"phase":0,"finger":2,"y":1151}}
            {"touch":{"x":405,"phase":2,"finger":2,"y":1151}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"a","isDown":true,"code":4}}
            {"touch":{"x":140,"phase":0,"finger":3,"y":1102}}
            {"touch":{"x":140,"phase":2,"finger":3,"y":1102}}
            """
        try Self.expectReplay(log, DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261190037 (notes, 1024×700 made 1080×1920, world, bundled fonts, dictionaries): "+"
    /// double-tapped in the phone field shows the edit menu for it; Option-Page Down moves the
    /// caret after it; a click where the menu's Delete was deleted the "+" the menu was for.
    @Test func aDeleteOfferedForASelectionGoesWhenTheCaretMoves() throws {
        let log = """
            {"touch":{"x":74,"phase":0,"finger":3,"y":34}}
            {"touch":{"x":74,"phase":2,"finger":3,"y":34}}
            {"touch":{"x":100,"phase":0,"finger":1,"y":302}}
            {"advance":{"_0":0.05}}
            {"mouseDown":{"x":390,"y":481,"clicks":3,"modifiers":0,"button":1}}
            {"touch":{"x":635,"phase":0,"finger":1,"y":660}}
            {"touch":{"x":127,"phase":2,"finger":1,"y":72}}
            {"clipboard":{"_0":"XS"}}
            {"resize":{"height":1920,"width":1080}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":88}}
            {"wheel":{"x":875,"y":351,"dy":316.4705536804513,"dx":0}}
            {"touch":{"x":436,"phase":0,"finger":3,"y":151}}
            {"touch":{"x":436,"phase":2,"finger":3,"y":151}}
            {"touch":{"x":436,"phase":0,"finger":2,"y":151}}
            {"touch":{"x":436,"phase":2,"finger":2,"y":151}}
            {"key":{"isRepeat":true,"modifiers":524288,"characters":"","isDown":true,"code":78}}
            {"mouseDown":{"x":199,"y":124,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":199,"y":124,"modifiers":0,"button":1}}
            """.replacingOccurrences(of: "XS", with: String(repeating: "x", count: 3689))
        let replay = try watchReplay(
            log,
            // Recorded before the form had its appearance section: the section lengthens the form,
            // and the wheel's scroll in the tall window would land elsewhere.
            DemoSoak.make(
                screen: "notes", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true,
                appearanceSection: false))
        let moved = replay.steps[replay.steps.count - 3]
        #expect(moved.focusedText?.contains("+") == true && replay.steps.contains { $0.editMenu?.contains("Delete") == true })
        #expect(replay.steps.suffix(2).allSatisfy { $0.texts == moved.texts }, "the click where Delete was deleted nothing")
    }

    /// Seed 261310115 (notes, 1024×700 made 1493×957, world, dictionaries): a finger on the
    /// password field's caret; another finger focuses the phone field; the first lifts. The lift
    /// showed the password's edit menu, and its Paste put the clipboard into the password while
    /// the phone field was being edited. The menu now shows only for the first responder.
    @Test func aTapEndingAfterFocusMovedShowsNoMenuForTheFieldLeft() throws {
        let log = """
            {"draw":{}}
            {"touch":{"x":40,"phase":0,"finger":1,"y":41}}
            {"touch":{"x":40,"phase":2,"finger":1,"y":41}}
            {"clipboard":{"_0":"3.14"}}
            {"resize":{"height":957,"width":1493}}
            {"mouseDown":{"x":443,"y":254,"clicks":3,"modifiers":0,"button":1}}
            {"rawText":{"_0":[237,160,128]}}
            {"touch":{"x":352,"phase":0,"finger":1,"y":258}}
            {"touch":{"x":785,"phase":0,"finger":2,"y":317}}
            {"touch":{"x":352,"phase":2,"finger":1,"y":258}}
            {"touch":{"x":459,"phase":0,"finger":3,"y":222}}
            {"touch":{"x":459,"phase":2,"finger":3,"y":222}}
            """
        let replay = try watchReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true))
        let lifted = try #require(replay.steps.first { $0.event.isTouch(phase: 2, x: 352, y: 258) })
        #expect(!lifted.showsEditMenu, "no menu for the field left")
        #expect(replay.steps.allSatisfy { !$0.texts.contains { $0.contains("3.14") } }, "nothing pasted the clipboard")
    }

    /// Seed 261450151 (kiosk, 483×986 made 1080×1920, dictionaries): a tap on the caret shows the
    /// edit menu above the field; the window shrinks back and the field moves, but the menu stayed
    /// where it was, over the keyboard, and took the touch meant for Delete. It follows now.
    @Test func theEditMenuFollowsItsFieldWhenTheWindowShrinks() throws {
        let log = """
            {"modal":{"present":true}}
            {"resize":{"height":1920,"width":1080}}
            {"touch":{"x":436,"phase":0,"finger":1,"y":957}}
            {"touch":{"x":436,"phase":2,"finger":1,"y":957}}
            {"compose":{"selectionStart":2,"selectionLength":1,"_0":"ㅎ"}}
            {"touch":{"x":472,"phase":0,"finger":2,"y":964}}
            {"touch":{"x":472,"phase":2,"finger":2,"y":964}}
            {"resize":{"height":986,"width":483}}
            {"advance":{"_0":1}}
            {"touch":{"x":434,"phase":0,"finger":3,"y":917}}
            """
        try Self.expectReplay(log, DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261500038 (kiosk, 483×986 made 1080×1920, dictionaries): "line of text" pasted many
    /// times into the notes, the window narrowed. The caret stayed in view, until an idle spelling
    /// step laid out a paragraph above it that the new width wrapped onto one more line: the
    /// caret went below the screen, and the text view heard of it only at the next frame.
    @Test func aSpellingStepBetweenFramesKeepsTheCaretInView() throws {
        let log = #"""
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":40}}
            {"resize":{"height":1920,"width":1080}}
            {"touch":{"x":351,"phase":0,"finger":1,"y":478}}
            {"touch":{"x":370.2,"phase":1,"finger":1,"y":717}}
            {"touch":{"x":461,"phase":1,"finger":1,"y":-523}}
            {"touch":{"x":461,"phase":2,"finger":1,"y":-523}}
            {"draw":{}}
            {"advance":{"_0":1}}
            {"touch":{"x":580.1170981758125,"phase":0,"finger":1,"y":995.7253191968583}}
            {"touch":{"x":580.1170981758125,"phase":2,"finger":1,"y":995.7253191968583}}
            {"clipboard":{"_0":"(مرحبا) [שלום]テキスト(555)ICaretquick-7thex‏y‎zuser@example.com(555)quick 🇯"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"clipboard":{"_0":"line of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\nline of text\n"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"advance":{"_0":1}}
            {"language":{"_0":1}}
            {"resize":{"height":915,"width":446}}
            {"advance":{"_0":0.02}}
            """#
        try Self.expectReplay(log, DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261610061 (notes, 800×480, world, dictionaries): the keyboard in Cangjie, focus
    /// moved to the read-only notes, and a finger tapped a key of the keyboard sliding away. The
    /// keyboard's engine began composing "火" that the notes could never show. A keyboard types
    /// into nothing while the first responder takes no keyboard input.
    @Test func aKeyboardSlidingAwayFromReadOnlyTextComposesNothing() throws {
        let log = """
            {"modal":{"present":true}}
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":107,"phase":0,"finger":2,"y":120}}
            {"language":{"_0":15}}
            {"modal":{"present":true}}
            {"resize":{"height":700,"width":1024}}
            {"focus":{"_0":9}}
            {"resize":{"height":838,"width":1398}}
            {"draw":{}}
            {"touch":{"x":366.40235923778783,"phase":0,"finger":1,"y":835.5069816443006}}
            {"touch":{"x":366.40235923778783,"phase":2,"finger":1,"y":835.5069816443006}}
            """
        let replay = try watchReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true))
        let before = replay.steps[replay.steps.count - 3]
        #expect(replay.steps.suffix(2).allSatisfy { !$0.hasMarkedText && $0.texts == before.texts }, "the key tapped composed and typed nothing")
    }

    /// Replays a shrunk log through a soak of the demo and expects every check to pass.
    static func expectReplay(_ log: String, _ soak: Soak, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let failure = soak.replay(try events(log))
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")", sourceLocation: sourceLocation)
    }

    /// The events of a soak log (one JSON event a line), read as `caret-soak --replay` reads them.
    static func events(_ log: String) throws -> [SoakEvent] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soak-log-\(getpid())-\(UUID().uuidString).jsonl")
        try Data(log.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Soak.readEventLog(url)
    }
}
