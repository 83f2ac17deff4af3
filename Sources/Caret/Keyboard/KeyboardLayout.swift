// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a key does, as written in a layout file: a string in braces names an action
/// (`{shift}`, `{backspace}`, optionally with a width in key units: `{space:5}`); any other
/// string is text the key types (`q`, `@`, `.com`). The format is documented in
/// `Assets/Keyboards/README.md`.
public enum KeyboardKeyAction: Hashable, Sendable {
    /// Types its text.
    case text(String)
    /// Shift: once for one capital, twice quickly for caps lock.
    case shift
    /// Deletes backward; held, it repeats and then deletes words.
    case backspace
    /// Types a space.
    case space
    /// The return key, labelled by the client's `returnKeyType`.
    case `return`
    /// The next language offered.
    case globe
    /// Hides the keyboard (ends editing).
    case dismiss
    /// Letters ↔ numbers (labelled "123" or "ABC").
    case more
    /// The numbers plane.
    case numbers
    /// The symbols plane.
    case symbols
    /// The letters plane.
    case letters
    /// Back to the phone pad (name phone pad).
    case phone
    /// The locale's decimal separator.
    case decimal
    /// An empty place in a pad.
    case blank
    /// Opens the emoji panel.
    case emoji

    private static let names: [String: KeyboardKeyAction] = [
        "shift": .shift, "backspace": .backspace, "space": .space, "return": .return, "globe": .globe,
        "dismiss": .dismiss, "more": .more, "numbers": .numbers, "symbols": .symbols, "letters": .letters,
        "phone": .phone, "decimal": .decimal, "blank": .blank, "emoji": .emoji,
    ]

    /// Parses a key as written in a layout file; nil for an unknown action name.
    public static func parse(_ token: String) -> (action: KeyboardKeyAction, width: Double?)? {
        guard token.count > 2, token.first == "{", token.last == "}" else { return (.text(token), nil) }
        let body = token.dropFirst().dropLast()
        let parts = body.split(separator: ":", maxSplits: 1)
        guard let name = parts.first, let action = names[String(name)] else { return nil }
        let width = parts.count > 1 ? Double(parts[1]) : nil
        if parts.count > 1 && width == nil { return nil }
        return (action, width)
    }
}
