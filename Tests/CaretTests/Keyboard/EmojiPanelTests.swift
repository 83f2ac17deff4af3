// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Foundation
import Testing

@testable @_spi(Testing) import Caret

/// The emoji panel (docs/keyboard.md, emoji): the key that opens it, emoji tapped at their pixels
/// going in through the change path, the recent ones first, skin tones by a long press, a search
/// by CLDR's names in the keyboard's language, the fields it is hidden for, and assistive
/// technology reaching it. Expected names are read from the asset files, never from the panel.
@Suite(.serialized) @MainActor
struct EmojiPanelTests {
    /// The names and keywords of a language's annotation file, by emoji.
    static func annotations(_ language: String) throws -> [String: (name: String, keywords: [String])] {
        let text = try String(contentsOfFile: Assets.path(for: "Emoji/\(language).txt"), encoding: .utf8)
        var out: [String: (name: String, keywords: [String])] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("=") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            out[fields[0]] = (fields[1], fields.count > 2 ? fields[2].split(separator: "|").map(String.init) : [])
        }
        return out
    }

    static func openPanel(_ rig: KeyboardRig) throws -> EmojiPanelView {
        rig.tap(.emoji)
        return try #require(rig.host.window.keyboard.emojiPanelForTesting)
    }

    static func tap(_ panel: EmojiPanelView, _ rect: Rect, _ rig: KeyboardRig) {
        rig.host.input.tap(at: panel.convert(Point(x: rect.midX, y: rect.midY), to: nil))
        rig.host.advance(by: 0.4)
    }

    @Test func anEmojiTappedGoesInThroughTheChangePath() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        let panel = try Self.openPanel(rig)
        let first = try #require(panel.shownEmoji.first)
        let catalog = try String(contentsOfFile: Assets.path(for: "Emoji/emoji.txt"), encoding: .utf8)
        let listedFirst = try #require(catalog.split(separator: "\n").first { !$0.hasPrefix("#") }?.split(separator: "\t")[1])
        #expect(first == String(listedFirst))
        Self.tap(panel, panel.cellFrame(0), rig)
        #expect(rig.field.text == first)
        #expect(rig.delegate.log.contains("shouldChange A 0+0 \"\(first)\""), "\(rig.delegate.log)")
        // Backspace on the panel takes it back; ABC brings the letters back.
        Self.tap(panel, panel.bottomFrames.backspace, rig)
        #expect(rig.field.text == "")
        Self.tap(panel, panel.bottomFrames.letters, rig)
        #expect(rig.host.window.keyboard.emojiPanelForTesting == nil)
        #expect(rig.keyboard.keyFrames.contains { $0.key.action == .text("q") })
    }

    @Test func theRecentOnesComeFirstUntilAKioskResets() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        var panel = try Self.openPanel(rig)
        #expect(!panel.tabs.contains(EmojiPanelView.recent))
        let tab = try #require(panel.tabs.firstIndex(of: "food_drink"))
        Self.tap(panel, panel.bottomFrames.tabs[tab], rig)
        let picked = try #require(panel.shownEmoji.dropFirst(2).first)
        Self.tap(panel, panel.cellFrame(2), rig)
        Self.tap(panel, panel.bottomFrames.letters, rig)
        panel = try Self.openPanel(rig)
        #expect(panel.tabs.first == EmojiPanelView.recent && panel.category == EmojiPanelView.recent)
        #expect(panel.shownEmoji == [picked])
        Self.tap(panel, panel.bottomFrames.letters, rig)
        rig.host.window.kiosk.idleWarningDuration = nil
        rig.host.window.kiosk.idleTimeout = 10
        rig.host.advance(by: 11)
        panel = try Self.openPanel(rig)
        #expect(!panel.tabs.contains(EmojiPanelView.recent))
    }

    @Test func aLongPressOffersTheSkinTones() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        let panel = try Self.openPanel(rig)
        let thumbs = try #require(panel.shownEmoji.firstIndex(of: "\u{1F44D}"))
        panel.scroll(to: panel.cellFrame(thumbs).minY - panel.gridFrame.minY)
        let cell = panel.cellFrame(thumbs)
        rig.down(1, at: panel.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        rig.host.advance(by: 0.6)
        let tones = try #require(panel.tonesShown)
        let listed = try String(contentsOfFile: Assets.path(for: "Emoji/emoji.txt"), encoding: .utf8).split(separator: "\n")
            .first { $0.contains("\t\u{1F44D}\t") }?.split(separator: "\t")[2].split(separator: " ").map(String.init)
        #expect(tones.forms == ["\u{1F44D}"] + (listed ?? []))
        let medium = tones.frames[3]
        let point = panel.convert(Point(x: medium.midX, y: medium.midY), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: point))
        rig.up(1, at: point)
        rig.host.settle()
        #expect(rig.field.text == tones.forms[3] && tones.forms[3] == "\u{1F44D}\u{1F3FD}")
    }

    @Test(arguments: [("de", "herz"), ("en", "hear"), ("ru", "сердц")])
    func searchFindsEmojiByTheirNamesInTheKeyboardsLanguage(_ language: String, _ query: String) throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.host.window.keyboard.languages = [language]
        rig.host.settle()
        let panel = try Self.openPanel(rig)
        Self.tap(panel, panel.searchFrame, rig)
        #expect(rig.host.window.keyboard.emojiSearchForTesting == "")
        #expect(rig.keyboard.model.language == language)
        for letter in query { rig.tapText(String(letter)) }
        #expect(rig.host.window.keyboard.emojiSearchForTesting == query)
        #expect(rig.field.text == "", "the letters typed the search, not the field")
        // Every emoji with a word of its name or keywords beginning with the search (fewer than
        // the 40 shown for these searches), and no other.
        let expected = try Self.annotations(language).filter { _, entry in
            ([entry.name] + entry.keywords).flatMap { $0.lowercased().split { !$0.isLetter && !$0.isNumber } }.contains { $0.hasPrefix(query) }
        }
        let results = rig.host.window.keyboard.emoji.results
        #expect(!expected.isEmpty && expected.count < 40)
        #expect(Set(results) == Set(expected.keys), "\(results) against \(expected.keys.sorted())")
        #expect(results.contains("\u{2764}\u{FE0F}"), "\(results.prefix(10))")
        // A result tapped in the bar goes in; Return ends the search.
        let frames = rig.host.window.keyboard.emoji.searchFrames(in: rig.keyboard)
        let cell = try #require(frames.results.first)
        rig.host.input.tap(at: rig.keyboard.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        rig.host.advance(by: 0.4)
        #expect(rig.field.text == results.first)
        rig.tap(.return)
        #expect(rig.host.window.keyboard.emojiSearchForTesting == nil && rig.host.window.keyboard.emojiPanelForTesting != nil)
    }

    @Test(arguments: [KeyboardType.emailAddress, .URL, .numberPad, .phonePad, .decimalPad])
    func noEmojiKeyForFieldsThatTakeNone(_ type: KeyboardType) throws {
        let rig = try KeyboardRig(type)
        defer { withExtendedLifetime(rig.host) {} }
        #expect(!rig.keyboard.keyFrames.contains { $0.key.action == .emoji })
    }

    @Test func noEmojiKeyForSecureTextNorWhereTheAppTurnsItOff() throws {
        let rig = try KeyboardRig { $0.isSecureTextEntry = true }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(!rig.keyboard.keyFrames.contains { $0.key.action == .emoji })
        let plain = try KeyboardRig()
        defer { withExtendedLifetime(plain.host) {} }
        #expect(plain.keyboard.keyFrames.contains { $0.key.action == .emoji })
        // An app that takes no emoji turns the key off; the panel, if open, closes.
        plain.tap(.emoji)
        #expect(plain.host.window.keyboard.emojiPanelForTesting != nil)
        plain.host.window.keyboard.offersEmoji = false
        plain.host.settle()
        #expect(plain.host.window.keyboard.emojiPanelForTesting == nil)
        #expect(!plain.keyboard.keyFrames.contains { $0.key.action == .emoji })
    }

    @Test func assistiveTechnologyReadsAndActivatesThePanel() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        let key = try #require(
            rig.keyboard.accessibilityElements?.compactMap { $0 as? AccessibilityElement }.first {
                $0.accessibilityLabel == "emoji"
            })
        #expect(key.accessibilityActivate())
        rig.host.settle()
        let panel = try #require(rig.host.window.keyboard.emojiPanelForTesting)
        #expect(rig.keyboard.accessibilityElements?.contains { $0 === panel } == true, "the panel is read in place of the keys")
        let english = try Self.annotations("en")
        let elements = try #require(panel.accessibilityElements?.compactMap { $0 as? AccessibilityElement })
        let first = try #require(panel.shownEmoji.first)
        let named = try #require(elements.first { $0.accessibilityLabel == english[first]?.name })
        #expect(named.accessibilityActivate())
        #expect(rig.field.text == first)
        // The category tabs by CLDR's names; one activated shows its emoji.
        let file = try String(contentsOfFile: Assets.path(for: "Emoji/en.txt"), encoding: .utf8)
        let flagsName = try #require(file.split(separator: "\n").first { $0.hasPrefix("=flags\t") }?.split(separator: "\t")[1])
        let flags = try #require(elements.first { $0.accessibilityLabel == String(flagsName) })
        #expect(flags.accessibilityActivate())
        #expect(panel.category == "flags")
    }

    @Test func brokenEmojiDataIsAnErrorNamingItsLine() throws {
        let directory = NSTemporaryDirectory() + "caret-emoji-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalogs: [(String, String)] = [
            ("flags\t🏁\nsmileys\n", "line 2"), ("smileys\t👍\t👍🏻 👍🏼\n", "five skin tones"), ("# none\n", "no emoji"),
        ]
        for (index, (text, named)) in catalogs.enumerated() {
            let path = directory + "/c\(index).txt"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try EmojiCatalog.load(contentsOf: path)
                Issue.record("\(text) loaded")
            } catch { #expect("\(error)".contains(named), "\(error)") }
        }
        let path = directory + "/names.txt"
        try Data([0x41, 0xFF]).write(to: URL(fileURLWithPath: path))
        #expect(throws: CaretError.self) { try EmojiNames.load(contentsOf: path) }
    }
}

/// Switch access reaches the emoji panel as it reaches the keys (docs/keyboard.md, emoji): two
/// switches (Space moves, Return selects) open it from the keyboard's bottom row, pick a row of
/// emoji and put one in.
@Suite(.serialized) @MainActor
struct EmojiSwitchAccessTests {
    private func press(_ host: HeadlessWindow, _ code: KeyboardHIDUsage) {
        let key = Key(keyCode: code, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: [])
        host.window.send(.key(key, isDown: true, isRepeat: false))
        host.window.send(.key(key, isDown: false, isRepeat: false))
        host.settle()
    }

    /// Moves the highlight (Space) until `found` says it is there; false if it never is.
    private func move(_ host: HeadlessWindow, _ scanner: SwitchControl, until found: (String) -> Bool) -> Bool {
        for _ in 0..<80 {
            if found(scanner.highlightedItem?.label ?? "") { return true }
            press(host, .keyboardSpacebar)
        }
        return false
    }

    @Test func twoSwitchesOpenThePanelAndPutAnEmojiIn() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        let scanner = SwitchControl(select: .key(.keyboardReturnOrEnter), next: .key(.keyboardSpacebar))
        rig.host.window.switchControl = scanner
        rig.host.settle()
        // The bottom row, then its emoji key.
        #expect(move(rig.host, scanner) { $0.contains("emoji") && $0.contains("space") })
        press(rig.host, .keyboardReturnOrEnter)
        #expect(move(rig.host, scanner) { $0 == "emoji" })
        press(rig.host, .keyboardReturnOrEnter)
        let panel = try #require(rig.host.window.keyboard.emojiPanelForTesting)
        // The first row of emoji, by their CLDR names, then its first emoji.
        let names = try EmojiPanelTests.annotations("en")
        let first = try #require(panel.shownEmoji.first)
        let name = try #require(names[first]?.name)
        #expect(move(rig.host, scanner) { $0.hasPrefix(name + " ") })
        press(rig.host, .keyboardReturnOrEnter)
        #expect(scanner.highlightedItem?.label == name)
        press(rig.host, .keyboardReturnOrEnter)
        #expect(rig.field.text == first)
    }
}

/// Spoken mode reaches the emoji panel (docs/keyboard.md, emoji): the emoji key is spoken and types
/// as a finger lifts from it, as every key; on the panel an emoji touched is spoken by its CLDR name
/// and goes in as the finger lifts, as a key does.
@Suite(.serialized) @MainActor
struct EmojiSpokenModeTests {
    @Test func aGuestWhoCannotSeeTheKeysOpensThePanelAndPutsAnEmojiIn() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        let speaker = RecordingSpeaker()
        rig.host.window.spokenMode = SpokenMode(synthesizer: speaker)
        rig.host.settle()
        speaker.clear()
        func touch(_ point: Point) {
            rig.host.window.send(.touch(id: 1, phase: .began, location: point))
            rig.host.window.send(.touch(id: 1, phase: .ended, location: point))
            rig.host.advance(by: 1)
        }
        let key = try #require(rig.point(.emoji))
        touch(key)
        #expect(speaker.texts.contains { $0.hasPrefix("emoji") }, "\(speaker.texts)")
        let panel = try #require(rig.host.window.keyboard.emojiPanelForTesting, "lifting from the key typed it")
        let first = try #require(panel.shownEmoji.first)
        let name = try #require(try EmojiPanelTests.annotations("en")[first]?.name)
        let cell = panel.convert(Point(x: panel.cellFrame(0).midX, y: panel.cellFrame(0).midY), to: nil)
        speaker.clear()
        touch(cell)
        #expect(speaker.texts.first?.hasPrefix(name) == true, "the emoji is named as the finger lands: \(speaker.texts)")
        #expect(rig.field.text == first)
    }
}
