// SPDX-License-Identifier: Apache-2.0
import CaretExampleWords
import Foundation

/// The kiosk's own words in the guest's language: `Strings/<language>.json` beside these sources
/// (installed: `share/caret/kiosk-strings` beside the binary's folder, or `$CARET_KIOSK_STRINGS`),
/// read with Caret's `LocalizedStrings`; English where a language has no table.
public struct KioskWords: Sendable {
    /// The tables, read once; nil when no folder holds them (then every word is its English key's).
    static let strings = ExampleWords.read(
        app: "caret-kiosk", environment: "CARET_KIOSK_STRINGS", installed: "kiosk-strings",
        sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Strings").path)

    private let words: ExampleWords

    /// The language the words are in.
    public var language: String { words.language }

    /// The words in the first of the preferred languages the kiosk has a table for.
    public init(preferring languages: [String]) {
        words = ExampleWords(strings: Self.strings, preferring: languages)
    }

    /// A key's text, placeholders filled in.
    public func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String {
        words(key, arguments)
    }

    /// Items joined as the language lists them ("a, b and c").
    func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return self("form.listLast", ["list": items.dropLast().joined(separator: self("form.listSeparator")), "last": last])
    }
}
