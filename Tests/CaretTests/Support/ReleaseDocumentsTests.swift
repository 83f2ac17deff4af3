// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

/// What the README, the changelog and the build files say of Caret agrees with what the repository
/// holds: the counts the README states are counted here from `Assets/`, apart from the code that
/// loads them, and the version is one version everywhere.
struct ReleaseDocumentsTests {
    static let root = URL(fileURLWithPath: #filePath).appendingPathComponent("../../../..").standardized

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(in folder: String, ending suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(suffix) }
    }

    /// Every number in `text` written before `phrase` as "**N phrase**" or "N phrase" (a line may break
    /// between the words).
    static func stated(_ phrase: String, in text: String) -> [Int] {
        let words = phrase.split(separator: " ").map { NSRegularExpression.escapedPattern(for: String($0)) }
        let pattern = try! NSRegularExpression(pattern: "\\**([0-9][0-9,]*)\\s+" + words.joined(separator: "\\s+"))
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0].replacingOccurrences(of: ",", with: "")) }
        }
    }

    /// The language files of `Assets/Keyboards/languages`, split into writing pads (those with a
    /// "handwriting" entry) and keyboards that type.
    static func languageFiles() throws -> (typing: Int, pads: Int) {
        var typing = 0, pads = 0
        for name in try files(in: "Assets/Keyboards/languages", ending: ".json") {
            let data = try Data(contentsOf: root.appendingPathComponent("Assets/Keyboards/languages/\(name)"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name)")
            if object["handwriting"] != nil { pads += 1 } else { typing += 1 }
        }
        return (typing, pads)
    }

    @Test func theReadmesLanguageAndPadCountsAreTheAssets() throws {
        let readme = try Self.text("README.md")
        let (typing, pads) = try Self.languageFiles()
        let languages = Self.stated("keyboard languages", in: readme)
        let statedPads = Self.stated("handwriting pads", in: readme)
        #expect(!languages.isEmpty && languages.allSatisfy { $0 == typing }, "README says \(languages); Assets hold \(typing)")
        #expect(!statedPads.isEmpty && statedPads.allSatisfy { $0 == pads }, "README says \(statedPads); Assets hold \(pads)")
    }

    @Test func theReadmesKeyboardTypeCountIsTheAssets() throws {
        let readme = try Self.text("README.md")
        let types = try Self.files(in: "Assets/Keyboards/types", ending: ".json").count
        let stated = Self.stated("keyboard types", in: readme)
        #expect(!stated.isEmpty && stated.allSatisfy { $0 == types }, "README says \(stated); Assets hold \(types)")
    }

    /// Word lists: one file per language; ja.txt ranks conversions and ja-next.txt predicts the next
    /// word (Assets/Words/LICENSE.txt), so neither is a language's suggestion list.
    @Test func theReadmesWordListCountIsTheAssets() throws {
        let lists = try Self.files(in: "Assets/Words", ending: ".txt").filter {
            !["ja.txt", "ja-next.txt", "LICENSE.txt"].contains($0) && !$0.hasSuffix("-pairs.txt")
        }
        let phrase = try NSRegularExpression(pattern: "word lists\\s+(?:for|of)\\s+\\**([0-9]+)\\s+languages")
        for document in ["README.md", "docs/keyboard.md", "CHANGELOG.md"] {
            let text = try Self.text(document)
            let stated = phrase.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
            }
            #expect(!stated.isEmpty && stated.allSatisfy { $0 == lists.count }, "\(document) says \(stated); Assets hold \(lists.count)")
        }
    }

    @Test func theVersionIsOneVersionEverywhere() throws {
        let changelog = try Self.text("CHANGELOG.md")
        let released = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") })
        let version = String(released.dropFirst(4).prefix { $0 != "]" })
        #expect(CaretVersion.string == version, "CHANGELOG's latest release is \(version)")
        let cmake = try Self.text("CMakeLists.txt")
        #expect(cmake.contains("project(Caret VERSION \(version) "))
        #expect(cmake.contains("write_basic_package_version_file(${CMAKE_BINARY_DIR}/CaretConfigVersion.cmake VERSION \(version) "))
    }

    @Test func theReadmeIsAFrontDoorNotALog() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines")
        for word in ["session", "issue ", "Issue "] {
            #expect(!readme.contains(word), "README.md speaks of \(word)")
        }
    }
}
