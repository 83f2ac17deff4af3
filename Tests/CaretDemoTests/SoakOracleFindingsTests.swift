// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// Long-soak findings that were the oracle's, not Caret's: what Caret did was right and the
/// oracle did not allow it. Each replays the shrunk log and is red without the oracle's change.
@Suite(.serialized) @MainActor
struct SoakOracleFindingsTests {
    /// Seed 261240008 (notes, 800×480 made 1024×700, world, dictionaries): the caret inside
    /// "kios|k", a finger held on "c" and another tapping space. The held "c" is typed first, the
    /// bar then shows "kiosk" for "kiosc", and space puts it in: "kiosk k…". The oracle allows
    /// what the bar showed during the event, not only before it.
    @Test func aHeldKeyTypedBeforeASpaceIsCorrectedAsTheBarThenShowed() throws {
        let log = """
            {"touch":{"x":32.862342514619904,"phase":0,"finger":1,"y":33.437291177543685}}
            {"touch":{"x":32.862342514619904,"phase":2,"finger":1,"y":33.437291177543685}}
            {"language":{"_0":12}}
            {"modal":{"present":true}}
            {"resize":{"height":700,"width":1024}}
            {"touch":{"x":484.7791414709733,"phase":0,"finger":3,"y":339.772469599053}}
            {"text":{"_0":"kiosk"}}
            {"modal":{"present":true}}
            {"clipboard":{"_0":"👨‍👩‍👧 842"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"modal":{"present":false}}
            {"touch":{"x":435,"phase":0,"finger":2,"y":361}}
            {"touch":{"x":435,"phase":2,"finger":2,"y":361}}
            {"draw":{}}
            {"touch":{"x":412,"phase":0,"finger":1,"y":611}}
            {"touch":{"x":489.6794370140477,"phase":0,"finger":2,"y":670.6941093212444}}
            {"touch":{"x":489.6794370140477,"phase":2,"finger":2,"y":670.6941093212444}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true))
    }

    /// Seed 262000000 (kiosk, 1024×700, world, dictionaries, the scripted IBus): "h" composing,
    /// then Ctrl+V: the input method commits "ｈ" and the paste follows in the same event; undo
    /// takes back the paste alone, to "ｈ", a text no event ended with. The oracle keeps the text
    /// after the input method's commit as a step undo returns to (so does seed 110's commit
    /// followed by a new preedit in one event).
    @Test func undoAfterAnInputMethodsCommitAndAPasteInOneEventReturnsToTheCommit() throws {
        let log = """
            {"modal":{"present":true}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":82}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"h","isDown":true,"code":11}}
            {"clipboard":{"_0":"I42"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"key":{"isRepeat":true,"modifiers":1048576,"characters":"z","isDown":true,"code":29}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, world: true, dictionaries: true, ibus: true))
        let composed = """
            {"focus":{"_0":0}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"k","isDown":true,"code":14}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"i","isDown":true,"code":12}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"o","isDown":true,"code":18}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"s","isDown":true,"code":22}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"k","isDown":true,"code":14}}
            {"key":{"isRepeat":false,"modifiers":1048576,"characters":"","isDown":true,"code":82}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"z","isDown":true,"code":29}}
            {"key":{"isRepeat":true,"modifiers":262144,"characters":"z","isDown":true,"code":29}}
            """
        try WorldSoakFindingsTests.expectReplay(composed, DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700), ibus: true))
    }

    /// Seed 262000020 (form, 800×480, world, dictionaries, the scripted IBus): a preedit "beCu"
    /// joined the ZWJ after it into its marked range; the fifth letter commits "ｂｅＣｕ" in the
    /// preedit's place, the ZWJ stays, and the new preedit "a" goes after it (the caret stops only
    /// at cluster boundaries). The oracle puts the commit in the preedit's place, and the new
    /// preedit at its end or after the marked range.
    @Test func aNewPreeditAfterACommitGoesAfterTheClusterTheOldOneJoined() throws {
        let log = """
            {"resize":{"height":1920,"width":1080}}
            {"modal":{"present":true}}
            {"clipboard":{"_0":"‍x(555) "}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"touch":{"x":441,"phase":0,"finger":2,"y":943}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"b","isDown":true,"code":5}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"e","isDown":true,"code":8}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"c","isDown":true,"code":6}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"u","isDown":true,"code":24}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"a","isDown":true,"code":4}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "form", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true, ibus: true))
    }

    /// Seed 261830002 (kiosk, 800×480 made 320×240, dictionaries): a finger held on "N" and a
    /// second tapping space after a word: the held "N" is typed first, the bar shows a correction
    /// for the word with it, space puts it in; then Backspace gives the typed word back, as after
    /// any correction. The oracle remembers a correction it allowed for a word end typed after a
    /// held key. The seed's word was "don't"; its correction's search, made in steps within a
    /// tap's budget, no longer ends within the tap that types the held key and space, so the word
    /// here is "do" ("doN", corrected to "on"), whose search ends at once.
    @Test func aCorrectionMadeByARolloverSpaceIsTakenBackByBackspace() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":24.18486266690067,"phase":0,"finger":1,"y":25.709679616747625}}
            {"modal":{"present":true}}
            {"focus":{"_0":2}}
            {"draw":{}}
            {"touch":{"x":239,"phase":0,"finger":2,"y":117}}
            {"touch":{"x":239,"phase":2,"finger":2,"y":117}}
            {"text":{"_0":"(555)"}}
            {"touch":{"x":40,"phase":0,"finger":2,"y":201}}
            {"text":{"_0":"do"}}
            {"text":{"_0":"-7"}}
            {"touch":{"x":318.487655744652,"phase":0,"finger":2,"y":189.67135690936323}}
            {"touch":{"x":318.487655744652,"phase":0,"finger":1,"y":189.67135690936323}}
            {"touch":{"x":214.56705030609893,"phase":0,"finger":1,"y":184.03194584911532}}
            {"touch":{"x":149.21932724579557,"phase":0,"finger":2,"y":231.8897306969896}}
            {"touch":{"x":149.21932724579557,"phase":2,"finger":2,"y":231.8897306969896}}
            {"touch":{"x":214.56705030609893,"phase":2,"finger":1,"y":184.03194584911532}}
            {"touch":{"x":272.2769337379243,"phase":0,"finger":2,"y":179.40658586212416}}
            """
        let replay = try watchReplay(log, DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true))
        let texts = replay.steps.map { $0.focusedText ?? "" }
        // "do" typed, then the held "n" and space in one tap: the correction and its space.
        let spaced = try #require(texts.firstIndex { $0.hasSuffix(" ") }, "\(replay.focusedTexts)")
        let typed = texts[spaced - 1]
        #expect(typed.hasSuffix("do") && !texts[spaced].lowercased().hasPrefix(typed.lowercased() + "n"), "a correction:\n\(replay.focusedTexts)")
        #expect(texts.last?.lowercased() == typed.lowercased() + "n", "Backspace put the typed word back:\n\(replay.focusedTexts)")
    }

    /// Seed 30120412 (notes, 800×480 made 1080×1920): a finger held on ".com" and another landing
    /// on Backspace. The held key is typed (rollover), then Backspace, which acts as it lands,
    /// takes its last character: ".co". The oracle allowed either, not one after the other.
    @Test func aHeldKeyTypedByABackspaceLandingLosesItsLastCharacter() throws {
        let log = """
            {"resize":{"width":1080,"height":1920}}
            {"touch":{"x":24,"y":50,"finger":2,"phase":0}}
            {"touch":{"y":50,"x":24,"phase":2,"finger":2}}
            {"touch":{"x":300,"y":430,"finger":1,"phase":0}}
            {"touch":{"y":1864.830386030723,"x":516.7634374108094,"phase":0,"finger":1}}
            {"touch":{"x":1023,"y":1833,"finger":2,"phase":0}}
            """
        let replay = try watchReplay(log, DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480)))
        #expect(replay.steps.last?.focusedText == ".co", "\(replay.focusedTexts)")
    }

    /// Seed 261250002 (form, 1024×700 made 318×1249): with the French keyboard, an apostrophe
    /// typed as raw bytes (an input method's commit) becomes French quotation: "‹" and a no-break
    /// space, as typed text does. The oracle allowed smart quotes for text, not for raw bytes.
    @Test func anApostropheTypedAsBytesMayBecomeAQuotationMark() throws {
        let log = """
            {"resize":{"height":1249,"width":318}}
            {"touch":{"x":239.4978610833596,"phase":0,"finger":1,"y":615.973738360107}}
            {"touch":{"x":204,"phase":2,"finger":1,"y":-992}}
            {"modal":{"present":true}}
            {"language":{"_0":2}}
            {"touch":{"x":162,"phase":0,"finger":1,"y":637}}
            {"rawText":{"_0":[39]}}
            """
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700)))
    }

    /// Seed 261270054 (form, 1024×700 made 1080×1920): the Arabic sign-up's password holds a
    /// space; a second finger focuses it again, and a form feed is typed. A secure field that
    /// regains focus is replaced whole by the next edit, and the form feed is a space in one
    /// line: " " became " ". The text arrived; it only looks unchanged.
    @Test func aSecureFieldReplacedWholeByTheSameTextTookTheKey() throws {
        let log = #"""
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"text":{"_0":"n"}}
            {"resize":{"height":1920,"width":1080}}
            {"text":{"_0":"z"}}
            {"mouseDown":{"x":396,"y":980,"clicks":1,"modifiers":0,"button":2}}
            {"mouseUp":{"x":396,"y":980,"modifiers":0,"button":2}}
            {"focus":{"_0":6}}
            {"text":{"_0":" "}}
            {"touch":{"x":608,"phase":0,"finger":2,"y":223}}
            {"touch":{"x":588,"phase":0,"finger":3,"y":274}}
            {"text":{"_0":"\f"}}
            """#
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "form", size: Size(width: 1024, height: 700)))
    }

    /// Seed 261300046 (kiosk, 800×480 made 1024×700, dictionaries): the booking code holds "y", a
    /// double tap selects it, and a tap on the keyboard's "y" types over it: "y" again. The key
    /// arrived; the text only looks unchanged (the oracle knew that for text events, not taps).
    @Test func aKeyTypedOverTheSameSelectedLetterTookTheKey() throws {
        let log = """
            {"modal":{"present":true}}
            {"touch":{"x":475,"phase":0,"finger":1,"y":238}}
            {"advance":{"_0":0.06666666666666667}}
            {"touch":{"x":134.6344642767364,"phase":0,"finger":1,"y":444.85305015108486}}
            {"touch":{"x":437,"phase":0,"finger":2,"y":337}}
            {"touch":{"x":437,"phase":2,"finger":2,"y":337}}
            {"touch":{"x":134.6344642767364,"phase":2,"finger":1,"y":444.85305015108486}}
            {"modal":{"present":true}}
            {"resize":{"height":240,"width":320}}
            {"modal":{"present":true}}
            {"draw":{}}
            {"touch":{"x":52,"phase":0,"finger":3,"y":234}}
            {"touch":{"x":52,"phase":2,"finger":3,"y":234}}
            {"resize":{"height":700,"width":1024}}
            {"modal":{"present":false}}
            {"modal":{"present":false}}
            {"touch":{"x":613,"phase":0,"finger":3,"y":353}}
            {"advance":{"_0":0.05}}
            {"touch":{"x":613,"phase":2,"finger":3,"y":353}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":613,"phase":0,"finger":3,"y":353}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":613,"phase":2,"finger":3,"y":353}}
            {"touch":{"x":244,"phase":0,"finger":3,"y":623}}
            {"touch":{"x":244,"phase":2,"finger":3,"y":623}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261400069 (kiosk, 483×986, French keyboard): "'" held, "w" landed beside it (a pair:
    /// perhaps the two-finger trackpad) and lifted. Both typed in the order they landed, and the
    /// apostrophe at a word's start became French quotation mark "‹" and a no-break space.
    @Test func aPairedQuoteTypedBeforeTheOtherKeyMayBecomeAQuotationMark() throws {
        let log = """
            {"modal":{"present":true}}
            {"touch":{"x":478.0039062139441,"phase":0,"finger":1,"y":189.67191589183656}}
            {"focus":{"_0":43}}
            {"language":{"_0":5}}
            {"touch":{"x":626,"phase":0,"finger":1,"y":340}}
            {"text":{"_0":"co-op"}}
            {"modal":{"present":true}}
            {"endEditing":{"force":false}}
            {"resize":{"height":986,"width":483}}
            {"modal":{"present":false}}
            {"draw":{}}
            {"focus":{"_0":35}}
            {"touch":{"x":456,"phase":0,"finger":2,"y":955}}
            {"touch":{"x":456,"phase":2,"finger":2,"y":955}}
            {"draw":{}}
            {"touch":{"x":391,"phase":0,"finger":1,"y":898}}
            {"touch":{"x":81,"phase":0,"finger":2,"y":913}}
            {"touch":{"x":81,"phase":2,"finger":2,"y":913}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261410026 (kiosk, 800×480 then 483×986, the amount field given a phone pad): "3" held,
    /// "*" landed beside it and lifted. "3" typed first; the field's currency formatter filtered
    /// the "*" out, so the paired key arrived alone.
    @Test func aPairedKeyArrivesAloneWhenTheOtherIsFilteredOut() throws {
        let log = """
            {"touch":{"x":50,"phase":0,"finger":2,"y":28}}
            {"touch":{"x":50,"phase":2,"finger":2,"y":28}}
            {"resize":{"height":986,"width":483}}
            {"keyboardType":{"type":5,"view":13}}
            {"touch":{"x":278,"phase":0,"finger":2,"y":359}}
            {"draw":{}}
            {"touch":{"x":260,"phase":0,"finger":1,"y":771}}
            {"touch":{"x":79,"phase":0,"finger":2,"y":980}}
            {"touch":{"x":79,"phase":2,"finger":2,"y":980}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261430030 (kiosk, 1024×700, Arabic name field): a typed "'" at a word's start became
    /// "”": inside « », Arabic (as Russian, Spanish and Italian) quotes with “ ”.
    @Test func aSingleQuoteMayBecomeADoubleQuotationMarkInsideGuillemets() throws {
        let log = """
            {"touch":{"x":14.162866452697536,"phase":0,"finger":1,"y":26.450286367321063}}
            {"touch":{"x":14.162866452697536,"phase":2,"finger":1,"y":26.450286367321063}}
            {"touch":{"x":155,"phase":0,"finger":1,"y":268}}
            {"touch":{"x":161.02229840394287,"phase":1,"finger":1,"y":230.94606106200825}}
            {"advance":{"_0":0.045454545454545456}}
            {"touch":{"x":774,"phase":2,"finger":1,"y":44}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.05}}
            {"key":{"isRepeat":true,"modifiers":262144,"characters":"","isDown":true,"code":43}}
            {"advance":{"_0":0.05}}
            {"key":{"isRepeat":true,"modifiers":262144,"characters":"","isDown":true,"code":43}}
            {"advance":{"_0":0.05}}
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":157.83046263517517,"phase":0,"finger":1,"y":99.30709378686255}}
            {"touch":{"x":185.15371935617253,"phase":1,"finger":1,"y":71.81950222260508}}
            {"touch":{"x":294.44674624016193,"phase":1,"finger":1,"y":-38.13086403442479}}
            {"advance":{"_0":0.3}}
            {"touch":{"x":259.49346798558656,"phase":0,"finger":2,"y":193.58578280746966}}
            {"touch":{"x":259.49346798558656,"phase":2,"finger":2,"y":193.58578280746966}}
            {"touch":{"x":205,"phase":0,"finger":1,"y":137}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":8,"phase":0,"finger":2,"y":213}}
            {"touch":{"x":8,"phase":2,"finger":2,"y":213}}
            {"text":{"_0":"漢字"}}
            {"draw":{}}
            {"touch":{"x":210,"phase":0,"finger":3,"y":181}}
            {"touch":{"x":210,"phase":2,"finger":3,"y":181}}
            {"touch":{"x":210,"phase":0,"finger":3,"y":181}}
            {"touch":{"x":210,"phase":2,"finger":3,"y":181}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261440008 (kiosk, 320×240): a pair of fingers typed " z" in one event (the space bar,
    /// then "z"), then "C"; Control+Z took back "zC" and left "fox ", the text between the pair's
    /// two keys, since undo takes typing back a word at a time.
    @Test func undoMayStopBetweenThePairOfKeysOneEventTyped() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":111,"phase":0,"finger":1,"y":127}}
            {"language":{"_0":11}}
            {"modal":{"present":true}}
            {"endEditing":{"force":true}}
            {"touch":{"x":50,"phase":0,"finger":2,"y":121}}
            {"advance":{"_0":0.02}}
            {"text":{"_0":"fox"}}
            {"touch":{"x":108,"phase":0,"finger":1,"y":220}}
            {"touch":{"x":50,"phase":0,"finger":2,"y":138}}
            {"touch":{"x":50,"phase":2,"finger":2,"y":138}}
            {"text":{"_0":"C"}}
            {"key":{"isRepeat":true,"modifiers":262144,"characters":"z","isDown":true,"code":29}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true))
    }

    /// Seed 261560066 (notes, 800×480 made 320×240, world, dictionaries): "kd" composed with the
    /// keyboard's engine, a finger held on the candidate bar's end opens the candidate panel over
    /// the keys, and a tap where "c" was lands on the panel. The oracle takes the panel as
    /// covering the keys.
    @Test func aTapOnTheCandidatePanelPressesNoKeyUnderIt() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"touch":{"x":268,"phase":0,"finger":3,"y":9}}
            {"touch":{"x":268,"phase":2,"finger":3,"y":9}}
            {"language":{"_0":11}}
            {"key":{"isRepeat":false,"modifiers":1179648,"characters":"c","isDown":true,"code":6}}
            {"modal":{"present":true}}
            {"touch":{"x":68.66121015624103,"phase":0,"finger":1,"y":117.907584167803}}
            {"touch":{"x":68.66121015624103,"phase":2,"finger":1,"y":117.907584167803}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":257,"phase":0,"finger":2,"y":160}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":257,"phase":2,"finger":2,"y":160}}
            {"mouseDown":{"x":88.00194208145965,"y":168.75614706513988,"clicks":3,"modifiers":0,"button":1}}
            {"advance":{"_0":0.02}}
            {"mouseUp":{"x":88.00194208145965,"y":168.75614706513988,"modifiers":0,"button":1}}
            {"touch":{"x":311,"phase":0,"finger":1,"y":109}}
            {"advance":{"_0":0.02}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"advance":{"_0":0.018181818181818184}}
            {"touch":{"x":546.9943794731588,"phase":2,"finger":1,"y":-202.58417258838062}}
            {"touch":{"x":88.67788916906161,"phase":0,"finger":3,"y":183.53695929494287}}
            {"touch":{"x":88.67788916906161,"phase":2,"finger":3,"y":183.53695929494287}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true))
    }

    /// Seed 261570174 (form, 483×986): a finger held on "t" in the notes, another landing on
    /// Delete: the held key types first, Delete takes it back, all in one event. Ctrl+Z then
    /// undoes the Delete and leaves "t", a text no event ended with. The oracle takes the texts
    /// an event's keys may make on the way as undo's targets.
    @Test func undoMayBringBackAKeyDeletedInTheSameEvent() throws {
        let log = """
            {"mouseDown":{"x":334,"y":67,"clicks":2,"modifiers":0,"button":1}}
            {"mouseMoved":{"x":457.8067738195973,"y":177.68240191678416,"button":1}}
            {"mouseMoved":{"x":581.6135476391946,"y":288.3648038335683,"button":1}}
            {"mouseUp":{"x":841.6380337005321,"y":624.7754117088508,"modifiers":0,"button":1}}
            {"mouseDown":{"x":414.1527761788725,"y":58.26884441628477,"clicks":2,"modifiers":131072,"button":3}}
            {"mouseMoved":{"x":363.8645821341544,"y":-147.54836668778643,"button":3}}
            {"mouseMoved":{"x":313.57638808943625,"y":-353.3655777918576,"button":3}}
            {"touch":{"x":116.20433827138353,"phase":0,"finger":3,"y":397.5378255015687}}
            {"touch":{"x":116.20433827138353,"phase":2,"finger":3,"y":397.5378255015687}}
            {"text":{"_0":"漢字"}}
            {"endEditing":{"force":true}}
            {"focus":{"_0":51}}
            {"draw":{}}
            {"touch":{"x":238.23521078335284,"phase":0,"finger":1,"y":807.4223236746575}}
            {"touch":{"x":428,"phase":0,"finger":2,"y":912}}
            {"key":{"isRepeat":true,"modifiers":262144,"characters":"z","isDown":true,"code":29}}
            """
        try WorldSoakFindingsTests.expectReplay(log, DemoSoak.make(screen: "form", size: Size(width: 483, height: 986)))
    }

    /// A skin tone composed before a skin tone already typed: the marked range took in the one
    /// already there, and undoing the commit removed it too (seed 261730043; 261700016 did the
    /// same with a combining accent).
    @Test func undoingACommitThatJoinedAnEarlierMarkBringsTheMarkBack() throws {
        let log = #"""
            {"modal":{"present":true}}
            {"focus":{"_0":9}}
            {"text":{"_0":"🏽 \#u{7F} \r"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"","isDown":true,"code":82}}
            {"compose":{"selectionStart":4,"selectionLength":0,"_0":"👍🏽"}}
            {"text":{"_0":"👍🏽"}}
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"z","isDown":true,"code":29}}
            """#
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true))
    }
}
