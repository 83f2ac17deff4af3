// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretCompose

/// Damaged m17n input methods (docs/behaviour/world-input.md): libm17n trusts its database, and a
/// method file with 200,000 nested parentheses, or random bytes in the folder an app names,
/// crashed the app (SIGSEGV) when Vietnamese was shown. libm17n now tries each method in a process
/// of its own first, when its language is first chosen (offering it only looks for the file): a
/// method that crashes it or cannot type is named, leaves the keyboard, and the app goes on.
@Suite(.serialized) @MainActor
struct CorruptM17nDataTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    static let database = "/usr/share/m17n"

    /// A database whose files are Debian's (linked), except those given.
    func database(named name: String, replacing files: [String: Data]) throws -> String {
        let directory = scratch.item("m17n-\(name)")
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in try manager.contentsOfDirectory(atPath: Self.database) where files[file] == nil {
            try manager.createSymbolicLink(atPath: directory + "/" + file, withDestinationPath: Self.database + "/" + file)
        }
        for (file, data) in files { try data.write(to: URL(fileURLWithPath: directory + "/" + file)) }
        return directory
    }

    /// English and Vietnamese offered in a window with these engines: the languages offered after a
    /// tap on the field, then after Vietnamese was chosen, and the keyboard's problems.
    func offered(with composers: SystemTextComposers) throws -> (offered: [String], chosen: [String], problems: [String]) {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = composers
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        host.window.keyboard.languages = ["en", "vi-telex"]
        let centre = field.convert(Point(x: field.bounds.midX, y: field.bounds.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: centre))
        host.window.send(.touch(id: 1, phase: .ended, location: centre))
        host.advance(by: 1)
        let offered = host.window.keyboard.inputModes.map(\.identifier)
        host.window.keyboard.showLanguage("vi-telex")
        host.advance(by: 1)
        return (offered, host.window.keyboard.inputModes.map(\.identifier), host.window.keyboard.problems.map { "\($0)" })
    }

    @Test(arguments: ["nested", "random", "truncated"])
    func aDamagedMethodIsNamedAndLeavesWhenFirstChosenAndTheAppGoesOn(_ how: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.database + "/vi-telex.mim"))
        var files: [String: Data] = [:]
        switch how {
        case "nested":  // 200,000 nested parentheses where the method's rules start
            files["vi-telex.mim"] = Data(String(repeating: "(", count: 200_000).utf8) + original
        case "random":  // random bytes for the method and for the database's index
            var generator = SystemRandomNumberGenerator()
            files["vi-telex.mim"] = Data((0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
            files["mdb.dir"] = Data((0..<4_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        default:  // cut short: no crash, but no method either
            files["vi-telex.mim"] = original.prefix(original.count / 4)
        }
        let directory = try database(named: how, replacing: files)
        let file = directory + "/vi-telex.mim"
        let composers = SystemTextComposers(
            stateDirectory: scratch.item("m17n-state"), m17nDirectory: directory, forgettingLearning: true)
        let vietnamese = KeyboardComposition(engine: "m17n", schema: "vi-telex")
        #expect(composers.unavailability(of: vietnamese) == nil, "offering it only looks for the file")
        var message = ""
        do { _ = try composers.makeComposer(for: vietnamese) } catch { message = "\(error)" }
        #expect(message.contains(file), "the file is named: \(message)")
        #expect(message.contains("libm17n"), "\(message)")
        let (offered, chosen, problems) = try offered(with: composers)
        #expect(offered == ["en", "vi-telex"], "\(offered)")
        #expect(chosen == ["en"], "\(chosen)")
        #expect(problems.contains { $0.contains(file) }, "\(problems)")
    }

    @Test func aCrashInLibm17nIsHeardAndTheInstalledMethodsPass() throws {
        let message = M17nProbes.shared.problem(withMethod: "vi-telex", directory: Self.database, plantedCrash: true) ?? ""
        #expect(message.contains("crashed") && message.contains("vi-telex.mim"), "\(message)")
        let composers = SystemTextComposers(stateDirectory: scratch.item("m17n-state"), forgettingLearning: true)
        for method in ["vi-telex", "hi-itrans", "ml-swanalekha"] {
            #expect(M17nProbes.shared.problem(withMethod: method, directory: Self.database) == nil, "\(method)")
        }
        let (offered, chosen, problems) = try offered(with: composers)
        #expect(offered == ["en", "vi-telex"] && chosen == ["en", "vi-telex"], "\(offered), \(chosen): \(problems)")
    }
}
