// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

@testable import CaretSDL

#if canImport(Glibc)
    import Glibc
#endif

/// A Caret app under systemd (docs/kiosk.md): it tells the service manager it is ready once its
/// first frame is shown, and its run loop pings the watchdog every half of `WatchdogSec=`, read
/// here from a socket of the test's own, as systemd reads `$NOTIFY_SOCKET`.
@Suite(.serialized) @MainActor
struct ServiceManagerTests {
    /// A datagram socket bound where `$NOTIFY_SOCKET` will name it, as systemd's is.
    final class Listener {
        let path: String
        let fd: Int32

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("caret-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(fd >= 0 && bound == 0, "no socket to listen on at \(path)")
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(fd)
            unlink(path)
        }

        /// The messages that arrived since the last call.
        func messages() -> [String] {
            var out: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return out }
                out.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
        }
    }

    /// Runs `body` with the variables set (nil: unset), then puts them back.
    private func withEnvironment<T>(_ values: [String: String?], _ body: () throws -> T) rethrows -> T {
        let saved = values.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (name, value) in values {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return try body()
    }

    private func open() throws -> Application {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        return try Application(configuration: .init(title: "Caret test", size: Size(width: 320, height: 240), vsync: false))
    }

    @Test func theAppIsReadyAtItsFirstFrameAndItsLoopPingsTheWatchdog() throws {
        let listener = try Listener()
        // A watchdog of 0.4 s: a ping every 0.2 s.
        let app = try withEnvironment(["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "400000", "WATCHDOG_PID": nil]) {
            let app = try open()
            // Read and taken out of the environment: a process the app starts (dbus-daemon, which
            // an app without a session bus starts) would tell the manager too.
            #expect(getenv("NOTIFY_SOCKET") == nil && getenv("WATCHDOG_USEC") == nil)
            return app
        }
        defer { app.close() }
        app.window.rootView = View()
        #expect(listener.messages().isEmpty, "told before the first frame")
        app.runOnce()
        let first = listener.messages()
        #expect(first.first == "READY=1", "not ready at the first frame: \(first)")
        // An idle window sleeps until an event, but no longer than the next ping.
        let sleep = app.sleepTimeout
        #expect(sleep >= 0 && sleep <= 200, "an idle loop sleeps \(sleep) ms")
        // The loop as run() turns it, for a second: a ping each 0.2 s, each from a turn.
        let start = ProcessInfo.processInfo.systemUptime
        var later: [String] = []
        var pings: [Double] = []
        while ProcessInfo.processInfo.systemUptime - start < 1.0 {
            usleep(UInt32(max(1, app.sleepTimeout)) * 1000)
            app.runOnce()
            let now = ProcessInfo.processInfo.systemUptime
            let arrived = listener.messages()
            later += arrived
            pings += arrived.filter { $0 == "WATCHDOG=1" }.map { _ in now }
        }
        #expect(!later.contains("READY=1"), "ready told twice")
        #expect(later.allSatisfy { $0 == "WATCHDOG=1" }, "\(later)")
        // At most one each 0.2 s, never two in one turn; in a second, four or five (fewer only
        // where this machine overslept).
        let gaps = zip(pings, pings.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { $0 >= 0.19 }, "pings closer than the watchdog's half: \(gaps)")
        #expect((3...5).contains(pings.count), "\(pings.count) pings in a second at one each 0.2 s")
    }

    @Test func aWatchdogOfAnotherProcessIsNotPingedAndNoSocketTellsNothing() throws {
        let listener = try Listener()
        let app = try withEnvironment(["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "400000", "WATCHDOG_PID": "1"]) { try open() }
        defer { app.close() }
        app.window.rootView = View()
        for _ in 0..<3 { app.runOnce() }
        #expect(listener.messages() == ["READY=1"], "a watchdog that names another process was pinged")
        #expect(app.sleepTimeout == -1, "an idle window woke for another process's watchdog")
        #expect(ServiceManagerLink(environment: [:]) == nil)
        #expect(ServiceManagerLink(environment: ["NOTIFY_SOCKET": "relative/path"]) == nil)
        #expect(
            ServiceManagerLink(environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "42"], pid: 42)?.pingInterval
                == 1.5)
    }

    /// systemd names an abstract socket with "@" (its name starts with a NUL byte).
    @Test func anAbstractSocketIsReached() throws {
        let name = "caret-notify-abstract-\(getpid())"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in name.utf8.enumerated() { bytes[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        try #require(bound == 0)
        let link = try #require(ServiceManagerLink(environment: ["NOTIFY_SOCKET": "@" + name]))
        #expect(link.send("READY=1"))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(count > 0 && String(decoding: buffer[0..<max(0, count)], as: UTF8.self) == "READY=1")
    }
}
