// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Every layout Caret knows, loaded from `Assets/Keyboards` (`languages/*.json`, `types/*.json`).
public struct KeyboardLayouts: Sendable {
    /// Languages by identifier.
    public var languages: [String: KeyboardLanguage]
    /// Keyboard type layouts.
    @_spi(Testing) public var types: [KeyboardType: KeyboardTypeLayout]

    /// Creates the set from parsed files.
    @_spi(Testing) public init(languages: [String: KeyboardLanguage], types: [KeyboardType: KeyboardTypeLayout]) {
        self.languages = languages
        self.types = types
    }

    /// Files that could not be used and were left out, each an error naming the file and the
    /// place in it: a broken language file costs that language, not the keyboard.
    public var skipped: [CaretError] = []

    /// Loads every file of a `Keyboards` folder. A file that does not parse, names an unknown
    /// action or type is skipped and named in `skipped` (with its line); no usable language at
    /// all, or a type with no file, is an error.
    public static func load(from folder: String) throws(CaretError) -> KeyboardLayouts {
        try load(from: folder, only: nil)
    }

    /// Loads the types and, of the languages, only those named (each file is its identifier's),
    /// and English, which a Latin-only field shows: a keyboard offering two languages reads two
    /// files of sixty. Every language when `only` is nil.
    static func load(from folder: String, only wanted: Set<String>?) throws(CaretError) -> KeyboardLayouts {
        var languages: [String: KeyboardLanguage] = [:]
        var types: [KeyboardType: KeyboardTypeLayout] = [:]
        var skipped: [CaretError] = []
        /// The JSON files of a subfolder, sorted, whose names (without `.json`) pass `keep`: names
        /// are compared as Swift strings (NSString's path methods took 2.4 million instructions of a launch for sixty).
        func files(_ sub: String, keep: (Substring) -> Bool = { _ in true }) -> [String] {
            let path = folder.isEmpty || folder.hasSuffix("/") ? folder + sub : folder + "/" + sub
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".json") && keep($0.dropLast(5)) }.sorted().map { path + "/" + $0 }
        }
        func isWanted(_ name: Substring) -> Bool {
            guard let wanted else { return true }
            return name == "en" || wanted.contains(String(name))
        }
        func read(_ path: String) throws(CaretError) -> Data {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
            }
            return data
        }
        for path in files("languages", keep: isWanted) {
            do throws(CaretError) {
                let language = try parseLanguage(try read(path), path: path)
                languages[language.identifier] = language
            } catch {
                skipped.append(error)
            }
        }
        for path in files("types") {
            do throws(CaretError) {
                let (type, layout) = try parseType(try read(path), path: path)
                types[type] = layout
            } catch {
                skipped.append(error)
            }
        }
        if languages.isEmpty {
            throw skipped.first ?? CaretError.assetNotFound(name: "Keyboards/languages/*.json", searched: [folder])
        }
        let broken = Set(
            skipped.compactMap { error -> String? in
                if case let .assetUnreadable(path, _) = error { return path }
                return nil
            })
        for type in KeyboardType.allCases where types[type] == nil {
            // A type whose file is broken is already named; one with no file at all is an error.
            let path = ((folder as NSString).appendingPathComponent("types") as NSString).appendingPathComponent("\(type.name).json")
            if !broken.contains(path) { throw CaretError.assetNotFound(name: "Keyboards/types/\(type.name).json", searched: [folder]) }
        }
        var layouts = KeyboardLayouts(languages: languages, types: types)
        layouts.skipped = skipped
        return layouts
    }

    /// Parses a language file's contents (`path` names it in errors): JSON of a `KeyboardLanguage`
    /// whose every key is text or a known action.
    public static func parseLanguage(_ data: Data, path: String) throws(CaretError) -> KeyboardLanguage {
        let language = try decode(KeyboardLanguage.self, data, path: path)
        for rows in [language.letters, language.numbers, language.symbols] { try check(rows, path) }
        return language
    }

    /// Parses a keyboard type file's contents (`path` names it in errors).
    @_spi(Testing) public static func parseType(_ data: Data, path: String) throws(CaretError) -> (KeyboardType, KeyboardTypeLayout) {
        let layout = try decode(KeyboardTypeLayout.self, data, path: path)
        guard let type = KeyboardType.allCases.first(where: { $0.name == layout.type }) else {
            throw CaretError.assetUnreadable(path: path, reason: "unknown keyboard type \(layout.type)")
        }
        try check([layout.bottomRow ?? []] + (layout.planes?.values.flatMap { $0 } ?? []), path)
        return (type, layout)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data, path: String) throws(CaretError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw CaretError.assetUnreadable(path: path, reason: "not a keyboard layout: \(JSONFileError.describe(error, in: data))")
        }
    }

    private static func check(_ rows: [[String]], _ path: String) throws(CaretError) {
        for key in rows.joined() where KeyboardKeyAction.parse(key) == nil {
            throw CaretError.assetUnreadable(path: path, reason: "unknown key \(key)")
        }
    }

    /// Loads the layouts from the `Keyboards` folder of the assets.
    public static func bundled() throws(CaretError) -> KeyboardLayouts {
        try load(from: Assets.path(for: "Keyboards"))
    }

    /// The types and the named languages (with English) from the assets' `Keyboards` folder.
    static func bundled(languages: [String]) throws(CaretError) -> KeyboardLayouts {
        try load(from: Assets.path(for: "Keyboards"), only: Set(languages))
    }

    /// Adds languages loaded later (a keyboard offered more after it was made).
    mutating func add(_ more: KeyboardLayouts) {
        languages.merge(more.languages) { old, _ in old }
        skipped += more.skipped.filter { !skipped.contains($0) }
    }
}
