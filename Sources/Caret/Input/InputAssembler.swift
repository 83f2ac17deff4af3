// SPDX-License-Identifier: Apache-2.0
/// Merges and orders the raw events a backend delivers, before the window routes them: the one
/// place that decides where text came from, used by `Application` (a turn of SDL events at a
/// time) and by the headless kit alike (`Window.send`), so tests exercise the app's path.
///
/// - Text right after a key went down is that key's text (`.key`) when the key could have typed
///   it; other text is an input method's (`.inputMethod`) unless its sender said otherwise. A
///   key that types nothing itself (a shortcut, an arrow, Tab, Return) or whose letter is not the
///   text (a Hangul syllable after "t") was followed by the input method's commit, which SDL
///   delivers after the key with Fcitx 5: taken for the key's text, it was typed twice.
/// - Consecutive input-method text in one batch becomes one commit: SDL cuts a long commit into
///   pieces of 31 bytes, and the delegate must be asked about the whole. A key's own text stays
///   apart (it is never cut, and it meets an open composition differently from a commit).
/// - Whether the last event was a key going down carries over from one batch to the next.
package struct InputAssembler: Sendable {
    /// The last event assembled, when it was a key going down.
    private var lastKeyDown: Key?

    /// An assembler with no history.
    public init() {}

    /// The events of one batch, merged and with their text's origin.
    public mutating func assemble(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        result.reserveCapacity(events.count)
        for event in events {
            let keyDown = lastKeyDown
            lastKeyDown = nil
            switch event {
            case let .key(key, isDown, _):
                lastKeyDown = isDown ? key : nil
                result.append(event)
            case let .textInput(text, origin):
                let typed = keyDown.map { Self.couldType(text, $0) } ?? false
                let resolved = typed && origin == .inputMethod ? TextInputOrigin.key : origin
                if resolved == .inputMethod, case let .textInput(previous, .inputMethod)? = result.last {
                    result[result.count - 1] = .textInput(previous + text, origin: .inputMethod)
                } else {
                    result.append(.textInput(text, origin: resolved))
                }
            default:
                result.append(event)
            }
        }
        return result
    }

    /// Whether a key could have typed this text itself: a key with Control or Command, or one
    /// that types no character, could not; a letter types itself in either case, a Latin key
    /// types any one ASCII character (Shift and AltGr symbols), a key of another script anything.
    static func couldType(_ text: String, _ key: Key) -> Bool {
        guard !key.modifierFlags.contains(.control), !key.modifierFlags.contains(.command) else { return false }
        let base = key.charactersIgnoringModifiers.isEmpty ? key.characters : key.charactersIgnoringModifiers
        guard let first = base.unicodeScalars.first, first.value >= 0x20 else { return false }
        if text.lowercased() == base.lowercased() || !first.isASCII { return true }
        return text.unicodeScalars.count == 1 && text.unicodeScalars.first!.isASCII
    }
}
