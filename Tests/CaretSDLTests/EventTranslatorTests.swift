// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import Testing

@testable import CaretSDL

/// SDL events become core events in one place: each kind, checked directly on the translator.
@Suite @MainActor
struct EventTranslatorTests {
    /// A 2× window (HiDPI): SDL's units are pixels, Caret's points.
    let translator = EventTranslator(windowID: 7, unitsPerPoint: 2, sizeInPoints: Size(width: 400, height: 300))

    private func event(_ type: SDL_EventType, _ fill: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        fill(&e)
        return e
    }

    private func text(_ type: SDL_EventType, _ bytes: [UInt8], start: Int32 = 0, length: Int32 = 0) -> SDL_Event {
        event(type) { e in
            if type == SDL_TEXTINPUT {
                e.text.windowID = 7
                withUnsafeMutableBytes(of: &e.text.text) { b in
                    for (i, byte) in bytes.enumerated() { b[i] = byte }
                    b[bytes.count] = 0
                }
            } else {
                e.edit.windowID = 7
                e.edit.start = start
                e.edit.length = length
                withUnsafeMutableBytes(of: &e.edit.text) { b in
                    for (i, byte) in bytes.enumerated() { b[i] = byte }
                    b[bytes.count] = 0
                }
            }
        }
    }

    @Test func mouseButtonsBecomePointsWithTheirClickCount() {
        let down = event(SDL_MOUSEBUTTONDOWN) { e in
            e.button.windowID = 7
            e.button.button = UInt8(SDL_BUTTON_RIGHT)
            e.button.x = 200
            e.button.y = 100
            e.button.clicks = 2
        }
        let events = translator.translate(down).events
        guard case let .mouseDown(button, location, clickCount, _)? = events.first else {
            Issue.record("expected a mouse down, got \(events)")
            return
        }
        #expect(button == .secondary && location == Point(x: 100, y: 50) && clickCount == 2)
    }

    @Test func eventsOfAnotherWindowAndSDLsMouseCopiesOfTouchesAreDropped() {
        let other = event(SDL_MOUSEBUTTONDOWN) { e in
            e.button.windowID = 8
            e.button.button = UInt8(SDL_BUTTON_LEFT)
        }
        #expect(translator.translate(other).events.isEmpty)
        let copy = event(SDL_MOUSEBUTTONDOWN) { e in
            e.button.windowID = 7
            e.button.which = caret_SDL_TOUCH_MOUSEID()
            e.button.button = UInt8(SDL_BUTTON_LEFT)
        }
        #expect(translator.translate(copy).events.isEmpty)
    }

    @Test func fingersUseNormalisedCoordinatesAndFoldTheDeviceIntoTheirId() {
        let down = event(SDL_FINGERDOWN) { e in
            e.tfinger.x = 0.5
            e.tfinger.y = 0.25
            e.tfinger.fingerId = 3
            e.tfinger.touchId = 1
        }
        #expect(translator.translate(down).events == [.touch(id: 3 + 1_000_003, phase: .began, location: Point(x: 200, y: 75))])
        let up = event(SDL_FINGERUP) { e in
            e.tfinger.x = 0.5
            e.tfinger.y = 0.25
            e.tfinger.fingerId = 3
            e.tfinger.touchId = 2
        }
        #expect(translator.translate(up).events == [.touch(id: 3 + 2_000_006, phase: .ended, location: Point(x: 200, y: 75))])
    }

    @Test func theWheelScrollsByNotchesWithPositiveDyShowingWhatIsBelow() {
        let wheel = event(SDL_MOUSEWHEEL) { e in
            e.wheel.windowID = 7
            e.wheel.preciseY = 1
            e.wheel.mouseX = 20
            e.wheel.mouseY = 40
        }
        #expect(translator.translate(wheel).events == [.scroll(dx: 0, dy: -40, location: Point(x: 10, y: 20), modifiers: [])])
    }

    @Test func keysCarryTheirUsageAndTheLayoutsLetter() {
        let down = event(SDL_KEYDOWN) { e in
            e.key.windowID = 7
            e.key.keysym.scancode = SDL_SCANCODE_Y  // "z" on QWERTZ
            e.key.keysym.sym = SDL_Keycode(UInt8(ascii: "z"))
            e.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
            e.key.repeat = 1
        }
        guard case let .key(key, isDown, isRepeat)? = translator.translate(down).events.first else {
            Issue.record("expected a key")
            return
        }
        #expect(key.keyCode == KeyboardHIDUsage(rawValue: Int(SDL_SCANCODE_Y.rawValue)))
        #expect(key.charactersIgnoringModifiers == "z" && key.modifierFlags.contains(.control) && isDown && isRepeat)
    }

    @Test func textIsRepairedUTF8AndEmptyTextSendsNothing() {
        #expect(translator.translate(text(SDL_TEXTINPUT, Array("é👍".utf8))).events == [.textInput("é👍")])
        #expect(translator.translate(text(SDL_TEXTINPUT, [0x61, 0xFF, 0x62])).events == [.textInput("a\u{FFFD}b")])
        #expect(translator.translate(text(SDL_TEXTINPUT, [])).events.isEmpty)
    }

    /// The preedit's cursor comes from SDL in code points; the core gets UTF-16.
    @Test func thePreeditCursorIsConvertedFromCodePointsToUTF16() {
        let events = translator.translate(text(SDL_TEXTEDITING, Array("👍🏽a".utf8), start: 2, length: 1)).events
        #expect(events == [.textEditing("👍🏽a", selectedRange: 4..<5)])  // "a", after the four units of 👍🏽
        #expect(EventTranslator.utf16Range("ab", -1, 0) == nil)
    }

    @Test func windowEventsResizeInPointsFocusExposeAndClose() {
        func window(_ id: SDL_WindowEventID, _ w: Int32 = 0, _ h: Int32 = 0) -> SDL_Event {
            event(SDL_WINDOWEVENT) { e in
                e.window.windowID = 7
                e.window.event = UInt8(id.rawValue)
                e.window.data1 = w
                e.window.data2 = h
            }
        }
        let resized = translator.translate(window(SDL_WINDOWEVENT_SIZE_CHANGED, 1600, 1000))
        #expect(resized.events == [.resized(Size(width: 800, height: 500))])
        #expect(translator.translate(window(SDL_WINDOWEVENT_FOCUS_LOST)).events == [.focusChanged(false)])
        #expect(translator.translate(window(SDL_WINDOWEVENT_EXPOSED)).events == [.exposed])
        #expect(translator.translate(window(SDL_WINDOWEVENT_CLOSE)).events == [.closeRequested])
        // SDL's quit event is no close request: with Caret's hints only a lost display sends it.
        let quit = translator.translate(event(SDL_QUIT))
        #expect(quit.events.isEmpty && quit.effect == .systemQuit)
        #expect(translator.translate(event(SDL_RENDER_TARGETS_RESET)).events == [.exposed])
    }
}
