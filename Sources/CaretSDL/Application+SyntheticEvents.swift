// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

extension Application {
    /// An event to push into SDL's own queue. It is read back and translated exactly like
    /// hardware input, so tests and automation exercise the whole path from SDL to the views.
    public enum SyntheticEvent: Sendable {
        /// A finger on the touchscreen, in window points.
        case finger(id: Int, phase: TouchPhase, location: Point)
        /// A mouse button going down or up, in window points.
        case mouseButton(PointerButton, isDown: Bool, location: Point, clicks: Int)
        /// The mouse moving with buttons held, in window points.
        case mouseMotion(location: Point, buttons: Set<PointerButton>)
        /// Wheel notches (positive y is away from the user) over a point.
        case wheel(x: Float, y: Float, location: Point)
        /// A hardware key going down or up, with the keycode SDL's keymap gives its scancode.
        case key(KeyboardHIDUsage, isDown: Bool)
        /// Raw text bytes as an input method would send them (at most 31; need not be valid UTF-8).
        case textInput(bytes: [UInt8])
        /// The window manager's close button (a close request the app may refuse).
        case closeWindow
        /// The window gaining or losing the input focus to another window.
        case windowFocus(Bool)
        /// The window minimised, or restored.
        case windowMinimized(Bool)
    }

    /// Pushes an event into SDL's queue; it is delivered on the next loop turn.
    public func post(_ synthetic: SyntheticEvent) throws(CaretError) {
        var event = SDL_Event()
        let windowID = translator.windowID
        let k = unitsPerPoint
        switch synthetic {
        case let .finger(id, phase, location):
            switch phase {
            case .began: event.type = SDL_FINGERDOWN.rawValue
            case .moved: event.type = SDL_FINGERMOTION.rawValue
            case .ended, .cancelled: event.type = SDL_FINGERUP.rawValue
            }
            event.tfinger.touchId = 1
            event.tfinger.fingerId = SDL_FingerID(id)
            event.tfinger.x = Float(location.x / max(1, translator.sizeInPoints.width))
            event.tfinger.y = Float(location.y / max(1, translator.sizeInPoints.height))
            event.tfinger.pressure = 1
            event.tfinger.windowID = windowID
        case let .mouseButton(button, isDown, location, clicks):
            event.type = isDown ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            event.button.windowID = windowID
            event.button.which = 0
            event.button.button = UInt8(button.rawValue)
            event.button.state = UInt8(isDown ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = UInt8(max(1, min(255, clicks)))
            event.button.x = Int32((location.x * k).rounded())
            event.button.y = Int32((location.y * k).rounded())
        case let .mouseMotion(location, buttons):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = windowID
            event.motion.which = 0
            event.motion.state = buttons.reduce(0) { $0 | caret_SDL_BUTTON(UInt32($1.rawValue)) }
            event.motion.x = Int32((location.x * k).rounded())
            event.motion.y = Int32((location.y * k).rounded())
        case let .wheel(x, y, location):
            event.type = SDL_MOUSEWHEEL.rawValue
            event.wheel.windowID = windowID
            event.wheel.which = 0
            event.wheel.preciseX = x
            event.wheel.preciseY = y
            event.wheel.x = Int32(x)
            event.wheel.y = Int32(y)
            event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            event.wheel.mouseX = Int32((location.x * k).rounded())
            event.wheel.mouseY = Int32((location.y * k).rounded())
        case let .key(usage, isDown):
            event.type = isDown ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
            event.key.windowID = windowID
            event.key.state = UInt8(isDown ? SDL_PRESSED : SDL_RELEASED)
            event.key.keysym.scancode = SDL_Scancode(UInt32(usage.rawValue))
            event.key.keysym.sym = SDL_GetKeyFromScancode(event.key.keysym.scancode)
        case let .textInput(bytes):
            event = .textInput(bytes, windowID: windowID)
        case .closeWindow:
            event = .windowEvent(SDL_WINDOWEVENT_CLOSE, windowID: windowID)
        case let .windowFocus(gained):
            event = .windowEvent(gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST, windowID: windowID)
        case let .windowMinimized(minimized):
            event = .windowEvent(minimized ? SDL_WINDOWEVENT_MINIMIZED : SDL_WINDOWEVENT_RESTORED, windowID: windowID)
        }
        if SDL_PushEvent(&event) < 0 {
            throw CaretError.backendUnavailable(subsystem: "SDL event queue", reason: sdlErrorMessage())
        }
    }
}

/// SDL's event translation for tests that feed platform input without a window (the soak).
@_spi(Testing) @MainActor
public enum SDLEventPath {
    /// The events an SDL text-input event carrying `bytes` (at most 31 used) becomes.
    public static func textInputEvents(bytes: [UInt8]) -> [InputEvent] {
        let event = SDL_Event.textInput(bytes, windowID: 0)
        let translator = EventTranslator(windowID: 0, unitsPerPoint: 1, sizeInPoints: Size(width: 1, height: 1))
        return translator.translate(event).events
    }

    /// The events an SDL preedit event becomes: `start` and `length` count code points, as SDL's do.
    public static func textEditingEvents(_ text: String, start: Int, length: Int) -> [InputEvent] {
        var event = SDL_Event()
        event.type = SDL_TEXTEDITING.rawValue
        event.edit.windowID = 0
        event.edit.start = Int32(start)
        event.edit.length = Int32(length)
        let bytes = Array(text.utf8.prefix(31))
        withUnsafeMutableBytes(of: &event.edit.text) { buffer in
            for i in 0..<bytes.count { buffer[i] = bytes[i] }
            buffer[bytes.count] = 0
        }
        let translator = EventTranslator(windowID: 0, unitsPerPoint: 1, sizeInPoints: Size(width: 1, height: 1))
        return translator.translate(event).events
    }
}

extension SDL_Event {
    /// An SDL text-input event carrying `bytes` (at most 31 used) for a window.
    static func textInput(_ bytes: [UInt8], windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = windowID
        withUnsafeMutableBytes(of: &event.text.text) { buffer in
            let count = min(bytes.count, buffer.count - 1)
            for i in 0..<count { buffer[i] = bytes[i] }
            buffer[count] = 0
        }
        return event
    }

    /// A window event of a kind for a window.
    static func windowEvent(_ kind: SDL_WindowEventID, windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = windowID
        event.window.event = UInt8(kind.rawValue)
        return event
    }
}
