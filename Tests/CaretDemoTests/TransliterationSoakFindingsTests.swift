// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoSoak
import Foundation
import Testing

@testable import CaretTesting

/// Long-soak findings with the transliterations and Japanese conversion in the mix (issue 44).
@Suite(.serialized) @MainActor
struct TransliterationSoakFindingsTests {
    /// Seed 267000046 (kiosk, 320×240, world with the transliterations, dictionaries), an oracle
    /// finding: Japanese chosen from the globe key's language list, then at once a finger on the
    /// keys and a second on "a" (paired). The first finger pressed the Korean keyboard's ㅡ, as
    /// it was still drawn (a key is pressed where it was drawn: `SoakRegressionTests`), typed as
    /// text since Japanese does not take it, then "a" composed あ. The oracle knew a held key's
    /// text or the engine's, not one followed by the other.
    @Test func aHeldKeysTextMayComeBeforeTheEnginesComposition() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"modal":{"present":true}}
            {"touch":{"x":262.07465525659256,"phase":0,"finger":1,"y":130.52008421266976}}
            {"draw":{}}
            {"touch":{"x":69.37635272877546,"phase":0,"finger":1,"y":214.23033180050768}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"touch":{"x":66,"phase":1,"finger":1,"y":54}}
            {"touch":{"x":66,"phase":2,"finger":1,"y":54}}
            {"touch":{"x":255.7984229358681,"phase":0,"finger":1,"y":202.2416482792425}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":42.72284386600866,"phase":0,"finger":2,"y":166.00487266195032}}
            {"touch":{"x":42.72284386600866,"phase":2,"finger":2,"y":166.00487266195032}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 269100015 (form, 483×986, the same mix with the scripted IBus), an oracle finding:
    /// text pasted into the notes starting with a combining acute, the caret before it, "Q"
    /// composed by IBus there (it joins the acute: the commit is "Q́"), then a tap on another
    /// field. IBus's echo of "Q" was dropped rightly; the oracle looked for it in "Q́" by
    /// characters and did not find it.
    @Test func anEchoIsFoundInACommitThatJoinedTheTextAfterIt() throws {
        // The rule itself (the replay below passes in this process whichever way Foundation
        // matches "Q" in "Q́"; caret-soak's replay failed): by code units.
        #expect(ContentOracle.echo("Q", isIn: "Q\u{301}"))
        #expect(ContentOracle.echo("é", isIn: "xé"))
        #expect(!ContentOracle.echo("Q", isIn: "q"))
        #expect(!ContentOracle.echo("", isIn: "Q"))
        // Seed 270000058: é sent decomposed, committed precomposed (or the other way round).
        #expect(ContentOracle.echo("e\u{301}", isIn: "\u{E9}") && ContentOracle.echo("\u{E9}", isIn: "e\u{301}"))
        let log = #"""
            {"mouseDown":{"x":412.55298262802626,"y":490.7591842768054,"clicks":3,"modifiers":131072,"button":1}}
            {"clipboard":{"_0":"́theשלוםco-opx‏y‎z🇯ä́+44 20 7946 0958שלוםkioskquick user@example.comuser@example.com"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"resize":{"height":1920,"width":1080}}
            {"touch":{"x":279.835066512927,"phase":0,"finger":2,"y":489.09278671752395}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"q","isDown":true,"code":20}}
            {"touch":{"x":727,"phase":0,"finger":1,"y":350}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "form", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, ibus: true,
                transliteration: true))
    }

    /// Seed 269000062 (kiosk, 483×986, world with the transliterations), an oracle finding: an
    /// SDL composition 👍🏽 settled as the keyboard's Korean began, ㅁ settled as focus moved to
    /// the PIN, then SDL sent 👍🏽 again. The window dropped that echo rightly; the oracle
    /// remembered only the last composition committed (ㅁ) and called it lost.
    @Test func anEchoMayFollowAnotherSourcesCommit() throws {
        let log = #"""
            {"resize":{"height":240,"width":320}}
            {"modal":{"present":true}}
            {"touch":{"x":96.83838830467579,"phase":0,"finger":1,"y":125.21943832130363}}
            {"compose":{"selectionStart":4,"selectionLength":0,"_0":"👍🏽"}}
            {"touch":{"x":33.932246198790494,"phase":0,"finger":3,"y":161.66615790730356}}
            {"touch":{"x":33.932246198790494,"phase":2,"finger":3,"y":161.66615790730356}}
            {"focus":{"_0":34}}
            {"text":{"_0":"👍🏽"}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 270000058 (kiosk, 800×480), a finding of the oracle's own rule: the PIN field (secure)
    /// committed SDL's preedit é at once, and SDL's é that followed was dropped as its echo,
    /// rightly; compared by code units, é precomposed and é decomposed differed.
    @Test func anEchoIsComparedPrecomposed() throws {
        let log = #"""
            {"focus":{"_0":27}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"é"}}
            {"text":{"_0":"é"}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 271000069 (kiosk, then the form through its back button, resized to 320×240, with
    /// IBus), an avoidance finding: the VNI keyboard (five rows, 175 of 240 points) and Tab to the
    /// name field. The pass scrolled the form and panned the root 50 points, putting the field at
    /// y = 14, its 12-point margin below the window's top; Tab's own scroll into view then took
    /// the 13 points of the form's scroll view above the keyboard for all it showed and moved the
    /// field 12 points up in it, to y = 2, and the pass did not run again. It does now, after
    /// that scroll (with Telex's four rows the same scroll cost the field its margin silently).
    @Test func aFieldFocusedByTabKeepsTheMarginThePassGaveIt() throws {
        let log = #"""
            {"advance":{"_0":0.03}}
            {"touch":{"x":300.16252055266295,"phase":0,"finger":2,"y":947.1498635890147}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"x","isDown":true,"code":27}}
            {"touch":{"x":62,"phase":0,"finger":1,"y":38}}
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":48.18826742431167,"phase":2,"finger":1,"y":29.255667884919447}}
            {"draw":{}}
            {"language":{"_0":12}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":43}}
            {"advance":{"_0":1}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true,
                ibus: true, transliteration: true))
    }

    /// Seed 271100012 (notes, 800×480, world with the transliterations): the phone field made a
    /// URL field in code, Chinese (pinyin) shown, then the ".com" key: the engine took it key by
    /// key, "。" and the reading "com". A key of several letters types as it is.
    @Test func theDotComKeyTypesAsItIsInAComposingLanguage() throws {
        let log = #"""
            {"draw":{}}
            {"touch":{"x":80.23182718974272,"phase":0,"finger":2,"y":19.303372763573954}}
            {"touch":{"x":80.23182718974272,"phase":2,"finger":2,"y":19.303372763573954}}
            {"keyboardType":{"type":3,"view":30}}
            {"touch":{"x":635,"phase":0,"finger":1,"y":144}}
            {"language":{"_0":14}}
            {"endEditing":{"force":false}}
            {"touch":{"x":769.2017549160679,"phase":0,"finger":1,"y":315.51511512941715}}
            {"draw":{}}
            {"touch":{"x":417,"phase":0,"finger":1,"y":451}}
            {"touch":{"x":459.17195338305964,"phase":2,"finger":1,"y":451}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 273000007 (kiosk, 320×240, world with the transliterations), an oracle finding:
    /// Telex's "c" marked with its completions in the bar, a finger on the bar's ⌄ opened the
    /// candidate panel over the keys, the same finger landed again on the panel's "có" and lifted:
    /// the panel chose it ("có "). The oracle explained bar taps as the finger landed, not the
    /// panel's choice as it lifts.
    @Test func thePanelsChoiceWhenAFingerLiftsFromItIsExplained() throws {
        let log = """
            {"touch":{"x":35,"phase":0,"finger":3,"y":29}}
            {"touch":{"x":35,"phase":2,"finger":3,"y":29}}
            {"resize":{"height":240,"width":320}}
            {"focus":{"_0":7}}
            {"language":{"_0":8}}
            {"draw":{}}
            {"touch":{"x":57,"phase":0,"finger":1,"y":224}}
            {"touch":{"x":71.65834815596156,"phase":0,"finger":2,"y":149.5488200379982}}
            {"rawText":{"_0":[255,240,159,145,141,240,159,143,189]}}
            {"draw":{}}
            {"touch":{"x":140,"phase":0,"finger":1,"y":199}}
            {"touch":{"x":140,"phase":2,"finger":1,"y":199}}
            {"touch":{"x":310,"phase":0,"finger":2,"y":102}}
            {"touch":{"x":113,"phase":0,"finger":2,"y":132}}
            {"touch":{"x":113,"phase":2,"finger":2,"y":132}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 274000028 (notes, 540×211 with a dialog over it, the phone pad), a real finding: the
    /// edit menu of the dialog's field, near the top of a short window, had no room above the
    /// field and went below it, over the keyboard: its Paste covered Delete and took its touch.
    /// The menu now stays above the keyboard, covering as little of the field as it can.
    @Test func theEditMenuNeverCoversTheKeyboard() throws {
        let log = #"""
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":40}}
            {"modal":{"present":true}}
            {"resize":{"height":211,"width":540}}
            {"clipboard":{"_0":"line of text\nline of text"}}
            {"modal":{"present":true}}
            {"keyboardType":{"type":5,"view":10}}
            {"mouseDown":{"x":248,"y":98,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":247,"y":97,"modifiers":0,"button":1}}
            {"text":{"_0":"42foxabc مرحبا 123 defhttps://example.com/a?b=c(مرحبا) [שלום]"}}
            {"touch":{"x":209,"phase":0,"finger":2,"y":102}}
            {"touch":{"x":209,"phase":2,"finger":2,"y":102}}
            {"advance":{"_0":0.5}}
            {"touch":{"x":222,"phase":0,"finger":2,"y":42}}
            {"touch":{"x":222,"phase":2,"finger":2,"y":42}}
            {"touch":{"x":326,"phase":0,"finger":3,"y":98}}
            """#
        let replay = try watchReplay(
            log,
            DemoSoak.make(
                screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
        let menus = replay.steps.compactMap { step in step.editMenuFrame.map { ($0, step.keyboardFrame) } }
        #expect(!menus.isEmpty, "the edit menu showed")
        #expect(menus.allSatisfy { menu, keyboard in keyboard.map { menu.maxY <= $0.minY } ?? true }, "\(menus)")
    }

    /// Seed 274000100 (notes, 320×240, Japanese in the amount field), an oracle finding: て and
    /// a held h converted by a held space, then a clicked "e" confirmed the conversion and began
    /// the reading え. The amount field's formatter refused the commit of てH, so the conversion
    /// went and え was marked in its place: the oracle knew a refused commit's removal, not the
    /// engine's new preedit in the same event.
    @Test func aRefusedCommitsPlaceTakesTheEnginesNewReading() throws {
        let log = #"""
            {"advance":{"_0":0.03}}
            {"touch":{"x":84,"phase":0,"finger":2,"y":50}}
            {"touch":{"x":84,"phase":2,"finger":2,"y":50}}
            {"resize":{"height":240,"width":320}}
            {"modal":{"present":true}}
            {"modal":{"present":true}}
            {"modal":{"present":false}}
            {"key":{"isRepeat":false,"modifiers":917504,"characters":"","isDown":true,"code":43}}
            {"keyboardType":{"type":9,"view":14}}
            {"modal":{"present":true}}
            {"language":{"_0":2}}
            {"draw":{}}
            {"focus":{"_0":15}}
            {"touch":{"x":145,"phase":0,"finger":3,"y":132}}
            {"touch":{"x":145,"phase":2,"finger":3,"y":132}}
            {"touch":{"x":82,"phase":0,"finger":3,"y":132}}
            {"touch":{"x":82,"phase":2,"finger":3,"y":132}}
            {"touch":{"x":192,"phase":0,"finger":3,"y":162}}
            {"touch":{"x":120,"phase":0,"finger":2,"y":222}}
            {"mouseDown":{"x":92,"y":127,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":92,"y":127,"modifiers":0,"button":1}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 274000121 (notes, 1080×1920), an oracle finding: a long press selected a character
    /// and showed the edit menu; a second finger landed on Copy while the keyboard's avoidance
    /// was still sliding the notes, the menu followed its text 90 points down, and the finger
    /// lifted where Copy no longer was: nothing was copied (touch up outside), so the next paste
    /// pasted the clipboard as it was. The oracle judged the lift against where Copy had been.
    @Test func aMenuButtonIsLiftedFromWhereItIsNow() throws {
        let log = #"""
            {"draw":{}}
            {"touch":{"x":59,"phase":0,"finger":2,"y":39}}
            {"touch":{"x":59,"phase":2,"finger":2,"y":39}}
            {"touch":{"x":32.729517252334226,"phase":0,"finger":1,"y":938.9280329866539}}
            {"touch":{"x":490.52775445037577,"phase":1,"finger":1,"y":-224.84378153035755}}
            {"touch":{"x":295.7638772251879,"phase":1,"finger":1,"y":-779.4218907651788}}
            {"focus":{"_0":56}}
            {"clipboard":{"_0":"lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é lorem ipsum dolor sit amet 👍🏽 é "}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":180,"phase":0,"finger":1,"y":622}}
            {"touch":{"x":180,"phase":2,"finger":1,"y":622}}
            {"resize":{"height":1920,"width":1080}}
            {"draw":{}}
            {"touch":{"x":868,"phase":0,"finger":1,"y":776}}
            {"text":{"_0":"Caret"}}
            {"rawText":{"_0":[97,204,196,195,169]}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"","isDown":true,"code":42}}
            {"touch":{"x":400,"phase":0,"finger":1,"y":672}}
            {"advance":{"_0":0.55}}
            {"touch":{"x":400,"phase":2,"finger":1,"y":672}}
            {"touch":{"x":290,"phase":0,"finger":2,"y":622}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":290,"phase":2,"finger":2,"y":622}}
            {"text":{"_0":"\u000bx‏y‎z(555)"}}
            {"key":{"isRepeat":false,"modifiers":917504,"characters":"v","isDown":true,"code":25}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "notes", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 274000516 (kiosk, 483×986, ITRANS in the website field), an oracle finding: "d" and
    /// the URL keyboard's ".com" landed together (paired, so nothing typed until a lift); as ".com"
    /// lifted, the held "d" typed first and ITRANS composed द्, then ".com", which the engine does
    /// not take, committed द् as it stood and went in after it: "द्.com". The oracle knew a held
    /// key's text before the engine's, not the engine's before this key's.
    @Test func aHeldKeysCompositionIsSettledForThePairedKeysText() throws {
        let log = #"""
            {"mouseDown":{"x":0,"y":0,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":0,"y":0,"modifiers":0,"button":1}}
            {"touch":{"x":35,"phase":0,"finger":1,"y":676}}
            {"focus":{"_0":25}}
            {"language":{"_0":10}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":449,"phase":0,"finger":3,"y":435}}
            {"advance":{"_0":0.02}}
            {"touch":{"x":449,"phase":2,"finger":3,"y":435}}
            {"touch":{"x":138,"phase":0,"finger":1,"y":825}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":256,"phase":0,"finger":2,"y":940}}
            {"touch":{"x":256,"phase":2,"finger":2,"y":940}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }

    /// Seed 275000035 (kiosk, 320×240, Arabic in the name field of 40 characters at most), an
    /// oracle finding: two fingers on the Arabic keys, lifted together, typed ض, which took the
    /// last place, then ى, which the field refused for its length. The oracle checked the length
    /// against the text as the event began, without ض.
    @Test func aLengthRefusalCountsTheOtherKeyTypedInTheSameEvent() throws {
        let log = #"""
            {"mouseDown":{"x":18,"y":12,"clicks":1,"modifiers":0,"button":1}}
            {"mouseUp":{"x":18,"y":12,"modifiers":0,"button":1}}
            {"touch":{"x":107.21177417543073,"phase":0,"finger":1,"y":287.37692690221706}}
            {"touch":{"x":93.50892224850493,"phase":1,"finger":1,"y":328.8761042542339}}
            {"touch":{"x":38.69751454080172,"phase":1,"finger":1,"y":494.87281366230116}}
            {"touch":{"x":468.99930845102983,"phase":0,"finger":1,"y":245.46670133904743}}
            {"text":{"_0":"fox"}}
            {"rawText":{"_0":[237,160,128,226,130,254]}}
            {"draw":{}}
            {"resize":{"height":240,"width":320}}
            {"compose":{"selectionStart":4,"selectionLength":0,"_0":"にほんご"}}
            {"touch":{"x":257,"phase":0,"finger":3,"y":187}}
            {"touch":{"x":257,"phase":2,"finger":3,"y":187}}
            {"language":{"_0":7}}
            {"text":{"_0":"hello"}}
            {"touch":{"x":94.55685581740532,"phase":0,"finger":2,"y":149.95932737973848}}
            {"touch":{"x":94.55685581740532,"phase":2,"finger":2,"y":149.95932737973848}}
            {"text":{"_0":"1️⃣"}}
            {"key":{"isRepeat":false,"modifiers":1310720,"characters":"","isDown":true,"code":74}}
            {"text":{"_0":"quickä́ä́x‏y‎z﻿"}}
            {"wheel":{"x":271,"y":233,"dy":70.44680903732603,"dx":0}}
            {"text":{"_0":"कि"}}
            {"touch":{"x":162,"phase":0,"finger":1,"y":190}}
            {"touch":{"x":162,"phase":2,"finger":1,"y":190}}
            {"touch":{"x":134,"phase":0,"finger":2,"y":137}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":152,"phase":0,"finger":1,"y":222}}
            {"touch":{"x":141.30035103477397,"phase":2,"finger":1,"y":222}}
            {"touch":{"x":152,"phase":0,"finger":1,"y":222}}
            {"touch":{"x":230,"phase":0,"finger":3,"y":136}}
            {"touch":{"x":230,"phase":2,"finger":3,"y":136}}
            {"touch":{"x":152,"phase":0,"finger":3,"y":222}}
            {"touch":{"x":152,"phase":2,"finger":3,"y":222}}
            {"touch":{"x":12.156758197805395,"phase":0,"finger":1,"y":127.43033642097825}}
            {"touch":{"x":121,"phase":0,"finger":2,"y":186}}
            {"touch":{"x":121,"phase":2,"finger":2,"y":186}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log,
            DemoSoak.make(
                screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }
}
