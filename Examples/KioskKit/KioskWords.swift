// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The kiosk's own words in the guest's language: `Strings/<language>.json` beside these sources
/// (installed: `share/caret/kiosk-strings` beside the binary's folder, or `$CARET_KIOSK_STRINGS`),
/// read with Caret's `LocalizedStrings`; English where a language has no table.
public struct KioskWords: Sendable {
    /// The tables, read once; nil when no folder holds them (then every word is its English key's).
    static let strings: LocalizedStrings? = {
        var folders: [String] = []
        if let folder = ProcessInfo.processInfo.environment["CARET_KIOSK_STRINGS"], !folder.isEmpty { folders.append(folder) }
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ".")
        folders.append(executable.deletingLastPathComponent().appendingPathComponent("../share/caret/kiosk-strings").standardized.path)
        folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Strings").path)
        for folder in folders where FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("en.json")) {
            do {
                return try LocalizedStrings(folder: folder)
            } catch {
                FileHandle.standardError.write(Data("caret-kiosk: \(error); the kiosk's words are its keys\n".utf8))
            }
        }
        return nil
    }()

    /// The language the words are in.
    public let language: String

    /// The words in the first of the preferred languages the kiosk has a table for.
    public init(preferring languages: [String]) {
        language = Self.strings?.language(for: languages) ?? "en"
    }

    /// A key's text, placeholders filled in.
    public func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String {
        Self.strings?.string(key, language: language, arguments) ?? key
    }

    /// Items joined as the language lists them ("a, b and c").
    func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return self("form.listLast", ["list": items.dropLast().joined(separator: self("form.listSeparator")), "last": last])
    }
}
