// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `caret-kiosk --screenshot` (the packages' and KMS checks) says why when it cannot write its
/// picture and exits 1: it once exited 0 with no file where SDL2_image was not installed.
@Suite(.serialized) @MainActor
struct KioskScreenshotTests {
    @Test func aScreenshotThatCannotBeWrittenIsAnErrorNotASilentSuccess() throws {
        let path = NSTemporaryDirectory() + "caret-no-such-folder-\(getpid())/kiosk.png"
        let (status, message) = try runExample(
            "caret-kiosk", ["--windowed", "--size", "480x320", "--screenshot", path, "--frames", "1"],
            environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(status == 1, "\(message)")
        #expect(message.contains("caret-kiosk: no screenshot: ") && message.contains(path), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aScreenshotIsWritten() throws {
        let path = NSTemporaryDirectory() + "caret-kiosk-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, message) = try runExample(
            "caret-kiosk", ["--windowed", "--size", "480x320", "--screenshot", path, "--frames", "1"],
            environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(status == 0, "\(message)")
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
