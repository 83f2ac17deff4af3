// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// The composition engines of Linux input methods, from Debian: libhangul for Korean, librime
/// with its schema data for Chinese, anthy for Japanese, libm17n with m17n-db's input methods for
/// transliteration (Telex, VNI, ITRANS). Their user data (learned phrases) lives under a state
/// directory.
@preconcurrency @MainActor
public final class SystemTextComposers: TextComposerProvider {
    /// Where the engines keep what they learn (`$XDG_STATE_HOME/caret` by default).
    public let stateDirectory: String
    /// librime's shared data (Debian's `rime-data-*` packages).
    public let rimeSharedDirectory: String
    /// Where libhangul reads its keyboards (libhangul 0.1.0, Debian 12).
    static let hangulKeyboards = "/usr/share/libhangul/keyboards"
    /// anthy's dictionary (Debian's `anthy-common`).
    public let anthyDictionary: String
    /// libm17n's database of input methods (Debian's `m17n-db`).
    public let m17nDirectory: String

    /// Creates the provider. `forgettingLearning` removes what the engines learned in the state
    /// directory before they start, keeping librime's built data (tests and soaks that must
    /// replay the same way share one directory, deployed once).
    public init(
        stateDirectory: String? = nil, rimeSharedDirectory: String = "/usr/share/rime-data",
        anthyDictionary: String = "/usr/share/anthy/anthy.dic", m17nDirectory: String = "/usr/share/m17n",
        forgettingLearning: Bool = false
    ) {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/state")
        self.stateDirectory = stateDirectory ?? base + "/caret"
        self.rimeSharedDirectory = rimeSharedDirectory
        self.anthyDictionary = anthyDictionary
        self.m17nDirectory = m17nDirectory
        if forgettingLearning { Self.forgetLearning(in: self.stateDirectory) }
    }

    /// Removes librime's user dictionaries and anthy's record of choices (not librime's build).
    private static func forgetLearning(in stateDirectory: String) {
        let files = FileManager.default
        let rime = stateDirectory + "/rime"
        for name in (try? files.contentsOfDirectory(atPath: rime)) ?? [] where name.hasSuffix(".userdb") || name.hasSuffix(".userdb.txt") {
            try? files.removeItem(atPath: rime + "/" + name)
        }
        let anthy = stateDirectory + "/anthy/.anthy"
        for name in (try? files.contentsOfDirectory(atPath: anthy)) ?? [] where name.hasPrefix("last-record") {
            try? files.removeItem(atPath: anthy + "/" + name)
        }
    }

    /// Whether the engine and its data are installed (found, not read: what they hold is tried
    /// when the language is first chosen, `makeComposer`).
    public func unavailability(of composition: KeyboardComposition) -> CaretError? {
        let files = FileManager.default
        switch composition.engine {
        case "hangul":
            // Found, not opened: libhangul is opened when a guest first chooses Korean.
            let (found, missing) = withErrorBuffer { caret_hangul_findable($0, $1) }
            guard found == 1 else { return .backendUnavailable(subsystem: "libhangul", reason: missing) }
            let keyboard = "\(Self.hangulKeyboards)/hangul-keyboard-\(composition.schema).xml"
            guard !files.fileExists(atPath: Self.hangulKeyboards) || files.fileExists(atPath: keyboard) else {
                return .backendUnavailable(subsystem: "libhangul", reason: "no keyboard \(composition.schema)")
            }
            return nil
        case "rime":
            let (found, missing) = withErrorBuffer { caret_rime_findable($0, $1) }
            guard found == 1 else { return .backendUnavailable(subsystem: "librime", reason: missing) }
            let schema = "\(rimeSharedDirectory)/\(composition.schema).schema.yaml"
            guard files.fileExists(atPath: schema) else {
                return .assetNotFound(name: "librime schema \(composition.schema) (Debian: rime-data-*)", searched: [rimeSharedDirectory])
            }
            // A schema without its dictionary types raw letters: each dictionary it names (through
            // the schemas it includes) must be there.
            for name in Self.dictionaries(ofSchema: composition.schema, in: rimeSharedDirectory) {
                let path = "\(rimeSharedDirectory)/\(name).dict.yaml"
                if !files.fileExists(atPath: path) {
                    return .assetNotFound(name: "librime dictionary \(name) of schema \(composition.schema) (Debian: rime-data-*)", searched: [path])
                }
            }
            return nil
        case "anthy":
            guard ["romaji", "kana"].contains(composition.schema) else {
                return .backendUnavailable(subsystem: "anthy", reason: "no input \(composition.schema) (romaji or kana)")
            }
            guard files.fileExists(atPath: anthyDictionary) else {
                return .assetNotFound(name: "anthy dictionary (Debian: anthy-common)", searched: [anthyDictionary])
            }
            return nil
        case "m17n":
            let file = "\(m17nDirectory)/\(composition.schema).mim"
            guard files.fileExists(atPath: file) else {
                return .assetNotFound(name: "m17n input method \(composition.schema) (Debian: m17n-db)", searched: [m17nDirectory])
            }
            guard files.isReadableFile(atPath: file) else { return .assetUnreadable(path: file, reason: "not readable") }
            return nil
        default:
            return .backendUnavailable(subsystem: "composition", reason: "unknown engine \(composition.engine)")
        }
    }

    /// The dictionaries a librime schema names, following the schemas it includes (`__include: x.schema:/`).
    static func dictionaries(ofSchema schema: String, in directory: String, depth: Int = 0) -> [String] {
        guard depth < 4, let text = try? String(contentsOfFile: "\(directory)/\(schema).schema.yaml", encoding: .utf8) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("dictionary:") {
                let value = trimmed.dropFirst("dictionary:".count).prefix { $0 != "#" }
                let name = value.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"'")))
                if !name.isEmpty { names.append(name) }  // `dictionary: ""` names none
            } else if trimmed.hasPrefix("__include:"), let included = trimmed.split(separator: ":").dropFirst().first {
                let file = included.trimmingCharacters(in: .whitespaces)
                if file.hasSuffix(".schema") {
                    names += dictionaries(ofSchema: String(file.dropLast(".schema".count)), in: directory, depth: depth + 1)
                }
            }
        }
        return names
    }

    /// A Chinese language is offered: librime's data is deployed in the background.
    public func prepare(_ composition: KeyboardComposition) {
        if composition.engine == "rime" {
            RimeDeployment.shared.prepare(
                schema: composition.schema, userDirectory: stateDirectory + "/rime", sharedDirectory: rimeSharedDirectory)
        }
    }

    /// Waits until the background preparation is done (librime's first deployment after an
    /// install; a kiosk may wait for it before its first guest).
    public func waitForPreparation() { RimeDeployment.shared.finish() }

    /// Before the process exits: waits while the background preparation is inside librime
    /// (milliseconds; never for rime_deployer's process). Exit tears down librime's C++ statics,
    /// which a session being opened meanwhile would use (a crash at exit).
    public static func waitForLibraryCalls() { RimeDeployment.shared.waitWhileInLibrary() }

    /// Why the engine cannot use its data, read now (the first time the language is chosen, not
    /// when it is offered): anthy's dictionary and an m17n method are tried in a process of their
    /// own first, since a damaged one crashes the library (once per file).
    private func dataProblem(of composition: KeyboardComposition) -> CaretError? {
        switch composition.engine {
        case "anthy":
            guard let problem = AnthyComposer.problem(with: anthyDictionary, home: stateDirectory + "/anthy") else { return nil }
            return .assetUnreadable(path: anthyDictionary, reason: problem)
        case "m17n":
            guard let problem = M17nProbes.shared.problem(withMethod: composition.schema, directory: m17nDirectory) else { return nil }
            return .assetUnreadable(path: "\(m17nDirectory)/\(composition.schema).mim", reason: problem)
        default:
            return nil
        }
    }

    /// Starts an engine for a language's composition.
    public func makeComposer(for composition: KeyboardComposition) throws(CaretError) -> TextComposer {
        if let problem = unavailability(of: composition) ?? dataProblem(of: composition) { throw problem }
        switch composition.engine {
        case "hangul":
            return try HangulComposer(keyboard: composition.schema)
        case "rime":
            return try RimeComposer(
                schema: composition.schema, keys: composition.keys, sharedDirectory: rimeSharedDirectory,
                userDirectory: stateDirectory + "/rime")
        case "m17n":
            return try M17nComposer(method: composition.schema, directory: m17nDirectory)
        default:
            return try AnthyComposer(romaji: composition.schema == "romaji", home: stateDirectory + "/anthy", dictionary: anthyDictionary)
        }
    }
}
