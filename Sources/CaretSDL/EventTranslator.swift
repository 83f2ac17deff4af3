// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

/// The one place SDL events become core events (ARCHITECTURE.md): one switch, nothing else reads `SDL_Event`.
@MainActor
struct EventTranslator {
    /// The SDL window the events must belong to.
    var windowID: UInt32
    /// Window units (what SDL reports mouse positions in) per point.
    var unitsPerPoint: Double
    /// The window's size in points, for normalised touch coordinates.
    var sizeInPoints: Size
    /// Points scrolled per wheel notch.
    var pointsPerWheelNotch: Double = 40
    /// How the picture is turned on the panel: positions are mapped into the app's coordinates.
    var rotation = DisplayRotation.none
    /// The touch panel's calibration, applied to normalised touch positions first.
    var calibration = TouchCalibration.identity

    /// What happens to the renderer or the loop, outside the view tree.
    enum SideEffect {
        /// The user asked to close the window (the app may refuse).
        case quit
        /// SDL's quit event: with Caret's hints (no signal handlers, no quit on closing the last
        /// window) only the display system sends it unasked, when its connection is gone.
        case systemQuit
        case texturesLost
        case sizeChanged
    }

    func translate(_ e: SDL_Event) -> (events: [InputEvent], effect: SideEffect?) {
        let type = SDL_EventType(rawValue: e.type)
        switch type {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = e.button
            // Touches are handled as touches; SDL's synthetic mouse copy of them is ignored.
            guard b.which != caret_SDL_TOUCH_MOUSEID(), b.windowID == windowID, let button = pointerButton(b.button) else {
                return ([], nil)
            }
            let location = point(b.x, b.y)
            let modifiers = Self.modifiers(SDL_GetModState())
            return (
                type == SDL_MOUSEBUTTONDOWN
                    ? [.mouseDown(button: button, location: location, clickCount: Int(b.clicks), modifiers: modifiers)]
                    : [.mouseUp(button: button, location: location, modifiers: modifiers)], nil
            )
        case SDL_MOUSEMOTION:
            let m = e.motion
            guard m.which != caret_SDL_TOUCH_MOUSEID(), m.windowID == windowID else { return ([], nil) }
            var buttons = Set<PointerButton>()
            for (mask, button) in [
                (caret_SDL_BUTTON(1), PointerButton.primary), (caret_SDL_BUTTON(2), .middle),
                (caret_SDL_BUTTON(3), .secondary),
            ] where m.state & mask != 0 {
                buttons.insert(button)
            }
            return ([.mouseMoved(location: point(m.x, m.y), buttons: buttons, modifiers: Self.modifiers(SDL_GetModState()))], nil)
        case SDL_MOUSEWHEEL:
            let w = e.wheel
            guard w.windowID == windowID, w.which != caret_SDL_TOUCH_MOUSEID() else { return ([], nil) }
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // SDL: positive y scrolls away from the user (up); Caret: positive dy shows what is below.
            let dx = Double(w.preciseX * flip) * pointsPerWheelNotch
            let dy = -Double(w.preciseY * flip) * pointsPerWheelNotch
            return (
                [.scroll(dx: dx, dy: dy, location: point(w.mouseX, w.mouseY), modifiers: Self.modifiers(SDL_GetModState()))], nil
            )
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = e.tfinger
            if f.windowID != 0 && f.windowID != windowID { return ([], nil) }
            let phase: TouchPhase = type == SDL_FINGERDOWN ? .began : (type == SDL_FINGERUP ? .ended : .moved)
            let touch = calibration.apply(to: Point(x: Double(f.x), y: Double(f.y)))
            let location = rotation.logicalPoint(
                fromPhysical: Point(x: touch.x * sizeInPoints.width, y: touch.y * sizeInPoints.height), physicalSize: sizeInPoints)
            // Finger ids are unique per touch device; fold the device in so two panels never collide.
            let id = Int(truncatingIfNeeded: f.fingerId) &+ Int(truncatingIfNeeded: f.touchId) &* 1_000_003
            return ([.touch(id: id, phase: phase, location: location)], nil)
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = e.key
            guard k.windowID == windowID else { return ([], nil) }
            let sym = k.keysym.sym
            var base = ""
            if sym >= 0x20 && sym < 0x7F || sym >= 0xA0 && sym < 0x110000 && sym & SDLK_SCANCODE_MASK == 0,
                let scalar = Unicode.Scalar(UInt32(sym))
            {
                base = String(Character(scalar))
            } else if let character = Self.keypadCharacters[Int(k.keysym.scancode.rawValue)],
                "/*-+".contains(character) || UInt32(k.keysym.mod) & KMOD_NUM.rawValue != 0
            {
                // SDL's keypad keycodes are not characters: a keypad's "*" is "*", as UIKey's; its
                // digits and point only with Num Lock on (off, they are arrows, Home, Delete).
                base = character
            }
            let key = Key(
                keyCode: KeyboardHIDUsage(rawValue: Int(k.keysym.scancode.rawValue)), characters: "",
                charactersIgnoringModifiers: base, modifierFlags: Self.modifiers(SDL_Keymod(UInt32(k.keysym.mod))))
            return ([.key(key, isDown: type == SDL_KEYDOWN, isRepeat: k.repeat != 0)], nil)
        case SDL_TEXTINPUT:
            guard e.text.windowID == windowID || e.text.windowID == 0 else { return ([], nil) }
            var text = e.text.text
            let string = withUnsafePointer(to: &text) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 32) { repairedUTF8($0) }
            }
            return (string.isEmpty ? [] : [.textInput(string)], nil)
        case SDL_TEXTEDITING:
            guard e.edit.windowID == windowID || e.edit.windowID == 0 else { return ([], nil) }
            var text = e.edit.text
            let string = withUnsafePointer(to: &text) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 32) { repairedUTF8($0) }
            }
            return ([.textEditing(string, selectedRange: Self.utf16Range(string, Int(e.edit.start), Int(e.edit.length)))], nil)
        case SDL_TEXTEDITING_EXT:
            // A long preedit, in memory SDL allocated for it: read it, then free it.
            let edit = e.editExt
            guard let pointer = edit.text else { return ([], nil) }
            let string = repairedUTF8(pointer)
            SDL_free(pointer)
            guard edit.windowID == windowID || edit.windowID == 0 else { return ([], nil) }
            return ([.textEditing(string, selectedRange: Self.utf16Range(string, Int(edit.start), Int(edit.length)))], nil)
        case SDL_WINDOWEVENT:
            let w = e.window
            guard w.windowID == windowID else { return ([], nil) }
            switch SDL_WindowEventID(rawValue: UInt32(w.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                let physical = Size(width: Double(w.data1) / unitsPerPoint, height: Double(w.data2) / unitsPerPoint)
                return ([.resized(rotation.logicalSize(forPhysical: physical))], .sizeChanged)
            case SDL_WINDOWEVENT_FOCUS_GAINED: return ([.focusChanged(true)], nil)
            case SDL_WINDOWEVENT_FOCUS_LOST: return ([.focusChanged(false)], nil)
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN: return ([.exposed], nil)
            case SDL_WINDOWEVENT_CLOSE: return ([.closeRequested], .quit)
            default: return ([], nil)
            }
        case SDL_QUIT:
            return ([], .systemQuit)
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return ([.exposed], .texturesLost)
        default:
            return ([], nil)
        }
    }

    /// SDL reports the preedit's cursor in characters (code points); Caret's ranges are UTF-16.
    static func utf16Range(_ text: String, _ start: Int, _ length: Int) -> Range<Int>? {
        guard start >= 0, length >= 0 else { return nil }
        let scalars = text.unicodeScalars
        func utf16(_ n: Int) -> Int { scalars.prefix(max(0, n)).reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) } }
        let lower = utf16(start)
        return lower..<max(lower, utf16(start + length))
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        rotation.logicalPoint(fromPhysical: Point(x: Double(x) / unitsPerPoint, y: Double(y) / unitsPerPoint), physicalSize: sizeInPoints)
    }

    private func pointerButton(_ raw: UInt8) -> PointerButton? {
        switch Int32(raw) {
        case SDL_BUTTON_LEFT: return .primary
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .secondary
        default: return nil
        }
    }

    /// The characters of the keypad's keys by scancode (digits, operators, point, equals, comma).
    static let keypadCharacters: [Int: String] = {
        var table: [Int: String] = [84: "/", 85: "*", 86: "-", 87: "+", 98: "0", 99: ".", 103: "=", 133: ","]
        for digit in 1...9 { table[88 + digit] = String(digit) }  // SDL_SCANCODE_KP_1 is 89
        return table
    }()

    static func modifiers(_ mod: SDL_Keymod) -> KeyModifierFlags {
        let m = mod.rawValue
        var flags: KeyModifierFlags = []
        if m & KMOD_SHIFT.rawValue != 0 { flags.insert(.shift) }
        if m & KMOD_CTRL.rawValue != 0 { flags.insert(.control) }
        if m & KMOD_ALT.rawValue != 0 { flags.insert(.alternate) }
        if m & KMOD_GUI.rawValue != 0 { flags.insert(.command) }
        if m & KMOD_CAPS.rawValue != 0 { flags.insert(.alphaShift) }
        return flags
    }
}
