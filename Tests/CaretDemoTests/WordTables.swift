// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import Caret

/// An example's tables of words (`Strings/<language>.json`), checked against English and
/// against Caret's own tables' languages: every language Caret has a table for has one here,
/// with every key, the same placeholders as English, and a counted text's CLDR plural forms
/// (each its language takes for whole numbers, by Caret's rules, and "other").
enum WordTables {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A table's keys and texts; a counted text is its plural forms.
    static func table(_ folder: URL, _ language: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(language).json"))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The placeholders a text names, sorted.
    static func placeholders(_ text: String) -> [String] {
        text.components(separatedBy: "{").dropFirst().compactMap { $0.components(separatedBy: "}").first }.sorted()
    }

    /// Every problem in the tables of a folder, each naming its language and key.
    static func problems(in folder: URL) throws -> [String] {
        let english = try table(folder, "en")
        let languages = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Assets/Strings").path)
            .filter { $0.hasSuffix(".json") && $0 != "plurals.json" }.map { String($0.dropLast(5)) }
        var problems: [String] = []
        for language in languages {
            guard let table = try? table(folder, language) else {
                problems.append("\(language): no table")
                continue
            }
            let rules = Localization.pluralRules(language)
            let categories = Set((0...1000).map { rules?.category(for: $0) ?? "other" } + ["other"])
            for (key, text) in english {
                switch (text, table[key]) {
                case (let text as String, let translated as String):
                    if translated.isEmpty { problems.append("\(language) \(key): empty") }
                    if placeholders(translated) != placeholders(text) { problems.append("\(language) \(key): placeholders") }
                case (let forms as [String: String], let translated as [String: String]):
                    let wanted = placeholders(forms["other"] ?? "")
                    if !categories.isSubset(of: Set(translated.keys)) {
                        problems.append("\(language) \(key): plural forms \(translated.keys.sorted())")
                    }
                    for (category, form) in translated where placeholders(form) != wanted {
                        problems.append("\(language) \(key) \(category): placeholders")
                    }
                default: problems.append("\(language) \(key): missing or of another kind")
                }
            }
            if table.count != english.count { problems.append("\(language): \(table.count) keys, English \(english.count)") }
        }
        return problems
    }
}
