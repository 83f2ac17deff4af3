// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretCompose

/// A corrupt or truncated `anthy.dic` crashed the app (SIGSEGV in anthy) as soon as Japanese was
/// shown, because Caret only checked that the file existed. anthy now tries the dictionary in a
/// child process first, when Japanese is first chosen (offering it only looks for the file): a
/// dictionary that crashes it is named in a clear error, Japanese leaves the keyboard, and the
/// app goes on.
@Suite(.serialized) @MainActor
struct CorruptEngineDataTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    static let realDictionary = "/usr/share/anthy/anthy.dic"

    /// A copy of anthy's dictionary spoiled one way, in a fresh directory.
    func spoiled(_ how: String) throws -> String {
        let directory = scratch.item("anthy-\(how)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/anthy.dic"
        var data = try Data(contentsOf: URL(fileURLWithPath: Self.realDictionary))
        switch how {
        case "truncated": data = data.prefix(data.count / 3)
        case "short-tail": data = data.prefix(data.count - 1000)  // only the last section cut short
        default:
            // Garbage through its index: every 97th byte of the first megabyte overwritten.
            for i in stride(from: 0, to: min(data.count, 1 << 20), by: 97) { data[i] = UInt8(truncatingIfNeeded: i &* 31) }
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["truncated", "short-tail", "garbage"])
    func aCorruptAnthyDictionaryIsNamedAndJapaneseLeavesWhenFirstChosen(_ how: String) throws {
        let path = try spoiled(how)
        let composers = SystemTextComposers(
            stateDirectory: scratch.item("anthy-state"), anthyDictionary: path, forgettingLearning: true)
        let japanese = KeyboardComposition(engine: "anthy", schema: "romaji")
        // Offering Japanese only looks for the dictionary: it is read when Japanese is chosen.
        #expect(composers.unavailability(of: japanese) == nil)
        var message = ""
        do { _ = try composers.makeComposer(for: japanese) } catch { message = "\(error)" }
        #expect(message.contains(path), "\(message)")
        #expect(message.contains("anthy"), "\(message)")
        // A window offering English and Japanese offers both until a guest chooses Japanese; then
        // it shows English only, and says why.
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = composers
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        host.window.keyboard.languages = ["en", "ja"]
        // The guest taps the field.
        let centre = field.convert(Point(x: field.bounds.midX, y: field.bounds.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: centre))
        host.window.send(.touch(id: 1, phase: .ended, location: centre))
        host.advance(by: 1)
        #expect(host.window.keyboard.inputModes.map(\.identifier) == ["en", "ja"])
        #expect(!host.window.keyboard.problems.contains { "\($0)".contains(path) })
        host.window.keyboard.showLanguage("ja")
        host.advance(by: 1)
        #expect(host.window.keyboard.inputModes.map(\.identifier) == ["en"])
        #expect(host.window.keyboard.currentLanguage == "en")
        #expect(host.window.keyboard.problems.contains { "\($0)".contains(path) })
    }

    /// The probe's child crashes (planted once anthy has started on the real dictionary); an app
    /// that ignores SIGCHLD has its children reaped for it and leaves no exit status, which the
    /// probe used to read as success. The child's answer comes down a pipe now. (A dictionary
    /// that only crashes anthy cannot show this every time: whether a wild offset lands on a
    /// mapping depends on the address space, and in the whole suite it often does.)
    @Test func aCrashIsHeardWhenTheAppIgnoresItsChildren() throws {
        let before = signal(SIGCHLD, SIG_IGN)
        defer { signal(SIGCHLD, before) }
        let home = scratch.item("anthy-state")
        let message = AnthyComposer.problem(with: Self.realDictionary, home: home, plantedCrash: true) ?? ""
        #expect(message.contains("crashed") || message.contains("ended before"), "\(message)")
        #expect(message.contains(Self.realDictionary), "\(message)")
        // Without the planted crash the real dictionary passes with SIGCHLD ignored too.
        #expect(AnthyComposer.problem(with: Self.realDictionary, home: home) == nil)
    }

    @Test func theInstalledAnthyDictionaryPassesTheSameCheck() {
        let composers = SystemTextComposers(stateDirectory: scratch.item("anthy-state"), forgettingLearning: true)
        #expect(composers.unavailability(of: KeyboardComposition(engine: "anthy", schema: "romaji")) == nil)
        // What `makeComposer` tries first (not started here: anthy starts once per process, and
        // this test's folder goes when it ends).
        #expect(AnthyComposer.problem(with: Self.realDictionary, home: scratch.item("anthy-state")) == nil)
    }
}

/// Issue 41, defect 6: a librime schema whose dictionary is missing typed raw letters with no
/// error. The dictionary is now looked for (through the schemas a schema includes): without it
/// the language is left out with an error naming the file.
@Suite @MainActor
struct MissingRimeDictionaryTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    @Test(arguments: ["luna_pinyin_simp", "cangjie5"])
    func aSchemaWithoutItsDictionaryIsNamedAndLeftOut(_ schema: String) throws {
        let shared = scratch.item("rime-shared")
        try? FileManager.default.removeItem(atPath: shared)
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: "/usr/share/rime-data") where file.hasSuffix(".schema.yaml") {
            try FileManager.default.copyItem(atPath: "/usr/share/rime-data/" + file, toPath: shared + "/" + file)
        }
        let composers = SystemTextComposers(stateDirectory: scratch.item("rime-state"), rimeSharedDirectory: shared)
        let problem = composers.unavailability(of: KeyboardComposition(engine: "rime", schema: schema)).map { "\($0)" } ?? ""
        let expected = schema == "cangjie5" ? "cangjie5" : "luna_pinyin"
        #expect(problem.contains("\(shared)/\(expected).dict.yaml"), "\(problem)")
        // With the schema's own data it is offered.
        let installed = SystemTextComposers(stateDirectory: scratch.item("rime-state"))
        #expect(installed.unavailability(of: KeyboardComposition(engine: "rime", schema: schema)) == nil)
    }
}
