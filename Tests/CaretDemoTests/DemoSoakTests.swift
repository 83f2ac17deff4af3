// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// The soak in the debug suite, with fixed seeds: each demo screen at three window sizes, every
/// invariant checked after each event. Deterministic (the suite runs with
/// `SWIFT_DETERMINISTIC_HASHING=1`), so a red run replays with `caret-soak --seed S`. These are
/// short (the soak's harness, its three modes and debug builds' assertions); the test command's
/// soak proper, 61,500 events with the same seeds, runs through caret-soak built for release
/// (`Scripts/soak-ci.sh`), and `Scripts/soak.sh` runs fresh seeds for as long as asked.
@Suite(.serialized) @MainActor
struct DemoSoakTests {
    static let seeds: [UInt64] = [1]

    @Test(arguments: ["form", "kiosk", "notes"], [(1024, 700), (800, 480), (483, 986)])
    func theDemoSurvivesASeededSoak(_ screen: String, _ size: (Int, Int)) {
        let (width, height) = size
        for seed in Self.seeds {
            let soak = DemoSoak.make(screen: screen, size: Size(width: Double(width), height: Double(height)))
            let report = soak.run(seed: seed, events: 400)
            #expect(report.failure == nil, "\(screen) \(width)x\(height): \(report.failure.map { "\($0)" } ?? "")")
            if report.failure != nil { return }
        }
    }

    /// The same soak as a guest meets the app: the bundled and Noto fonts shaped by HarfBuzz,
    /// ICU's word and line boundaries and bidi, drawn by SDL's software renderer, with the soak's
    /// mixed-script and mixed-direction text, and spell checking and autocorrection with
    /// Hunspell's dictionaries. Autocorrection must have had words to offer, over the seeds
    /// together (a seed's 1,000 events may type no misspelled word: seeds 7 and 8 on the form).
    @Test(arguments: ["form", "notes", "kiosk"])
    func theDemoSurvivesASeededSoakWithDictionariesAndTheRealTextStack(_ screen: String) {
        var corrections = 0
        for seed in [6, 7, 8, 9] as [UInt64] {
            let soak = DemoSoak.make(screen: screen, size: Size(width: 800, height: 480), fonts: .bundled, dictionaries: true)
            soak.onEvent = { _, _, window in if window.keyboard.keyboardView?.correction != nil { corrections += 1 } }
            let report = soak.run(seed: seed, events: 1_000)
            #expect(report.failure == nil, "\(screen) with dictionaries and the real text stack: \(report.failure.map { "\($0)" } ?? "")")
            if report.failure != nil { return }
        }
        #expect(corrections > 0, "the suggestion bar never offered a correction: autocorrection was off")
    }

    /// The on-screen keyboard in Korean, Chinese and Japanese with the real engines, among other
    /// languages, through the real text stack: taps on keys, candidates and the candidate panel,
    /// language switches, focus changes and taps elsewhere; nothing composed is lost or typed twice.
    @Test(arguments: ["form", "kiosk", "notes"])
    func theDemoSurvivesASeededSoakTypingInTheWorldsLanguages(_ screen: String) {
        for seed in [7] as [UInt64] {
            let soak = DemoSoak.make(screen: screen, size: Size(width: 800, height: 480), fonts: .bundled, world: true)
            let report = soak.run(seed: seed, events: 500)
            #expect(report.failure == nil, "\(screen) in the world's languages: \(report.failure.map { "\($0)" } ?? "")")
            if report.failure != nil { return }
        }
    }

    /// Found by the world soak (seed 261120001, shrunk): a single-line field in a dialog holding a
    /// long pasted line had focus while the keyboard switched to Arabic; the next frame laid the
    /// line out while drawing (a focused single line was not measured in the layout phase).
    @Test func switchingToARightToLeftLanguageLaysOutTheFocusedLongLineBeforeDrawing() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 800, height: 480), world: true)
        let pasted = String(repeating: "lorem ipsum dolor sit amet 👍🏽 é ", count: 100) + "\r\n"
        let control = KeyModifierFlags.control.rawValue
        let events: [SoakEvent] = [
            .modal(present: true), .focus(44), .clipboard(pasted),
            .key(code: 25, characters: "v", modifiers: control, isDown: true, isRepeat: false),
            .modal(present: true), .modal(present: true), .modal(present: true), .resize(width: 1280, height: 800),
            .key(code: 82, characters: "", modifiers: 1_310_720, isDown: true, isRepeat: false),
            .modal(present: false), .modal(present: false), .modal(present: false),
            .touch(finger: 2, phase: 0, x: 644, y: 417), .touch(finger: 2, phase: 2, x: 644, y: 417),
            .key(code: 78, characters: "", modifiers: 655_360, isDown: true, isRepeat: false),
            .language(7), .draw,
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Found by the world soak (seed 261120103, shrunk): a cangjie preedit typed before a lone
    /// variation selector joins it in one cluster; the marked range widens over it, the preedit
    /// does not, and the commit keeps the selector (the check compares the preedit).
    @Test func aPreeditBeforeAVariationSelectorKeepsIt() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), world: true)
        let events: [SoakEvent] = [
            .resize(width: 867, height: 459), .modal(present: true), .touch(finger: 2, phase: 0, x: 341, y: 243),
            .text("\u{FE0F}"), .resize(width: 600, height: 1024), .language(6), .touch(finger: 3, phase: 0, x: 324, y: 500),
            .advance(0.1), .touch(finger: 1, phase: 0, x: 142, y: 882),
            .touch(finger: 2, phase: 0, x: 465.785903972499, y: 835.4896528411384),
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Found by the world soak (seed 261120484, shrunk; the paste is 130,000 units): a text view in
    /// a dialog holding one long pasted paragraph, the keyboard switched to Arabic and away; the
    /// whole paragraph was laid out anew and its estimated height put the caret line off screen.
    @Test func switchingAwayFromARightToLeftLanguageKeepsALongParagraphInPlace() {
        let soak = DemoSoak.make(screen: "kiosk", size: Size(width: 1024, height: 700), world: true)
        let pasted = String(repeating: "lorem ipsum dolor sit amet 👍🏽 é ", count: 3_716) + "ä́"
        let events: [SoakEvent] = [
            .draw, .touch(finger: 1, phase: 0, x: 72, y: 46), .touch(finger: 1, phase: 2, x: 122.43582017092146, y: 46),
            .modal(present: true), .focus(46), .language(7), .clipboard(pasted),
            .key(code: 25, characters: "v", modifiers: KeyModifierFlags.control.rawValue, isDown: true, isRepeat: false),
            .advance(0.5), .language(1),
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Found by the world soak (seed 261120675, shrunk; no language in it): 84,000 units pasted into
    /// the notes text view, Ctrl+Page Up, then a short paste with a line break; the next frame laid
    /// out lines above the caret whose estimates were short and the caret went below the screen
    /// (the scroll to the caret had forgotten the edit's anchor; the caret's line is it now).
    @Test func aPasteIntoALongTextViewKeepsTheCaretOnScreenAsLinesAboveItAreLaidOut() {
        let soak = DemoSoak.make(screen: "form", size: Size(width: 800, height: 480))
        let pasted = String(repeating: "lorem ipsum dolor sit amet 👍🏽 é ", count: 2_548) + "🏽"
        let control = KeyModifierFlags.control.rawValue
        let events: [SoakEvent] = [
            .resize(width: 1061, height: 1075), .touch(finger: 1, phase: 0, x: 331, y: 911),
            .touch(finger: 1, phase: 1, x: 317.5292906304156, y: 915.3443765764872),
            .touch(finger: 1, phase: 1, x: 263.64645315207787, y: 932.7218828824359),
            .touch(finger: 1, phase: 0, x: 211, y: 893), .touch(finger: 1, phase: 2, x: 211, y: 893),
            .resize(width: 1572, height: 170), .advance(0.1),
            .touch(finger: 3, phase: 0, x: 1330.564838221026, y: 93.69565711347984), .advance(0.1),
            .touch(finger: 3, phase: 2, x: 1330.564838221026, y: 93.69565711347984),
            .touch(finger: 3, phase: 0, x: 1551, y: 44), .advance(0.05), .touch(finger: 3, phase: 2, x: 1551, y: 44),
            .advance(0.05), .key(code: 28, characters: "y", modifiers: 1_703_936, isDown: true, isRepeat: true),
            .advance(0.3), .resize(width: 483, height: 986), .clipboard(pasted),
            .key(code: 25, characters: "v", modifiers: control, isDown: true, isRepeat: false),
            .key(code: 75, characters: "", modifiers: control, isDown: true, isRepeat: false),
            .clipboard("x\u{85}-7Caret \u{2067} \u{1B} \u{1F3FD} -7https://example.com/a?b=c\nkioskCaretk"),
            .key(code: 25, characters: "v", modifiers: control, isDown: true, isRepeat: false), .draw,
        ]
        let failure = soak.replay(events)
        #expect(failure == nil, "\(failure.map { "event \($0.0): \($0.1)" } ?? "")")
    }

    /// Found by the form soak (seed 261124396, shrunk): a long paste into the notes text view, the
    /// caret placed by a touch, then two resizes; the second rewrapped the lines between the first
    /// one on screen and the caret, and the next frame laid them out with the first line kept in
    /// place, pushing the caret below the view. The resize's scroll to the caret now anchors there.
    @Test func aResizeWhileEditingKeepsTheCaretOnScreenAsTheRewrappedLinesAreLaidOut() throws {
        let soak = DemoSoak.make(screen: "form", size: Size(width: 800, height: 480))
        let log = """
            {"resize":{"height":1155,"width":857}}
            {"touch":{"x":794,"phase":0,"finger":1,"y":258}}
            {"touch":{"x":788.1970509397246,"phase":1,"finger":1,"y":241.31465827899214}}
            {"touch":{"x":735.9705093972462,"phase":1,"finger":1,"y":91.14658278992135}}
            {"touch":{"x":735.9705093972462,"phase":2,"finger":1,"y":91.14658278992135}}
            {"wheel":{"x":481,"y":221,"dy":224.61213943654968,"dx":0}}
            {"wheel":{"x":341.89216564413124,"y":706.2855699264601,"dy":-325.7204013233432,"dx":0}}
            {"touch":{"x":707.5390199305692,"phase":0,"finger":1,"y":768.435764991382}}
            {"touch":{"x":672.8851179375123,"phase":1,"finger":1,"y":742.5921884922438}}
            {"touch":{"x":361,"phase":1,"finger":1,"y":510}}
            {"resize":{"height":700,"width":1024}}
            {"endEditing":{"force":false}}
            {"touch":{"x":120.21320243909247,"phase":0,"finger":1,"y":696.0112682353467}}
            {"touch":{"x":120.21320243909247,"phase":2,"finger":1,"y":696.0112682353467}}
            {"advance":{"_0":0.1}}
            {"touch":{"x":21,"phase":0,"finger":1,"y":110}}
            {"touch":{"x":21,"phase":2,"finger":1,"y":110}}
            {"touch":{"x":984,"phase":0,"finger":1,"y":18}}
            {"touch":{"x":984,"phase":2,"finger":1,"y":18}}
            LINES
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            XS
            {"key":{"isRepeat":false,"modifiers":262144,"characters":"v","isDown":true,"code":25}}
            {"wheel":{"x":113,"y":660,"dy":-80.36848131386262,"dx":0}}
            {"advance":{"_0":1.2}}
            {"touch":{"x":568,"phase":0,"finger":1,"y":606}}
            {"resize":{"height":1511,"width":1540}}
            {"resize":{"height":1024,"width":600}}
            {"draw":{}}
            """
        let lines = String(repeating: "line of text\n", count: 252) + "\u{85}"
        let xs = String(repeating: "x", count: 908) + "\u{301}"
        let events = try log.split(separator: "\n").map { line -> SoakEvent in
            switch line.trimmingCharacters(in: .whitespaces) {
            case "LINES": return .clipboard(lines)
            case "XS": return .clipboard(xs)
            default: return try JSONDecoder().decode(SoakEvent.self, from: Data(line.utf8))
            }
        }
        let failure = soak.replay(events)
        #expect(failure == nil, "event \(failure?.index ?? -1): \(failure?.problems ?? [])")
    }

    /// Shrunk reproductions from long soaks, replayed through the demo (each failed before its fix).
    @Test(arguments: [
        // Form in a 704×181 window: a second finger scrolled the caret line 4 points from the
        // window's top, inside the margin, and the avoidance pass did not run after it.
        (
            "notes", 1024.0, 700.0,
            """
            {"draw":{}}
            {"touch":{"x":35,"phase":0,"finger":2,"y":11}}
            {"touch":{"x":35,"phase":2,"finger":2,"y":11}}
            {"resize":{"height":181,"width":704}}
            {"focus":{"_0":35}}
            {"touch":{"x":214,"phase":0,"finger":1,"y":3}}
            {"advance":{"_0":0.25}}
            {"touch":{"x":92,"phase":0,"finger":3,"y":23}}
            """
        ),
        // Form at 329×479: Tab typed in the multi-line text view left its caret line below the
        // view when the view scrolled to the caret only once per edit.
        (
            "notes", 483.0, 986.0,
            """
            {"draw":{}}
            {"touch":{"x":82,"phase":0,"finger":1,"y":25}}
            {"touch":{"x":82,"phase":2,"finger":1,"y":25}}
            {"resize":{"height":240,"width":320}}
            {"focus":{"_0":26}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":78}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"advance":{"_0":0.025}}
            {"resize":{"height":479,"width":329}}
            {"touch":{"x":24,"phase":0,"finger":1,"y":216}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"advance":{"_0":0.0071428571428571435}}
            {"focus":{"_0":26}}
            {"advance":{"_0":0.02}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":43}}
            """
        ),
        // Form at 483×986 (seed 70261188): after pastes and resizes, an input method's first
        // preedit in the notes view left its caret line 11 points below the view.
        (
            "form", 483.0, 986.0,
            """
            {"modal":{"present":true}}
            {"focus":{"_0":57}}
            {"touch":{"x":539,"finger":2,"phase":0,"y":38}}
            {"key":{"characters":"","isRepeat":true,"code":43,"isDown":true,"modifiers":917504}}
            {"clipboard":{"_0":"\(String(repeating: "lorem ipsum dolor sit amet 👍🏽 e\u{301} ", count: 138))\\u0000"}}
            {"key":{"characters":"v","isRepeat":false,"code":25,"isDown":true,"modifiers":262144}}
            {"advance":{"_0":0.02}}
            {"clipboard":{"_0":"\(String(repeating: "x", count: 2324))"}}
            {"key":{"characters":"v","modifiers":262144,"code":25,"isDown":true,"isRepeat":false}}
            {"advance":{"_0":0.05}}
            {"advance":{"_0":0.05}}
            {"resize":{"height":480,"width":800}}
            {"advance":{"_0":0.1}}
            {"advance":{"_0":0.02}}
            {"touch":{"x":424,"finger":2,"phase":0,"y":256}}
            {"resize":{"height":1920,"width":1080}}
            {"advance":{"_0":0.02}}
            {"resize":{"height":480,"width":800}}
            {"draw":{}}
            {"focus":{"_0":46}}
            {"compose":{"selectionStart":1,"_0":"ㄱ","selectionLength":0}}
            """
        ),
        // Form at 483×986 (seed 90261294): the notes screen at 320×240 with a 54-point input
        // accessory view panned the text view's focus rect above the window's top.
        (
            "form", 483.0, 986.0,
            """
            {"focus":{"_0":63}}
            {"touch":{"x":108.33159391724496,"phase":0,"y":845.0589615812991,"finger":1}}
            {"touch":{"y":785.2365763544126,"finger":1,"x":138.47332311902494,"phase":1}}
            {"touch":{"x":349.46542753148475,"phase":1,"y":366.47987976620726,"finger":1}}
            {"text":{"_0":"the"}}
            {"text":{"_0":"v"}}
            {"touch":{"y":570,"finger":1,"x":112,"phase":0}}
            {"touch":{"x":112,"phase":2,"y":570,"finger":1}}
            {"resize":{"width":1280,"height":800}}
            {"draw":{}}
            {"accessory":{"height":54,"view":53}}
            {"touch":{"x":1212,"phase":0,"y":21,"finger":1}}
            {"touch":{"y":21,"finger":1,"x":1212,"phase":2}}
            {"key":{"code":4,"modifiers":262144,"isDown":true,"characters":"a","isRepeat":false}}
            {"touch":{"y":727,"finger":2,"x":507,"phase":0}}
            {"touch":{"x":507,"phase":2,"y":727,"finger":2}}
            {"resize":{"width":320,"height":240}}
            {"key":{"code":88,"modifiers":0,"isDown":true,"characters":"","isRepeat":true}}
            {"key":{"modifiers":0,"characters":"","code":88,"isDown":true,"isRepeat":true}}
            {"touch":{"x":269,"phase":0,"y":26,"finger":2}}
            {"touch":{"y":26,"finger":2,"x":269,"phase":2}}
            {"touch":{"x":89.8085186865984,"phase":0,"y":103.55631752981495,"finger":3}}
            {"touch":{"y":103.55631752981495,"finger":3,"x":89.8085186865984,"phase":2}}
            {"touch":{"x":291,"phase":0,"y":19,"finger":1}}
            {"advance":{"_0":0.05}}
            {"touch":{"x":291,"phase":2,"y":19,"finger":1}}
            {"draw":{}}
            {"advance":{"_0":0.7}}
            {"draw":{}}
            """
        ),
        // Notes at 1398×121 (seed 100261169): a text view 29 points tall scrolled its caret line
        // with a 4-point margin that did not fit, leaving the line's bottom below the view.
        (
            "notes", 483.0, 986.0,
            """
            {"resize":{"height":700,"width":1024}}
            {"touch":{"x":968,"phase":0,"finger":1,"y":28}}
            {"touch":{"x":968,"phase":2,"finger":1,"y":28}}
            {"touch":{"x":32.10881694410068,"phase":0,"finger":3,"y":86.73580185048797}}
            {"key":{"isRepeat":true,"modifiers":0,"characters":"","isDown":true,"code":88}}
            {"resize":{"height":121,"width":1398}}
            {"advance":{"_0":0.7}}
            """
        ),
        // Notes at 320×240 (seed 120261311): a paragraph selected by a triple click replaced by
        // a vertical tab, then a resize, left the caret line below the text view.
        (
            "notes", 483.0, 986.0,
            """
            {"draw":{}}
            {"mouseDown":{"x":420,"y":39,"clicks":3,"modifiers":131072,"button":1}}
            {"mouseUp":{"x":420,"y":39,"modifiers":131072,"button":1}}
            {"text":{"_0":"\\u000b"}}
            {"draw":{}}
            {"resize":{"height":240,"width":320}}
            """
        ),
        // The form at 1024×700 (seed 180261274): focus moved through a field to the multi-line
        // editor while a dialog showed; the live log then grew and pushed the editor's caret line
        // under the keyboard after the last avoidance pass.
        (
            "form", 1024.0, 700.0,
            """
            {"draw":{}}
            {"touch":{"x":14,"phase":0,"finger":1,"y":47}}
            {"touch":{"x":14,"phase":2,"finger":1,"y":47}}
            {"modal":{"present":true}}
            {"focus":{"_0":27}}
            {"focus":{"_0":38}}
            {"advance":{"_0":0.5}}
            """
        ),
        // The notes screen turned to 483×986 (seed 221126753): "ter" typed into the password on
        // the keyboard matched the event name "shouldChangeCharacters" in the live panel; the
        // check now looks at the panel's values, where a leak would be.
        (
            "notes", 1024.0, 700.0,
            """
            {"draw":{}}
            {"touch":{"x":59,"phase":0,"finger":3,"y":23}}
            {"touch":{"x":59,"phase":2,"finger":3,"y":23}}
            {"resize":{"height":986,"width":483}}
            {"focus":{"_0":38}}
            {"draw":{}}
            {"touch":{"x":198,"phase":0,"finger":1,"y":785}}
            {"touch":{"x":198,"phase":2,"finger":1,"y":785}}
            {"touch":{"x":120,"phase":0,"finger":1,"y":801}}
            {"touch":{"x":120,"phase":2,"finger":1,"y":801}}
            {"touch":{"x":150,"phase":0,"finger":1,"y":789}}
            {"touch":{"x":225,"phase":0,"finger":2,"y":891}}
            """
        ),
        // Form at 800×480 (seed 231126060, found by the content oracle): the notes screen's Done
        // button made the text view read-only during a composition; the commit was refused as not
        // editable, the preedit stayed marked, and the input method's echo of it was dropped.
        (
            "form", 800.0, 480.0,
            """
            {"resize":{"height":1216,"width":1244}}
            {"touch":{"x":725,"phase":0,"finger":1,"y":1103}}
            {"touch":{"x":725,"phase":2,"finger":1,"y":1103}}
            {"mouseDown":{"x":242,"y":705,"clicks":2,"modifiers":0,"button":1}}
            {"mouseUp":{"x":242,"y":705,"modifiers":0,"button":1}}
            {"draw":{}}
            {"mouseDown":{"x":1188,"y":23,"clicks":2,"modifiers":0,"button":3}}
            {"mouseUp":{"x":1188,"y":23,"modifiers":0,"button":3}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"글"}}
            {"touch":{"x":1228,"phase":0,"finger":2,"y":34}}
            {"touch":{"x":1228,"phase":2,"finger":2,"y":34}}
            {"text":{"_0":"글"}}
            """
        ),
        // Notes at 483×986 (seed 231129125): a composition in the form's amount field, a fling of
        // the form, then a key the field refused: the refused commit dropped the preedit and moved
        // the caret, but no avoidance pass ran, and the fling carried the field off the screen.
        (
            "notes", 483.0, 986.0,
            """
            {"resize":{"height":480,"width":800}}
            {"touch":{"x":83,"phase":0,"finger":1,"y":35}}
            {"touch":{"x":83,"phase":2,"finger":1,"y":35}}
            {"touch":{"x":290.5009523772896,"phase":0,"finger":3,"y":376.44990939859366}}
            {"draw":{}}
            {"touch":{"x":449.1844128661855,"phase":0,"finger":1,"y":348.4591779882669}}
            {"touch":{"x":251.8923251090179,"phase":2,"finger":1,"y":381.43264007704283}}
            {"key":{"isRepeat":false,"modifiers":524288,"characters":" ","isDown":true,"code":44}}
            {"touch":{"x":277,"phase":0,"finger":1,"y":273}}
            {"touch":{"x":235.92219402477127,"phase":1,"finger":1,"y":142.12718439621958}}
            {"touch":{"x":194.84438804954252,"phase":1,"finger":1,"y":11.254368792439152}}
            {"touch":{"x":466,"phase":0,"finger":1,"y":56}}
            {"touch":{"x":491.88000865432986,"phase":1,"finger":1,"y":-23.525157949925273}}
            {"touch":{"x":517.7600173086597,"phase":1,"finger":1,"y":-103.05031589985055}}
            {"mouseDown":{"x":598.4833045664595,"y":412.19100000338744,"clicks":2,"modifiers":0,"button":3}}
            {"mouseUp":{"x":598.4833045664595,"y":412.19100000338744,"modifiers":0,"button":3}}
            {"wheel":{"x":5.160272576800917,"y":113.78347270074912,"dy":85.68299478543094,"dx":0}}
            {"resize":{"height":1024,"width":600}}
            {"draw":{}}
            {"wheel":{"x":83,"y":672,"dy":-198.96093269599504,"dx":0}}
            {"touch":{"x":201,"phase":0,"finger":3,"y":264}}
            {"touch":{"x":201,"phase":2,"finger":3,"y":264}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"한"}}
            {"touch":{"x":418.00168856882135,"phase":0,"finger":1,"y":759.2671779694172}}
            {"advance":{"_0":0.02}}
            {"touch":{"x":216.89642250355143,"phase":1,"finger":1,"y":631.7715583182476}}
            {"touch":{"x":306.39351459179875,"phase":2,"finger":1,"y":567}}
            {"touch":{"x":338,"phase":0,"finger":1,"y":872}}
            {"touch":{"x":379.8784304385475,"phase":2,"finger":1,"y":872}}
            {"advance":{"_0":2}}
            """
        ),
        // Form at 1024×700 (seed 231141204): a field in a modal dialog, focused, then Escape
        // dismissed the dialog; the field, shrunk to nothing, laid out its text while drawing.
        (
            "form", 1024.0, 700.0,
            """
            {"mouseDown":{"x":599.7636396396739,"y":697.2004359147601,"clicks":2,"modifiers":0,"button":1}}
            {"advance":{"_0":0.03}}
            {"mouseMoved":{"x":460.47586204424664,"y":661.6238616667853,"button":1}}
            {"advance":{"_0":0.03}}
            {"mouseMoved":{"x":321.1880844488194,"y":626.0472874188105,"button":1}}
            {"advance":{"_0":0.03}}
            {"mouseUp":{"x":42.61252925796484,"y":554.8941389228609,"modifiers":0,"button":1}}
            {"advance":{"_0":0.05}}
            {"advance":{"_0":0.05}}
            {"advance":{"_0":0.05}}
            {"advance":{"_0":0.05}}
            {"advance":{"_0":0.05}}
            {"touch":{"x":713.3747851884866,"phase":0,"finger":1,"y":552.6744910299013}}
            {"touch":{"x":697.9169998129533,"phase":1,"finger":1,"y":610.792193276176}}
            {"touch":{"x":651.5436436863536,"phase":1,"finger":1,"y":785.1453000150001}}
            {"touch":{"x":283.94105526022815,"phase":0,"finger":2,"y":683.8578553280431}}
            {"touch":{"x":283.94105526022815,"phase":2,"finger":2,"y":683.8578553280431}}
            {"modal":{"present":true}}
            {"touch":{"x":520,"phase":0,"finger":3,"y":341}}
            {"key":{"isRepeat":false,"modifiers":131072,"characters":"","isDown":true,"code":41}}
            {"draw":{}}
            """
        ),
    ])
    func aShrunkSoakFailureReplaysClean(_ screen: String, _ width: Double, _ height: Double, _ log: String) throws {
        let events = try log.split(separator: "\n").map { try JSONDecoder().decode(SoakEvent.self, from: Data($0.utf8)) }
        let soak = DemoSoak.make(screen: screen, size: Size(width: width, height: height))
        let failure = soak.replay(events)
        #expect(failure == nil, "event \(failure?.index ?? -1): \(failure?.problems ?? [])")
    }
}
