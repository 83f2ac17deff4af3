// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
import Caret

/// A hardware key as AT-SPI's key listeners take it: ATK's `AtkKeyEventStruct`, filled as GTK 3
/// fills it from a `GdkEventKey` (gtkaccessibility.c), in X's names. Orca matches its commands by
/// `keycode` and modifiers, knows its own modifier (Insert, KP_Insert) by `string`, and echoes
/// typed characters from `string`.
public struct ATSPIKeyEvent: Hashable, Sendable {
    /// Pressed (true) or released.
    public var isPress: Bool
    /// The modifiers held before this key, as GDK masks (Shift 1, Lock 2, Control 4, Mod1 8, Mod4 64).
    public var state: UInt32
    /// The X keysym ("A" 0x41, Left 0xFF51, KP_Enter 0xFF8D).
    public var keyval: UInt32
    /// The text the key typed when it is printable, else the keysym's name ("Left", "Insert", "space").
    public var string: String
    /// The UTF-8 length of the text the key typed (0 when none).
    public var length: Int32
    /// The X hardware keycode (the Linux keycode + 8; 0 for a key with none).
    public var keycode: UInt16
    /// When, in milliseconds (any fixed origin).
    public var timestamp: UInt32

    /// The GDK masks of a modifier key, by HID usage.
    static let modifierMasks: [Int: UInt32] = [0xE0: 4, 0xE4: 4, 0xE1: 1, 0xE5: 1, 0xE2: 8, 0xE6: 8, 0xE3: 64, 0xE7: 64]

    /// A key as the app received it; `text` is what it typed (the text input that followed its
    /// press), if anything.
    public init(key: Key, text: String?, isDown: Bool, timestamp: UInt32) {
        let typed = text.flatMap { $0.isEmpty ? nil : $0 }
        let named = InputMethodKey(key: key, text: typed, isDown: isDown)
        let usage = key.keyCode.rawValue
        var keyval = named.keysym
        if let keypad = Self.keypadKeysym(usage: usage, text: typed) {
            keyval = keypad
        } else if let extra = Self.moreNamedKeysyms[usage] {
            keyval = extra
        }
        // X reports the modifiers held before the event: a modifier's own press does not carry
        // its mask yet, its release still does (SDL's state is the one after).
        var state = named.state & ~InputMethodKey.releaseMask
        if let mask = Self.modifierMasks[usage] { state = isDown ? state & ~mask : state | mask }
        isPress = isDown
        self.state = state
        self.keyval = keyval
        self.timestamp = timestamp
        keycode = UInt16(truncatingIfNeeded: named.keycode == 0 ? 0 : named.keycode + 8)
        length = Int32(typed?.utf8.count ?? 0)
        // GTK: the text when it is a visible character (or Control is held), else the keysym's name.
        if let typed, Self.isGraphic(typed) || state & 4 != 0 {
            string = typed
        } else {
            string = Self.name(ofKeysym: keyval)
        }
    }

    /// Whether a text starts with a visible character (not a space, not a control).
    static func isGraphic(_ text: String) -> Bool {
        guard let scalar = text.unicodeScalars.first else { return false }
        return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
            && scalar.properties.generalCategory != .format
    }

    /// The keypad's keysym: its digits when the key typed one (Num Lock on), else its navigation
    /// names (KP_Home, KP_Up… which Orca's desktop layout uses), nil for other keys.
    static func keypadKeysym(usage: Int, text: String?) -> UInt32? {
        switch usage {
        case 0x54: return 0xFFAF  // KP_Divide
        case 0x55: return 0xFFAA  // KP_Multiply
        case 0x56: return 0xFFAD  // KP_Subtract
        case 0x57: return 0xFFAB  // KP_Add
        case 0x58: return 0xFF8D  // KP_Enter
        case 0x59...0x62:
            let digit = usage == 0x62 ? 0 : usage - 0x58
            if let text, text == String(digit) { return 0xFFB0 + UInt32(digit) }
            let navigation: [UInt32] = [0xFF9E, 0xFF9C, 0xFF99, 0xFF9B, 0xFF96, 0xFF9D, 0xFF98, 0xFF95, 0xFF97, 0xFF9A]
            return navigation[digit]
        case 0x63: return text == nil ? 0xFF9F : 0xFFAE  // KP_Delete, KP_Decimal
        default: return nil
        }
    }

    /// Keys the input methods' table leaves out: Print, Scroll_Lock, Pause, Num_Lock.
    static let moreNamedKeysyms: [Int: UInt32] = [0x46: 0xFF61, 0x47: 0xFF14, 0x48: 0xFF13, 0x53: 0xFF7F]

    /// X's name of a keysym (XKeysymToString's, for the keys a keyboard has).
    static func name(ofKeysym keysym: UInt32) -> String {
        if let name = keysymNames[keysym] { return name }
        if keysym > 0x20 && keysym < 0x7F || keysym >= 0xA0 && keysym < 0x100 {
            return Unicode.Scalar(keysym).map { String(Character($0)) } ?? ""
        }
        if keysym & 0xFF00_0000 == 0x0100_0000 {
            return "U" + String(keysym & 0x00FF_FFFF, radix: 16, uppercase: true)
        }
        return "0x" + String(keysym, radix: 16)
    }

    static let keysymNames: [UInt32: String] = {
        var names: [UInt32: String] = [
            0x20: "space", 0x21: "exclam", 0x22: "quotedbl", 0x23: "numbersign", 0x24: "dollar", 0x25: "percent",
            0x26: "ampersand", 0x27: "apostrophe", 0x28: "parenleft", 0x29: "parenright", 0x2A: "asterisk", 0x2B: "plus",
            0x2C: "comma", 0x2D: "minus", 0x2E: "period", 0x2F: "slash", 0x3A: "colon", 0x3B: "semicolon", 0x3C: "less",
            0x3D: "equal", 0x3E: "greater", 0x3F: "question", 0x40: "at", 0x5B: "bracketleft", 0x5C: "backslash",
            0x5D: "bracketright", 0x5E: "asciicircum", 0x5F: "underscore", 0x60: "grave", 0x7B: "braceleft", 0x7C: "bar",
            0x7D: "braceright", 0x7E: "asciitilde",
            0xFF08: "BackSpace", 0xFF09: "Tab", 0xFF0D: "Return", 0xFF13: "Pause", 0xFF14: "Scroll_Lock", 0xFF1B: "Escape",
            0xFF22: "Muhenkan", 0xFF23: "Henkan", 0xFF27: "Hiragana_Katakana", 0xFF31: "Hangul", 0xFF34: "Hangul_Hanja",
            0xFF50: "Home", 0xFF51: "Left", 0xFF52: "Up", 0xFF53: "Right", 0xFF54: "Down", 0xFF55: "Prior", 0xFF56: "Next",
            0xFF57: "End", 0xFF61: "Print", 0xFF63: "Insert", 0xFF67: "Menu", 0xFF7F: "Num_Lock", 0xFF8D: "KP_Enter",
            0xFF95: "KP_Home", 0xFF96: "KP_Left", 0xFF97: "KP_Up", 0xFF98: "KP_Right", 0xFF99: "KP_Down", 0xFF9A: "KP_Prior",
            0xFF9B: "KP_Next", 0xFF9C: "KP_End", 0xFF9D: "KP_Begin", 0xFF9E: "KP_Insert", 0xFF9F: "KP_Delete",
            0xFFAA: "KP_Multiply", 0xFFAB: "KP_Add", 0xFFAD: "KP_Subtract", 0xFFAE: "KP_Decimal", 0xFFAF: "KP_Divide",
            0xFFE1: "Shift_L", 0xFFE2: "Shift_R", 0xFFE3: "Control_L", 0xFFE4: "Control_R", 0xFFE5: "Caps_Lock",
            0xFFE9: "Alt_L", 0xFFEA: "Alt_R", 0xFFEB: "Super_L", 0xFFEC: "Super_R", 0xFFFF: "Delete",
        ]
        for digit in 0...9 { names[0xFFB0 + UInt32(digit)] = "KP_\(digit)" }
        for n in 1...12 { names[0xFFBD + UInt32(n)] = "F\(n)" }
        return names
    }()

    /// Runs `body` with the C struct at-spi2-atk's listener takes (its string lives as long as the call).
    func withCKey<T>(_ body: (UnsafePointer<caret_atk_key>) -> T) -> T {
        string.withCString { text in
            var key = caret_atk_key(
                release: isPress ? 0 : 1, state: state, keyval: keyval, string: text, length: length, keycode: keycode,
                timestamp: timestamp)
            return body(&key)
        }
    }
}
