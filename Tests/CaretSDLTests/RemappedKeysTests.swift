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
        _ polled: [RemappedKeys.Polled], heard: [UInt32: RemappedKeys.Heard] = [spare: (0xFC, 0xFC, false)], now: [UInt32: UInt] = [:],
        spare: Set<UInt32> = []
    ) -> [String] {
        let events = RemappedKeys.resolve(polled, windowID: 1, currentBase: { now[$0] ?? 0 }, wasSpare: spare.contains) { _, keycode, _ in
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
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0x67, 0x67, false)], now: [42: 0x67]) == [])
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0x47, 0x67, false)], now: [42: 0x67]) == [])
    }

    @Test func aKeycodeAlreadyBoundToTheNextCharacterStillTypesTheOneHeard() {
        // ü heard; by the time it is read, xdotool has bound the same keycode to ß.
        #expect(resolve([.keyPress(time: 2, keycode: Self.spare)], now: [Self.spare: 0xDF]) == ["text ü"])
    }

    @Test func aPressTheWatchDidNotHearOrThatTypesNoCharacterAddsNothing() {
        #expect(resolve([.keyPress(time: 5, keycode: Self.spare)], heard: [:]) == [])
        #expect(resolve([.keyPress(time: 5, keycode: Self.spare)], heard: [Self.spare: (0xFF0D, 0xFF0D, false)]) == [], "Return: no character")
    }

    /// CI: "señor" arrived as "seor" under Fcitx. The ñ was read while its spare keycode was
    /// still bound to ñ (SDL's keymap had not caught up, so SDL gave nothing): it types all the same.
    @Test func aSpareKeycodeStillBoundWhenReadTypesWhatTheWatchRead() {
        let polled: [RemappedKeys.Polled] = [.keyPress(time: 2, keycode: Self.spare)]
        #expect(resolve(polled, heard: [Self.spare: (0xF1, 0xF1, false)], now: [Self.spare: 0xF1], spare: [Self.spare]) == ["text ñ"])
        // A layout key (not spare) bound the same as heard still adds nothing: an input method took it.
        #expect(resolve([.keyPress(time: 4, keycode: 42)], heard: [42: (0xF1, 0xF1, false)], now: [42: 0xF1], spare: [Self.spare]) == [])
    }

    /// CI: "Grüße" arrived as "Grßße". SDL read the spare keycode's binding after xdotool had
    /// bound it to the next character and typed ß for the ü press; the recorded binding wins.
    @Test func aSparePressSDLTypedOtherwiseThanRecordedTypesWhatWasRecorded() {
        let polled: [RemappedKeys.Polled] = [.keyPress(time: 2, keycode: Self.spare), text("ß"), .keyPress(time: 3, keycode: Self.spare), text("ß")]
        var recorded: [UInt: RemappedKeys.Heard] = [2: (0xFC, 0xFC, true), 3: (0xDF, 0xDF, true)]
        let events = RemappedKeys.resolve(polled, windowID: 1, currentBase: { _ in 0 }, wasSpare: { $0 == Self.spare }) { time, _, _ in
            recorded[time]
        }
        #expect(texts(events) == ["ü", "ß"])
        // Read by the watch on hearing it (not recorded): no better than SDL's reading, which stands.
        recorded = [2: (0xFC, 0xFC, false), 3: (0xDF, 0xDF, false)]
        let unrecorded = RemappedKeys.resolve(polled, windowID: 1, currentBase: { _ in 0 }, wasSpare: { $0 == Self.spare }) { time, _, _ in
            recorded[time]
        }
        #expect(texts(unrecorded) == ["ß", "ß"])
    }

    @Test func aRecordedPressSDLTypedAlikeOrOnALayoutKeyKeepsSDLsText() {
        let same: [RemappedKeys.Polled] = [.keyPress(time: 2, keycode: Self.spare), text("ü")]
        #expect(resolve(same, heard: [Self.spare: (0xFC, 0xFC, true)], spare: [Self.spare]) == ["text ü"], "nothing doubled")
        // A layout key (an xmodmap'd keymap is recorded too): SDL's text stands whatever was recorded.
        let layout: [RemappedKeys.Polled] = [.keyPress(time: 4, keycode: 42), text("g")]
        #expect(resolve(layout, heard: [42: (0x68, 0x68, true)], now: [42: 0x67], spare: [Self.spare]) == ["text g"])
    }

    /// The core protocol's levels from a keycode's first two keysyms (xdotool binds one).
    @Test func aRecordedBindingTypesTheLevelItsModifiersChoose() {
        // Latin-1's case pairs, as Xlib's XConvertCase has them (ß has no capital there).
        let asciiCase: @convention(c) (UInt, UnsafeMutablePointer<UInt>?, UnsafeMutablePointer<UInt>?) -> Void = { keysym, lower, upper in
            let isLetter =
                (0x41...0x5A).contains(keysym) || (0x61...0x7A).contains(keysym)
                || ((0xC0...0xFE).contains(keysym) && keysym != 0xD7 && keysym != 0xF7 && keysym != 0xDF)
            lower?.pointee = isLetter ? keysym | 0x20 : keysym
            upper?.pointee = isLetter ? keysym & ~0x20 : keysym
        }
        func level(_ keysyms: (UInt, UInt), _ state: UInt32) -> UInt {
            withUnsafePointer(to: keysyms) { $0.withMemoryRebound(to: UInt.self, capacity: 2) { caret_x11_level($0, state, asciiCase) } }
        }
        #expect([0, 1, 2, 3].map { level((0x61, 0), $0) } == [0x61, 0x41, 0x41, 0x41], "a: Shift, Lock or both give A")
        #expect([0, 1, 2, 3].map { level((0x31, 0x21), $0) } == [0x31, 0x21, 0x31, 0x21], "1 and !: Lock leaves a digit")
        #expect([0, 1, 2].map { level((0xDF, 0), $0) } == [0xDF, 0xDF, 0xDF], "ß has no capital level here")
        // xdotool may bind the same keysym to both levels: Lock still gives the capital.
        #expect([0, 1, 2].map { level((0xFC, 0xFC), $0) } == [0xFC, 0xFC, 0xDC], "ü ü: Lock gives Ü")
    }

    private func texts(_ events: [SDL_Event]) -> [String] {
        events.map { event in
            var copy = event
            return withUnsafeBytes(of: &copy.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
    }
}
