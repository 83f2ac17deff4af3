// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// An example app's own words in the user's language, read with Caret's `LocalizedStrings`
/// (docs/behaviour/localisation.md, "An app's own words"); English where a language or a key is
/// missing, and the key itself when no table could be read.
public struct ExampleWords: Sendable {
    /// The tables, or nil when no folder held them.
    public let strings: LocalizedStrings?
    /// The language the words are in.
    public let language: String

    /// The words in the first of the preferred languages that has a table.
    public init(strings: LocalizedStrings?, preferring languages: [String]) {
        self.strings = strings
        language = strings?.language(for: languages) ?? "en"
    }

    /// Reads the first folder that holds an `en.json`: `$<environment>`, then the installed
    /// `share/caret/<installed>` beside the binary's folder, then `sources` (the example's
    /// `Strings`); an English table that cannot be read is one line on standard error, naming the
    /// app (another language's is reported when its words are first asked, and English is used).
    public static func read(app: String, environment: String, installed: String, sources: String) -> LocalizedStrings? {
        var folders: [String] = []
        if let folder = ProcessInfo.processInfo.environment[environment], !folder.isEmpty { folders.append(folder) }
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ".")
        folders.append(executable.deletingLastPathComponent().appendingPathComponent("../share/caret/\(installed)").standardized.path)
        folders.append(sources)
        for folder in folders where FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("en.json")) {
            do {
                return try LocalizedStrings(folder: folder)
            } catch {
                FileHandle.standardError.write(Data("\(app): \(error); its words are their keys\n".utf8))
            }
        }
        return nil
    }

    /// A key's text, its plural form chosen by `count`, placeholders filled in.
    public func callAsFunction(_ key: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        strings?.string(key, language: language, count: count, arguments) ?? key
    }

    /// Whether the language is written right to left (Arabic, Persian, Hebrew, Urdu): its screens mirror.
    public var isRightToLeft: Bool { Locale.Language(identifier: language).characterDirection == .rightToLeft }
}
