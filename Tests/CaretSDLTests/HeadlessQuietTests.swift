// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// A headless run prints what the app asked for and nothing of the libraries under it: no
/// "XDG_RUNTIME_DIR" from SDL probing Wayland where there is no compositor, no "ALSA lib" from a
/// machine without a sound card. `CARET_DEBUG=1` lets them through.
@Suite(.serialized) @MainActor
struct HeadlessQuietTests {
    /// A headless machine (CI): no display, no compositor, no runtime directory.
    private static let headless: [String: String?] = [
        "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "XDG_RUNTIME_DIR": nil, "SDL_VIDEODRIVER": nil, "CARET_DEBUG": nil,
        "CARET_FIRST_FRAME": "1",
    ]

    /// README's first app, drawn once headless: standard error holds the first frame's report alone.
    @Test func aHeadlessFirstFramePrintsOnlyItsReport() throws {
        for driver in [nil, "offscreen"] {
            var environment = Self.headless
            environment["SDL_VIDEODRIVER"] = driver
            let (status, message) = try runExample("caret-hello", environment: environment)
            #expect(status == 0, "\(message)")
            let lines = message.split(separator: "\n")
            #expect(
                lines.count == 2 && lines[0].hasPrefix("caret: first frame after ")
                    && lines[1].hasPrefix("caret: resident at the first frame by mapping (MiB): ")
                    && lines[1].contains("the app's binary "),
                "driver \(driver ?? "SDL's choice"): \(message)")
        }
        // The kiosk watches for headsets (SDL's audio) from the start: its own line and the report only.
        let (status, message) = try runExample("caret-kiosk", ["--windowed"], environment: Self.headless)
        #expect(status == 0, "\(message)")
        #expect(!message.contains("ALSA") && !message.contains("XDG_RUNTIME_DIR"), "\(message)")
        #expect(
            message.split(separator: "\n").allSatisfy {
                $0.hasPrefix("caret-kiosk: ") || $0.hasPrefix("caret: first frame after ") || $0.hasPrefix("caret: resident at the first frame")
            }, "\(message)")
    }

    /// `CARET_DEBUG=1` lets SDL probe Wayland as it would (and libwayland say why it cannot).
    @Test func caretDebugLetsTheLibrariesSpeak() throws {
        guard SDLRuntime.sdlVideoDrivers().contains("wayland") else { return }  // an SDL without Wayland probes none
        var environment = Self.headless
        environment["CARET_DEBUG"] = "1"
        let (status, message) = try runExample("caret-hello", environment: environment)
        #expect(status == 0, "\(message)")
        #expect(message.contains("XDG_RUNTIME_DIR"), "\(message)")
    }

    /// Where SDL would probe Wayland with no compositor to find, it is left out of SDL's order;
    /// a driver chosen by the user, a compositor's socket or `CARET_DEBUG=1` leave SDL's choice.
    @Test func waylandIsProbedOnlyWhereACompositorCanBeReached() throws {
        let sdl = ["x11", "wayland", "KMSDRM", "offscreen", "dummy", "evdev"]
        #expect(SDLRuntime.videoDrivers(environment: [:], available: sdl) == ["x11", "KMSDRM", "offscreen"])
        #expect(SDLRuntime.videoDrivers(environment: ["SDL_VIDEODRIVER": "x11"], available: sdl) == nil)
        #expect(SDLRuntime.videoDrivers(environment: ["CARET_DEBUG": "1"], available: sdl) == nil)
        #expect(SDLRuntime.videoDrivers(environment: [:], available: ["x11", "offscreen"]) == nil)
        let folder = try TemporaryFolder()
        let socket = folder.file("wayland-1", bytes: [])
        #expect(SDLRuntime.videoDrivers(environment: ["XDG_RUNTIME_DIR": folder.path, "WAYLAND_DISPLAY": "wayland-1"], available: sdl) == nil)
        #expect(SDLRuntime.videoDrivers(environment: ["WAYLAND_DISPLAY": socket], available: sdl) == nil)
        #expect(SDLRuntime.videoDrivers(environment: ["XDG_RUNTIME_DIR": folder.path], available: sdl) != nil)  // no wayland-0 there
        #expect(SDLRuntime.videoDrivers(environment: ["WAYLAND_DISPLAY": "wayland-1"], available: sdl) != nil)  // nowhere to look
    }

    /// Speech opening SDL's audio on a machine without a sound card: SDL's one reason, no ALSA lines.
    @Test func speechWithoutASoundCardPrintsNoALSALines() throws {
        let said = try capturingStandardError {
            SDLAudioOutput().play([Int16](repeating: 0, count: 64), sampleRate: 22_050)
        }
        #expect(!said.contains("ALSA lib"), "\(said)")
    }

    /// What the process writes on standard error (file descriptor 2) while `body` runs.
    private func capturingStandardError(_ body: () -> Void) throws -> String {
        let folder = try TemporaryFolder()
        let path = folder.path + "/stderr.txt"
        let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        try #require(file >= 0)
        let saved = dup(2)
        dup2(file, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(file)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
