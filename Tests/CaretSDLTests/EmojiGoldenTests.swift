// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// What the emoji panel looks like, drawn with the system's colour emoji font: a category, the
/// skin tones a long press offers, and a search in German.
@Suite(.serialized) @MainActor
struct EmojiGoldenTests {
    private func make(languages: [String] = ["en"]) throws -> (HeadlessWindow, TextField, KeyboardView) {
        try keyboardWindow(languages: languages, size: Size(width: 640, height: 400)) { root, field in
            root.backgroundColor = .systemGroupedBackground
            field.borderStyle = .roundedRect
        }
    }

    private func tapKey(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ action: KeyboardKeyAction) throws {
        let entry = try #require(keyboard.keyFrames.first { $0.key.action == action }, "no key \(action)")
        host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
        host.settle()
    }

    @Test func thePanelAndItsSkinTones() throws {
        let (host, _, keyboard) = try make()
        try tapKey(host, keyboard, .emoji)
        try expectGolden(host, named: "emoji-panel")
        let panel = try #require(host.window.keyboard.emojiPanelForTesting)
        let thumbs = try #require(panel.shownEmoji.firstIndex(of: "\u{1F44D}"))
        panel.scroll(to: panel.cellFrame(thumbs).minY - panel.gridFrame.minY)
        let cell = panel.convert(Point(x: panel.cellFrame(thumbs).midX, y: panel.cellFrame(thumbs).midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: cell))
        host.advance(by: 0.6)
        try expectGolden(host, named: "emoji-tones")
        host.window.send(.touch(id: 1, phase: .ended, location: cell))
        host.settle()
    }

    @Test func aSearchInGerman() throws {
        let (host, _, keyboard) = try make(languages: ["de"])
        try tapKey(host, keyboard, .emoji)
        let panel = try #require(host.window.keyboard.emojiPanelForTesting)
        host.input.tap(at: panel.convert(Point(x: panel.searchFrame.midX, y: panel.searchFrame.midY), to: nil))
        host.settle()
        for letter in "herz" { try tapKey(host, keyboard, .text(String(letter))) }
        try expectGolden(host, named: "emoji-search-de")
    }
}
