// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Code outside the package cannot go around a field's delegate, `maximumLength`,
/// `allowedCharacters` or formatter: the editing component and its hooks are not public API.
/// Each snippet is type-checked against the built `Caret` module as an app would import it.
@Suite struct DelegateBypassTests {
    /// The folder holding the built `Caret.swiftmodule` (debug or release, either layout).
    private static func modulesFolder() throws -> URL {
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let build = root.appendingPathComponent(".build")
        let candidates = [
            "debug/Modules", "x86_64-unknown-linux-gnu/debug/Modules", "aarch64-unknown-linux-gnu/debug/Modules",
            "release/Modules", "x86_64-unknown-linux-gnu/release/Modules",
        ]
        for candidate in candidates {
            let folder = build.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Caret.swiftmodule").path) { return folder }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: build.path + "/*/Modules/Caret.swiftmodule"])
    }

    /// Type-checks a snippet that imports Caret; returns the compiler's exit status and output.
    private static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caret-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("App.swift")
        try ("import Caret\nimport Foundation\n\n@MainActor func app() {\n" + source + "\n}\n").write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", try modulesFolder().path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theUIKitSurfaceTypeChecks() throws {
        let result = try Self.typecheck(
            """
            let field = TextField(frame: .zero)
            field.text = "abc"
            field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)
            field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
            field.unmarkText()
            let textView = TextView(frame: .zero)
            textView.scrollRangeToVisible(NSRange(location: 0, length: 0))
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        ("let field = TextField(frame: .zero); field.editor.insertText(\"x\")", "editor"),
        ("let textView = TextView(frame: .zero); textView.editor.host = nil", "editor"),
        ("let editor = TextEditingView(frame: .zero, singleLine: true)", "TextEditingView"),
        ("final class Sneaky: TextField { func go() { editor.host = nil } }", "editor"),
    ])
    func goingAroundTheDelegateDoesNotCompile(_ source: String, _ name: String) throws {
        let result = try Self.typecheck(source)
        #expect(result.status != 0, "compiled: \(source)")
        // Not public: inaccessible (`@_spi`) or not found at all.
        #expect(
            result.output.contains("'\(name)' is inaccessible") || result.output.contains("cannot find '\(name)'")
                || result.output.contains("cannot find type '\(name)'"), "\(result.output)")
    }
}
