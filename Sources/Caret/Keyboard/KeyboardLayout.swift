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

    private static let names: [String: KeyboardKeyAction] = [
        "shift": .shift, "backspace": .backspace, "space": .space, "return": .return, "globe": .globe,
        "dismiss": .dismiss, "more": .more, "numbers": .numbers, "symbols": .symbols, "letters": .letters,
        "phone": .phone, "decimal": .decimal, "blank": .blank,
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

/// The letters, numbers and symbols of one language, and the alternates a long press offers.
public struct KeyboardLanguage: Decodable, Hashable, Sendable {
    /// A short code ("en", "de", "fr").
    public var identifier: String
    /// The name in the language itself ("Deutsch").
    public var name: String
    /// What the space bar shows while more than one language is offered ("DE").
    public var shortName: String
    /// The space bar's label.
    public var space: String
    /// Rows of the letters plane.
    public var letters: [[String]]
    /// Rows of the numbers plane.
    public var numbers: [[String]]
    /// Rows of the symbols plane.
    public var symbols: [[String]]
    /// Alternates by key text, in the order offered ("e": "éèêë").
    public var alternates: [String: String]
    /// Whether the language is written right to left (Arabic, Hebrew, Persian): an empty field
    /// being typed into with it starts at the right, and no English suggestions are offered.
    public var rightToLeft: Bool?
    /// The label of the key back to the letters ("ABC"; "أبج" in Arabic).
    public var lettersLabel: String?
}

/// The key layout of one keyboard type: a letters keyboard with its own bottom row, or a pad.
public struct KeyboardTypeLayout: Decodable, Hashable, Sendable {
    /// Letters planes from the language, or a pad of its own.
    public enum Base: String, Decodable, Sendable {
        /// The language's planes with this type's bottom row.
        case letters
        /// The type's own planes.
        case pad
    }
    /// The type's name (`KeyboardType`'s case name).
    public var type: String
    /// Where the rows come from.
    public var base: Base
    /// Keys outside ASCII are left out (and no alternates).
    public var asciiOnly: Bool?
    /// The plane shown first ("letters", "numbers", "digits").
    public var startPlane: String?
    /// The bottom row added under every letters, numbers and symbols plane.
    public var bottomRow: [String]?
    /// A pad's planes by name.
    public var planes: [String: [[String]]]?
}

/// Every layout Caret knows, loaded from `Assets/Keyboards` (`languages/*.json`, `types/*.json`).
public struct KeyboardLayouts: Sendable {
    /// Languages by identifier.
    public var languages: [String: KeyboardLanguage]
    /// Keyboard type layouts.
    public var types: [KeyboardType: KeyboardTypeLayout]

    /// Creates the set from parsed files.
    public init(languages: [String: KeyboardLanguage], types: [KeyboardType: KeyboardTypeLayout]) {
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
        var languages: [String: KeyboardLanguage] = [:]
        var types: [KeyboardType: KeyboardTypeLayout] = [:]
        var skipped: [CaretError] = []
        func files(_ sub: String) -> [String] {
            let path = (folder as NSString).appendingPathComponent(sub)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
        func read(_ path: String) throws(CaretError) -> Data {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
            }
            return data
        }
        for path in files("languages") {
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
        let broken = Set(skipped.compactMap { error -> String? in
            if case let .assetUnreadable(path, _) = error { return path }
            return nil
        })
        for type in KeyboardType.allCases where types[type] == nil {
            // A type whose file is broken is already named; one with no file at all is an error.
            let path = ((folder as NSString).appendingPathComponent("types") as NSString).appendingPathComponent("\(type).json")
            if !broken.contains(path) { throw CaretError.assetNotFound(name: "Keyboards/types/\(type).json", searched: [folder]) }
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
    public static func parseType(_ data: Data, path: String) throws(CaretError) -> (KeyboardType, KeyboardTypeLayout) {
        let layout = try decode(KeyboardTypeLayout.self, data, path: path)
        guard let type = KeyboardType.allCases.first(where: { "\($0)" == layout.type }) else {
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
}
