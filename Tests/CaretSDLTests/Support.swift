// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Reference images live beside these tests.
@MainActor
let goldens = GoldenImage(
    directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path)

/// A white root view of a size.
@MainActor
func whiteRoot() -> View {
    let root = View()
    root.backgroundColor = .white
    return root
}

/// Receives keyboard text through the window.
@MainActor
final class TextSink: View, KeyInput {
    var received: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !received.isEmpty }
    func insertText(_ text: String) { received.append(text) }
    func deleteBackward() {}
}

/// The error a throwing call raised, or nil. (Catching `CaretError` cases in `catch` clauses
/// crashes Swift 6.3's SILGen with typed throws, so tests match on the returned value instead.)
@MainActor
func thrownError<T>(_ body: () throws(CaretError) -> T) -> CaretError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Renders the window and compares it with a golden image (recorded with CARET_RECORD_GOLDENS=1);
/// `showing` names what the golden shows (window points: a caret, an underline), where no pixel may differ.
@MainActor
func expectGolden(
    _ host: HeadlessWindow, named name: String, showing: [Rect] = [], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = goldens.compare(try host.render(), named: name, exactIn: showing)
    #expect(result.matches, "\(result)", sourceLocation: sourceLocation)
}

/// A planted fault: the window, with what a golden shows painted out or moved, must no longer
/// match it (never recorded, nothing written beside it).
@MainActor
func expectGoldenNoticesFault(
    _ host: HeadlessWindow, named name: String, showing: [Rect] = [], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var strict = goldens
    strict.recordMode = false
    strict.writesArtifacts = false
    let result = strict.compare(try host.render(), named: name, exactIn: showing)
    #expect(!result.matches, "the golden \(name) did not notice the planted fault: \(result)", sourceLocation: sourceLocation)
}

/// Runs a built example (`.build/debug/<product>`) with changes to this process's environment
/// (nil removes a variable): its exit status and standard error.
func runExample(_ product: String, _ arguments: [String] = [], environment changes: [String: String?]) throws
    -> (status: Int32, stderr: String)
{
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/\(product)").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build \(product) first (swift build)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = Pipe()
    try process.run()
    // A program that should have stopped and did not is ended after a minute (status 15), so the
    // test fails instead of waiting for ever.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
}

/// A window with the app's own fonts, one text field focused across it and the on-screen
/// keyboard in some languages: the keyboard typing tests' setting. `configure` styles the root
/// and the field before the field is added (the golden tests' grouped look).
@MainActor
func keyboardWindow(
    languages: [String], size: Size, composers: TextComposerProvider? = nil, fieldHeight: Double = 36,
    configure: (View, TextField) -> Void = { _, _ in }
) throws -> (HeadlessWindow, TextField, KeyboardView) {
    let host = try HeadlessWindow(size: size, fonts: .bundled)
    if let composers { host.backend.textComposers = composers }
    let root = whiteRoot()
    let field = TextField(frame: Rect(x: 20, y: 20, width: size.width - 40, height: fieldHeight))
    configure(root, field)
    host.rootView = root
    root.addSubview(field)
    host.window.keyboard.policy = .always
    host.window.keyboard.languages = languages
    host.layout()
    field.becomeFirstResponder()
    host.settle()
    return (host, field, try #require(host.window.keyboard.keyboardView))
}

/// Taps the key with a label at its centre, as a finger would, and lets the window settle.
@MainActor
func tapKey(_ host: HeadlessWindow, _ keyboard: KeyboardView, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let entry = try #require(
        keyboard.keyFrames.first { $0.key.label == label }, "no key \(label) in \(keyboard.keyFrames.map(\.key.label))",
        sourceLocation: sourceLocation)
    host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
    host.settle()
}
