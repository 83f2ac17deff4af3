// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Starting from top-level code (an app's main.swift): an error thrown there becomes a crash
/// with a backtrace, so `launch` says why the window cannot open in one line and exits instead.
extension Application {
    /// Opens the window, or prints why it cannot on standard error and exits with status 1.
    public static func launch(_ configuration: Configuration = Configuration()) -> Application {
        do throws(CaretError) {
            return try Application(configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data((startFailureLine(error, program: CommandLine.arguments.first) + "\n").utf8))
            exit(1)
        }
    }

    /// The one line a start-up failure prints: `<program name>: <error>`, without line breaks.
    static func startFailureLine(_ error: CaretError, program: String?) -> String {
        let name = program.map { ($0 as NSString).lastPathComponent }.flatMap { $0.isEmpty ? nil : $0 } ?? "caret"
        let words = error.description.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return "\(name): \(words.filter { !$0.isEmpty }.joined(separator: " "))"
    }

    /// With no display to reach, SDL 2.26 falls back to its offscreen driver unasked, and the app
    /// would run with no window a person can see. That is refused with the reason, unless the app
    /// or the user named a driver (`SDL_VIDEODRIVER=offscreen` runs without a screen on purpose) or
    /// `CARET_FIRST_FRAME` asks for one frame, which needs no screen, where no display is named:
    /// one named but unreachable is refused even then (drawn offscreen, through Mesa's EGL, the
    /// frame would say nothing of that display, and its memory would be 60 MiB more).
    static func refuseUnseenWindow(driver: String?, environment: [String: String], firstFrame: Bool) throws(CaretError) {
        guard SDLRuntime.isOffscreenUnasked(driver: driver, environment: environment), !firstFrame || namesDisplay(environment) else { return }
        SDLRuntime.stopVideo()
        throw CaretError.backendUnavailable(subsystem: "SDL video", reason: unseenWindowReason(environment: environment))
    }

    /// Whether `DISPLAY` or `WAYLAND_DISPLAY` names a display.
    static func namesDisplay(_ environment: [String: String]) -> Bool { !namedDisplays(environment).isEmpty }

    /// The display variables that name a display, as "NAME=value".
    private static func namedDisplays(_ environment: [String: String]) -> [String] {
        ["DISPLAY", "WAYLAND_DISPLAY"].compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } }
    }

    /// Why no display could be used: the display variables that are set name where no server
    /// could be reached (one stopped, or refusing the connection); unset, they are said to be.
    static func unseenWindowReason(environment: [String: String]) -> String {
        let named = namedDisplays(environment)
        let displays =
            named.isEmpty
            ? "DISPLAY and WAYLAND_DISPLAY are unset"
            : "no display could be reached at \(named.joined(separator: " and "))"
        return "no display to open a window on (\(displays) and no KMS/DRM display could be used); "
            + "SDL_VIDEODRIVER=offscreen runs without a screen"
    }
}
