// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Where Caret's own words come from (docs/behaviour/localisation.md): a table per language in
/// `Assets/Strings`, read when a language is first asked for, and CLDR's plural rules in
/// `Assets/Strings/plurals.json`. A language without a table, or a key a table lacks, falls back
/// to English; a table that cannot be read is reported once on the console and not used.
enum Localization {
    private struct State {
        var tables: [String: StringTable?] = [:]
        var rules: [String: PluralRules]?
        var languages: Set<String>?
        var numberFormatters: [String: NumberFormatter] = [:]
        var systemLanguage: String?
    }

    private static let state = Mutex(State())

    /// The languages that have a table (BCP 47 tags such as "de", "pt-PT", "zh-Hant").
    static var languages: Set<String> {
        state.withLock { state in
            if let languages = state.languages { return languages }
            var found = Set<String>()
            for folder in Assets.searchPaths {
                let strings = (folder as NSString).appendingPathComponent("Strings")
                for file in (try? FileManager.default.contentsOfDirectory(atPath: strings)) ?? []
                where file.hasSuffix(".json") && file != "plurals.json" {
                    found.insert(String(file.dropLast(5)))
                }
            }
            state.languages = found
            return found
        }
    }

    /// The language with a table that best matches a list of preferred languages, most preferred
    /// first ("de-AT" → "de", "zh-TW" → "zh-Hant", "pt-PT" → "pt-PT"); English when none matches.
    static func resolve(_ preferred: [String]) -> String {
        let available = languages
        for tag in preferred {
            for candidate in candidates(for: tag) where available.contains(candidate) { return candidate }
        }
        return "en"
    }

    /// The tables a tag may be served by, most specific first.
    static func candidates(for tag: String) -> [String] {
        let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: ".").first.map { $0.split(separator: "-").map(String.init) } ?? []
        guard var language = parts.first?.lowercased(), !language.isEmpty else { return [] }
        language = ["no": "nb", "iw": "he", "in": "id", "c": "en", "posix": "en"][language] ?? language
        let rest = parts.dropFirst()
        var result: [String] = []
        if language == "zh" {
            let traditional = rest.contains { ["Hant", "TW", "HK", "MO"].contains($0) }
            result.append(traditional ? "zh-Hant" : "zh-Hans")
        }
        if let region = rest.first(where: { $0.count == 2 }) { result.append("\(language)-\(region.uppercased())") }
        result.append(language)
        return result
    }

    /// The language with a table for a window's preferred languages: the process's while it has none.
    static func language(preferring languages: [String]) -> String {
        languages.isEmpty ? systemLanguage : resolve(languages)
    }

    /// The language of the process's preferred languages: those the environment names as gettext
    /// reads them (`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`), then `Locale.preferredLanguages`
    /// (which Foundation on Linux answers with "en-001" whatever the environment says).
    static var systemLanguage: String {
        if let known = state.withLock({ $0.systemLanguage }) { return known }
        let language = resolve(environmentLanguages(ProcessEnvironment.values(environmentLanguageNames)) + Locale.preferredLanguages)
        state.withLock { $0.systemLanguage = language }
        return language
    }

    /// The variables `environmentLanguages` reads.
    static let environmentLanguageNames = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// The languages an environment names, most preferred first; none for the C locale.
    static func environmentLanguages(_ environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return [] }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return list + [locale]
    }

    /// A key's text in a language, its plural form chosen by `count`, placeholders filled in
    /// (`{count}` is the count written in the language's digits).
    static func text(_ key: String, language: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        let tables = [table(language), language == "en" ? nil : table("en")].compactMap { $0 }
        return StringTable.text(key, from: tables, language: language, count: count, arguments)
    }

    /// A whole number as the language writes it (in its own digits, not grouped).
    static func number(_ value: Int, language: String) -> String {
        state.withLock { state in
            let formatter =
                state.numberFormatters[language]
                ?? {
                    let formatter = NumberFormatter()
                    formatter.locale = Locale(identifier: language)
                    formatter.numberStyle = .decimal
                    formatter.usesGroupingSeparator = false  // "2024 of 9999": a year or a count read as one number
                    state.numberFormatters[language] = formatter
                    return formatter
                }()
            return formatter.string(from: NSNumber(value: value)) ?? String(value)
        }
    }

    /// The table of a language, read once; nil when it has none or it cannot be read.
    static func table(_ language: String) -> StringTable? {
        if let known = state.withLock({ $0.tables[language] }) { return known }
        var loaded: StringTable?
        do {
            loaded = try StringTable(contentsOf: Assets.path(for: "Strings/\(language).json"), language: language)
        } catch {
            if languages.contains(language) { report("Caret: \(error); its words are shown in English") }
        }
        state.withLock { $0.tables[language] = .some(loaded) }
        return loaded
    }

    /// The plural rules of a language (its base language's when it has none of its own).
    static func pluralRules(_ language: String) -> PluralRules? {
        let all = state.withLock { $0.rules } ?? loadRules()
        return all[language] ?? all[String(language.prefix { $0 != "-" })]
    }

    private static func loadRules() -> [String: PluralRules] {
        var rules: [String: PluralRules] = [:]
        do {
            let path = try Assets.path(for: "Strings/plurals.json")
            guard let data = FileManager.default.contents(atPath: path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw CaretError.assetUnreadable(path: path, reason: "not an object of languages") }
            for (language, value) in object where !language.hasPrefix("//") {
                guard let forms = value as? [String: String] else {
                    throw CaretError.assetUnreadable(path: path, reason: "\(language): not an object of categories")
                }
                rules[language] = try PluralRules(forms)
            }
        } catch {
            report("Caret: \(error); counted words take English's plural forms")
            rules = [:]
        }
        state.withLock { $0.rules = rules }
        return rules
    }

    /// Writes a problem on the console (on the main thread, where the console's handler lives).
    static func report(_ message: String) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { ConsoleLog.write(message) }
        } else {
            Task { @MainActor in ConsoleLog.write(message) }
        }
    }
}

extension Localization {
    /// The language of Caret's words shown in a view: its window's preferred languages, else the process's.
    @MainActor static func language(for view: View?) -> String {
        language(of: view?.window)
    }

    /// The language of Caret's words shown in a window.
    @MainActor static func language(of window: Window?) -> String {
        language(preferring: window?.preferredLanguages ?? [])
    }

    /// The language Caret's own words are spoken in: the keyboard's current language when it has
    /// a table (the guest's latest choice), else the window's.
    @MainActor static func spokenLanguage(of window: Window?) -> String {
        if let mode = window?.keyboard.currentInputMode?.primaryLanguage {
            let resolved = resolve([mode])
            if resolved != "en" || candidates(for: mode).contains("en") { return resolved }
        }
        return language(of: window)
    }
}
