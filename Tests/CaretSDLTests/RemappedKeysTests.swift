// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Foundation
import Testing

@testable import CaretSDL

/// Keys typed on a keycode remapped for a moment (xdotool's `type`): the text the app's own
/// watch read for a press SDL gave nothing for takes its place; nothing is doubled or invented.
@Suite @MainActor
struct RemappedKeysTests {
    private static let spare: UInt32 = 8  // no keysym on it now: bound for a moment, then unbound
    private func key(_ usage: UInt32, down: Bool = true) -> RemappedKeys.Polled {
        var event = SDL_Event()
        event.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        event.key.keysym.scancode = SDL_Scancode(usage)
        return .event(event)
    }
    private func text(_ string: String) -> RemappedKeys.Polled { .event(.textInput(Array(string.utf8), windowID: 1)) }

    /// Resolves with what the watch heard (keycode: keysym typed, first keysym then) and the keymap now.
    private func resolve(
        _ polled: [RemappedKeys.Polled], heard: [UInt32: RemappedKeys.Heard] = [spare: (0xFC, 0xFC)], now: [UInt32: UInt] = [:],
        spare: Set<UInt32> = []
    ) -> [String] {
        let events = RemappedKeys.resolve(polled, windowID: 1, currentBase: { now[$0] ?? 0 }, wasSpare: spare.contains) { _, keycode in
            heard[keycode]
        }
        return events.map { event in
            if event.type == SDL_TEXTINPUT.rawValue {
                var copy = event
                return "text " + withUnsafeBytes(of: &copy.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            }
            return event.type == SDL_KEYDOWN.rawValue ? "down" : "up"
        }
    }

    @Test func aPressSDLGaveNothingForTypesWhatTheWatchRead() {
        // r, then ü on a spare keycode (SDL: no key, no text), then e.
        let polled = [
            .keyPress(time: 1, keycode: 27), key(21), text("r"), key(21, down: false), .keyPress(time: 2, keycode: Self.spare),
            .keyPress(time: 3, keycode: 26), key(8), text("e"),
        ]
        #expect(resolve(polled) == ["down", "text r", "up", "text ü", "down", "text e"])
    }

    @Test func aPressSDLTypedItselfIsNotTypedTwice() {
        #expect(resolve([.keyPress(time: 2, keycode: Self.spare), text("ü")]) == ["text ü"])
    }

    @Test func aKeyOfTheLayoutAddsNothingWhatSDLGave() {
        // An input method's key (SDL sends neither key nor text when its IME takes it), also shifted.
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0x67, 0x67)], now: [42: 0x67]) == [])
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0x47, 0x67)], now: [42: 0x67]) == [])
    }

    @Test func aKeycodeAlreadyBoundToTheNextCharacterStillTypesTheOneHeard() {
        // ü heard; by the time it is read, xdotool has bound the same keycode to ß.
        #expect(resolve([.keyPress(time: 2, keycode: Self.spare)], now: [Self.spare: 0xDF]) == ["text ü"])
    }

    @Test func aPressTheWatchDidNotHearOrThatTypesNoCharacterAddsNothing() {
        #expect(resolve([.keyPress(time: 5, keycode: Self.spare)], heard: [:]) == [])
        #expect(resolve([.keyPress(time: 5, keycode: Self.spare)], heard: [Self.spare: (0xFF0D, 0xFF0D)]) == [], "Return: no character")
    }

    /// CI: "señor" arrived as "seor" under Fcitx. The ñ was read while its spare keycode was
    /// still bound to ñ (SDL's keymap had not caught up, so SDL gave nothing): it types all the same.
    @Test func aSpareKeycodeStillBoundWhenReadTypesWhatTheWatchRead() {
        let polled: [RemappedKeys.Polled] = [.keyPress(time: 2, keycode: Self.spare)]
        #expect(resolve(polled, heard: [Self.spare: (0xF1, 0xF1)], now: [Self.spare: 0xF1], spare: [Self.spare]) == ["text ñ"])
        // A layout key (not spare) bound the same as heard still adds nothing: an input method took it.
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0xF1, 0xF1)], now: [42: 0xF1], spare: [Self.spare]) == [])
    }
}
