// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretDemoKit
import Foundation
import Testing

@testable import CaretSDL

/// A click on a field and the keys typed at once after it, read from the X server in one go:
/// SDL turns every pending X event into key and text events before Caret handles the click, so
/// the keys' text must not depend on text input being on when they were read (found by the
/// partial-frames check on a loaded CI machine: "Partial frames" arrived as "s").
@Suite(.serialized) @MainActor
struct TypingAfterClickTests {
    nonisolated static let xdotool = ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first { FileManager.default.isExecutableFile(atPath: $0) }
    nonisolated static let canRun = ProcessInfo.processInfo.environment["DISPLAY"] != nil && xdotool != nil

    /// Runs xdotool; what it printed on standard error comes back too, for a failure to name.
    private func xdotool(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.xdotool!)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: canRun, "needs an X display and xdotool"))
    func keysTypedRightAfterAClickOnAFieldGoIntoIt() throws {
        let title = "Caret typing after a click \(getpid())"
        let app = try Application(configuration: .init(title: title, size: Size(width: 480, height: 360), vsync: false))
        defer { app.close() }
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        app.window.rootView = screen
        for _ in 0..<3 { app.runOnce() }
        let name = try #require(screen.fields["name"])
        #expect(app.window.firstResponder == nil)
        // The window by the id SDL gave it, not searched for by name: a search walks every
        // window on the server, and one closed by another client meanwhile ends it with an X error.
        let window = caret_SDL_x11_window(app.sdlWindow)
        try #require(window != 0, "the window is not on X11")
        let centre = name.convert(Point(x: name.bounds.midX, y: name.bounds.midY), to: nil)
        // All of it reaches the X server before the app reads any of it.
        let sent = try xdotool([
            "mousemove", "--window", String(window), String(Int(centre.x)), String(Int(centre.y)), "click", "1",
            "type", "--window", String(window), "--delay", "1", "Quick",
        ])
        try #require(sent.status == 0, "xdotool: \(sent.errors)")
        for _ in 0..<20 where name.text != "Quick" {
            app.runOnce()
            usleep(20_000)
        }
        #expect(app.window.firstResponder === name)
        #expect(name.text == "Quick")
    }
}
