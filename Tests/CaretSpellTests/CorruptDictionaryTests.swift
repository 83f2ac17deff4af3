// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSpell
import CaretTesting
import Foundation
import Testing

/// Issue 41, defect 6: a garbage Hunspell dictionary was opened without complaint and then
/// called every word misspelt. It is now left out with a clear error naming the file, and the
/// language falls back to having no dictionary (nothing is marked).
@Suite @MainActor
struct CorruptDictionaryTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// A folder with en_US.aff from the system and a `.dic` made by `body`.
    func folder(_ name: String, dic body: (Data) -> Data) throws -> String {
        let folder = scratch.item("hunspell-\(name)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let system = "/usr/share/hunspell/en_US"
        try FileManager.default.copyItem(atPath: system + ".aff", toPath: folder + "/en_US.aff")
        let dic = try Data(contentsOf: URL(fileURLWithPath: system + ".dic"))
        try body(dic).write(to: URL(fileURLWithPath: folder + "/en_US.dic"))
        return folder
    }

    @Test(arguments: ["random", "shifted"])
    func aGarbageDictionaryIsNamedAndLeftOut(_ how: String) throws {
        let folder = try folder(how) { dic in
            var generator = SystemRandomNumberGenerator()
            switch how {
            case "random": return Data((0..<dic.count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            default: return Data(dic.map { $0 == 0x0A ? 0x0A : $0 &+ 1 })  // every letter one further: words Hunspell cannot know
            }
        }
        let dictionaries = HunspellDictionaries(folders: [folder], systemFolders: [])
        #expect(dictionaries.isCorrect("house", language: "en_US") == nil)  // no dictionary: nothing is judged
        let problem = dictionaries.problems.map { "\($0)" }.joined()
        #expect(problem.contains(folder + "/en_US.dic"), "\(problem)")
    }

    /// A count followed by no words (digits, punctuation) was accepted silently; a spell checker
    /// with it passed every word as unknown or known at random. Its file is named.
    @Test(arguments: ["digits", "punctuation"])
    func aCountFollowedByNoWordsIsNamedAndLeftOut(_ how: String) throws {
        let folder = try folder("count-\(how)") { _ in
            let entries = (0..<500).map { how == "digits" ? String($0 * 7919 % 100_000) : String(repeating: "-", count: $0 % 5 + 1) }
            return Data((["500"] + entries).joined(separator: "\n").utf8)
        }
        let dictionaries = HunspellDictionaries(folders: [folder], systemFolders: [])
        #expect(dictionaries.isCorrect("house", language: "en_US") == nil)
        let problem = dictionaries.problems.map { "\($0)" }.joined()
        #expect(problem.contains(folder + "/en_US.dic") && problem.contains("is a word"), "\(problem)")
    }

    @Test func everyInstalledDictionaryPassesTheSameCheck() throws {
        let dictionaries = HunspellDictionaries(folders: [], systemFolders: ["/usr/share/hunspell"])
        let installed = try FileManager.default.contentsOfDirectory(atPath: "/usr/share/hunspell").filter { $0.hasSuffix(".dic") }
        for file in installed {
            let language = String(file.dropLast(4))
            #expect(dictionaries.isCorrect("a", language: language) != nil, "\(language): \(dictionaries.problems)")
        }
        #expect(dictionaries.problems.isEmpty, "\(dictionaries.problems)")
    }

    @Test func theInstalledDictionaryPassesTheSameCheck() {
        let dictionaries = HunspellDictionaries(folders: [], systemFolders: ["/usr/share/hunspell"])
        #expect(dictionaries.isCorrect("house", language: "en_US") == true)
        #expect(dictionaries.isCorrect("hosue", language: "en_US") == false)
        #expect(dictionaries.problems.isEmpty)
    }
}
