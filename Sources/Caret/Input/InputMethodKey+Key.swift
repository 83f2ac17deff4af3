// SPDX-License-Identifier: Apache-2.0
/// Keys in the names input methods use (X keysyms, evdev keycodes, X modifier masks), and back.
extension InputMethodKey {
    /// The release bit of `state`.
    public static let releaseMask: UInt32 = 1 << 30

    /// A hardware key as an input method names it; `text` is what the key typed (its layout's
    /// character, which gives the keysym), if it typed anything.
    public init(key: Key, text: String?, isDown: Bool) {
        let keycode = Self.evdevCodes[key.keyCode.rawValue] ?? 0
        var state: UInt32 = isDown ? 0 : Self.releaseMask
        let flags = key.modifierFlags
        if flags.contains(.shift) { state |= 1 << 0 }
        if flags.contains(.alphaShift) { state |= 1 << 1 }
        if flags.contains(.control) { state |= 1 << 2 }
        if flags.contains(.alternate) { state |= 1 << 3 }
        if flags.contains(.command) { state |= 1 << 6 }
        self.init(keysym: Self.keysym(for: key, text: text), keycode: keycode, state: state)
    }

    /// Whether this is the same physical key and symbol as `other`, pressed or released.
    func isSameKey(as other: InputMethodKey) -> Bool {
        keysym == other.keysym && keycode == other.keycode
    }

    /// Whether the key goes down.
    public var isDown: Bool { state & Self.releaseMask == 0 }

    /// The keysym of a key: a named key's, else the character it typed (or would type).
    static func keysym(for key: Key, text: String?) -> UInt32 {
        if let named = namedKeysyms[key.keyCode.rawValue] { return named }
        var source = text ?? (key.characters.isEmpty ? key.charactersIgnoringModifiers : key.characters)
        if text == nil, key.modifierFlags.contains(.shift) { source = source.uppercased() }
        guard source.unicodeScalars.count == 1, let scalar = source.unicodeScalars.first else { return 0xFF_FFFF }
        return keysym(for: scalar)
    }

    /// A character's keysym: Latin-1 as itself, the rest as Unicode keysyms.
    static func keysym(for scalar: Unicode.Scalar) -> UInt32 {
        scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value
    }

    /// The character a keysym types, if any (Latin-1 and Unicode keysyms, and the keypad's).
    package var character: String? {
        if keysym >= 0x20 && keysym < 0x7F || keysym >= 0xA0 && keysym < 0x100 {
            return Unicode.Scalar(keysym).map { String(Character($0)) }
        }
        if keysym & 0xFF00_0000 == 0x0100_0000 { return Unicode.Scalar(keysym & 0x00FF_FFFF).map { String(Character($0)) } }
        return nil
    }

    /// The hardware key this names, for a key an input method made up itself.
    var key: Key {
        let usage =
            Self.usages[keycode]
            ?? Self.namedKeysyms.first { $0.value == keysym }?.key
            ?? 0
        var flags: KeyModifierFlags = []
        if state & (1 << 0) != 0 { flags.insert(.shift) }
        if state & (1 << 1) != 0 { flags.insert(.alphaShift) }
        if state & (1 << 2) != 0 { flags.insert(.control) }
        if state & (1 << 3) != 0 { flags.insert(.alternate) }
        if state & (1 << 6) != 0 { flags.insert(.command) }
        let text = character ?? ""
        return Key(
            keyCode: KeyboardHIDUsage(rawValue: usage), characters: flags.contains(.control) ? "" : text,
            charactersIgnoringModifiers: text.lowercased(), modifierFlags: flags)
    }

    /// Keysyms of the keys that are not characters, by HID usage.
    static let namedKeysyms: [Int: UInt32] = [
        0x28: 0xFF0D, 0x29: 0xFF1B, 0x2A: 0xFF08, 0x2B: 0xFF09, 0x39: 0xFFE5,
        0x3A: 0xFFBE, 0x3B: 0xFFBF, 0x3C: 0xFFC0, 0x3D: 0xFFC1, 0x3E: 0xFFC2, 0x3F: 0xFFC3,
        0x40: 0xFFC4, 0x41: 0xFFC5, 0x42: 0xFFC6, 0x43: 0xFFC7, 0x44: 0xFFC8, 0x45: 0xFFC9,
        0x49: 0xFF63, 0x4A: 0xFF50, 0x4B: 0xFF55, 0x4C: 0xFFFF, 0x4D: 0xFF57, 0x4E: 0xFF56,
        0x4F: 0xFF53, 0x50: 0xFF51, 0x51: 0xFF54, 0x52: 0xFF52, 0x58: 0xFF8D, 0x65: 0xFF67,
        0x88: 0xFF27, 0x8A: 0xFF23, 0x8B: 0xFF22, 0x90: 0xFF31, 0x91: 0xFF34,
        0xE0: 0xFFE3, 0xE1: 0xFFE1, 0xE2: 0xFFE9, 0xE3: 0xFFEB, 0xE4: 0xFFE4, 0xE5: 0xFFE2, 0xE6: 0xFFEA, 0xE7: 0xFFEC,
    ]

    /// Linux keycodes by HID usage (the kernel's hid-input table for a keyboard's keys).
    static let evdevCodes: [Int: UInt32] = {
        var codes: [Int: UInt32] = [:]
        let letters: [UInt32] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
        for (index, code) in letters.enumerated() { codes[0x04 + index] = code }
        for index in 0..<10 { codes[0x1E + index] = UInt32(2 + index) }
        let rest: [Int: UInt32] = [
            0x28: 28, 0x29: 1, 0x2A: 14, 0x2B: 15, 0x2C: 57, 0x2D: 12, 0x2E: 13, 0x2F: 26, 0x30: 27, 0x31: 43,
            0x32: 43, 0x33: 39, 0x34: 40, 0x35: 41, 0x36: 51, 0x37: 52, 0x38: 53, 0x39: 58,
            0x3A: 59, 0x3B: 60, 0x3C: 61, 0x3D: 62, 0x3E: 63, 0x3F: 64, 0x40: 65, 0x41: 66, 0x42: 67, 0x43: 68,
            0x44: 87, 0x45: 88, 0x46: 99, 0x47: 70, 0x48: 119, 0x49: 110, 0x4A: 102, 0x4B: 104, 0x4C: 111,
            0x4D: 107, 0x4E: 109, 0x4F: 106, 0x50: 105, 0x51: 108, 0x52: 103, 0x53: 69, 0x54: 98, 0x55: 55,
            0x56: 74, 0x57: 78, 0x58: 96, 0x59: 79, 0x5A: 80, 0x5B: 81, 0x5C: 75, 0x5D: 76, 0x5E: 77, 0x5F: 71,
            0x60: 72, 0x61: 73, 0x62: 82, 0x63: 83, 0x64: 86, 0x65: 127, 0x87: 89, 0x88: 93, 0x89: 124, 0x8A: 92,
            0x8B: 94, 0x90: 122, 0x91: 123, 0xE0: 29, 0xE1: 42, 0xE2: 56, 0xE3: 125, 0xE4: 97, 0xE5: 54,
            0xE6: 100, 0xE7: 126,
        ]
        codes.merge(rest) { first, _ in first }
        return codes
    }()

    /// HID usages by Linux keycode (the first usage for a code two keys share).
    static let usages: [UInt32: Int] = {
        var usages: [UInt32: Int] = [:]
        for (usage, code) in evdevCodes.sorted(by: { $0.key < $1.key }) where usages[code] == nil { usages[code] = usage }
        return usages
    }()
}
