// SPDX-License-Identifier: Apache-2.0
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Tells the service manager how the app is doing (systemd's notification protocol, sd_notify(3),
/// docs/kiosk.md): `READY=1` once the first frame is shown (a `Type=notify` unit is started then),
/// and, under a unit with `WatchdogSec=`, `WATCHDOG=1` from the run loop every half of that time,
/// so that a loop that stops turning (a hang, a deadlock) has the app killed and started again.
/// Datagrams to `$NOTIFY_SOCKET`; nothing when it is unset. The watchdog is this process's when
/// `$WATCHDOG_PID` is unset or names it (a unit whose main process is another, such as cage,
/// names that one: the app does not ping for it).
struct ServiceManagerLink {
    /// The socket's address: a path, or an abstract name where `$NOTIFY_SOCKET` starts with "@".
    let socketPath: String
    /// Seconds between watchdog pings (half of `$WATCHDOG_USEC`), when the watchdog is this process's.
    let pingInterval: Double?
    /// Whether `READY=1` was sent.
    private(set) var toldReady = false
    /// When the last `WATCHDOG=1` was sent (`ProcessInfo.systemUptime`).
    private(set) var lastPing: Double?

    /// Reads the environment systemd sets; nil when there is no socket to tell.
    init?(environment: [String: String], pid: Int32 = getpid()) {
        guard let socket = environment["NOTIFY_SOCKET"], socket.count > 1, socket.hasPrefix("/") || socket.hasPrefix("@") else { return nil }
        socketPath = socket
        let watchdogPID = environment["WATCHDOG_PID"].flatMap { Int32($0) }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0, watchdogPID == nil || watchdogPID == pid {
            pingInterval = usec / 2_000_000
        } else {
            pingInterval = nil
        }
    }

    /// Takes systemd's variables out of the environment once read, as sd_notify(3) does when
    /// asked: processes the app starts (a session bus's daemon, an engine's helper) would tell the
    /// manager otherwise (dbus-daemon says READY=1 as it starts).
    static func keepFromChildren() {
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { unsetenv(name) }
    }

    /// After a turn of the run loop: ready once a frame was shown, a ping when one is due.
    mutating func turn(framesShown: Int, now: Double = ProcessInfo.processInfo.systemUptime) {
        if !toldReady, framesShown > 0 {
            toldReady = true
            send("READY=1")
        }
        if let interval = pingInterval, lastPing.map({ now - $0 >= interval }) ?? true {
            lastPing = now
            send("WATCHDOG=1")
        }
    }

    /// How long the loop may sleep before the next ping is due (milliseconds), if it pings.
    func wait(now: Double = ProcessInfo.processInfo.systemUptime) -> Int32? {
        guard let interval = pingInterval else { return nil }
        let due = (lastPing ?? now) + interval - now
        return Int32(max(0, min(Double(Int32.max), (due * 1000).rounded(.up))))
    }

    /// Sends one message; false when the socket cannot be reached (the manager went away: the app
    /// goes on).
    @discardableResult
    func send(_ message: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }  // an abstract socket's name starts with a NUL
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.enumerated() { bytes[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let sent = Array(message.utf8).withUnsafeBytes { body in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, body.baseAddress, body.count, Int32(MSG_NOSIGNAL), $0, length) }
            }
        }
        return sent == message.utf8.count
    }
}
