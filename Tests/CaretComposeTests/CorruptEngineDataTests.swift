@_spi(Testing) import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Issue 41, defect 6: a corrupt or truncated `anthy.dic` crashed the app (SIGSEGV in anthy) as
/// soon as Japanese was shown, because Caret only checked that the file existed. anthy now tries
/// the dictionary in a child process first: a dictionary that crashes it is named in a clear
/// error, Japanese is left out of the keyboard, and the app goes on.
@Suite(.serialized) @MainActor
struct CorruptEngineDataTests {
    static let realDictionary = "/usr/share/anthy/anthy.dic"

    /// A copy of anthy's dictionary spoiled one way, in a fresh directory.
    func spoiled(_ how: String, for test: String = "") throws -> String {
        let directory = NSTemporaryDirectory() + "caret-anthy-\(how)\(test)-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/anthy.dic"
        var data = try Data(contentsOf: URL(fileURLWithPath: Self.realDictionary))
        switch how {
        case "truncated": data = data.prefix(data.count / 3)
        case "short-tail": data = data.prefix(data.count - 1000)  // only the last section cut short
        case "wild-index":
            // The layout whole, the word index pointing two gigabytes away: anthy crashes on
            // the first word it looks up, however its mapping lands.
            for i in stride(from: 256, to: 192 + 1_918_192, by: 4) {
                let value = UInt32(0x7F00_0000 + i)
                for b in 0..<4 { data[i + b] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(b))) }
            }
        default:
            // Garbage through its index: every 97th byte of the first megabyte overwritten.
            for i in stride(from: 0, to: min(data.count, 1 << 20), by: 97) { data[i] = UInt8(truncatingIfNeeded: i &* 31) }
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["truncated", "short-tail", "garbage", "wild-index"])
    func aCorruptAnthyDictionaryIsNamedAndJapaneseIsLeftOut(_ how: String) throws {
        let path = try spoiled(how)
        let composers = SystemTextComposers(
            stateDirectory: NSTemporaryDirectory() + "caret-anthy-state-\(how)-\(getpid())", anthyDictionary: path, forgettingLearning: true)
        let problem = composers.unavailability(of: KeyboardComposition(engine: "anthy", schema: "romaji"))
        let message = problem.map { "\($0)" } ?? ""
        #expect(message.contains(path), "\(message)")
        #expect(message.contains("anthy"), "\(message)")
        // A window offering Japanese and English shows English only, and says why.
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = composers
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        host.window.keyboard.languages = ["ja", "en"]
        // The guest taps the field.
        let centre = field.convert(Point(x: field.bounds.midX, y: field.bounds.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: centre))
        host.window.send(.touch(id: 1, phase: .ended, location: centre))
        host.advance(by: 1)
        #expect(host.window.keyboard.inputModes.map(\.identifier) == ["en"])
        #expect(host.window.keyboard.problems.contains { "\($0)".contains(path) })
    }

    /// A dictionary whose layout is whole but whose index is wild crashes the child; an app that
    /// ignores SIGCHLD (its children reaped for it) leaves no exit status, and the probe used to
    /// read that as success. The child's answer comes down a pipe now.
    @Test func aCrashIsHeardWhenTheAppIgnoresItsChildren() throws {
        let path = try spoiled("wild-index", for: "-ignored")  // its own file: answers are kept per file
        let before = signal(SIGCHLD, SIG_IGN)
        defer { signal(SIGCHLD, before) }
        let composers = SystemTextComposers(
            stateDirectory: NSTemporaryDirectory() + "caret-anthy-state-ignored-\(getpid())", anthyDictionary: path, forgettingLearning: true)
        let message = composers.unavailability(of: KeyboardComposition(engine: "anthy", schema: "romaji")).map { "\($0)" } ?? ""
        #expect(message.contains(path), "\(message)")
        // The real dictionary still passes with SIGCHLD ignored: the answer is not the exit status.
        let good = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-anthy-state-ignored-ok-\(getpid())", forgettingLearning: true)
        #expect(good.unavailability(of: KeyboardComposition(engine: "anthy", schema: "romaji")) == nil)
    }

    @Test func theInstalledAnthyDictionaryPassesTheSameCheck() {
        let composers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-anthy-state-ok-\(getpid())", forgettingLearning: true)
        #expect(composers.unavailability(of: KeyboardComposition(engine: "anthy", schema: "romaji")) == nil)
    }
}

/// Issue 41, defect 6: a librime schema whose dictionary is missing typed raw letters with no
/// error. The dictionary is now looked for (through the schemas a schema includes): without it
/// the language is left out with an error naming the file.
@Suite @MainActor
struct MissingRimeDictionaryTests {
    @Test(arguments: ["luna_pinyin_simp", "cangjie5"])
    func aSchemaWithoutItsDictionaryIsNamedAndLeftOut(_ schema: String) throws {
        let shared = NSTemporaryDirectory() + "caret-rime-shared-\(schema)-\(getpid())"
        try? FileManager.default.removeItem(atPath: shared)
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: "/usr/share/rime-data") where file.hasSuffix(".schema.yaml") {
            try FileManager.default.copyItem(atPath: "/usr/share/rime-data/" + file, toPath: shared + "/" + file)
        }
        let composers = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-rime-state-\(getpid())", rimeSharedDirectory: shared)
        let problem = composers.unavailability(of: KeyboardComposition(engine: "rime", schema: schema)).map { "\($0)" } ?? ""
        let expected = schema == "cangjie5" ? "cangjie5" : "luna_pinyin"
        #expect(problem.contains("\(shared)/\(expected).dict.yaml"), "\(problem)")
        // With the schema's own data it is offered.
        let installed = SystemTextComposers(stateDirectory: NSTemporaryDirectory() + "caret-rime-state-\(getpid())")
        #expect(installed.unavailability(of: KeyboardComposition(engine: "rime", schema: schema)) == nil)
    }
}
