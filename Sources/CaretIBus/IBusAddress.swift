// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where the IBus daemon listens: `$IBUS_ADDRESS`, else the address file it writes for the
/// display (`$XDG_CONFIG_HOME/ibus/bus/<machine-id>-<host>-<display>`, Wayland's name first),
/// skipping a file left by a daemon that has gone.
public enum IBusAddress {
    /// The address, or nil when no IBus daemon runs for this display.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let address = environment["IBUS_ADDRESS"], !address.isEmpty { return address }
        guard let file = file(environment: environment), let contents = try? String(contentsOfFile: file, encoding: .utf8)
        else { return nil }
        return parse(contents)
    }

    /// The address file's path for this display.
    public static func file(environment: [String: String]) -> String? {
        guard let machine = machineID() else { return nil }
        let config: String
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            config = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            config = home + "/.config"
        } else {
            return nil
        }
        guard let (host, display) = hostAndDisplay(environment: environment) else { return nil }
        return "\(config)/ibus/bus/\(machine)-\(host)-\(display)"
    }

    /// "unix" and the display number (or Wayland socket name) the address file is named after.
    static func hostAndDisplay(environment: [String: String]) -> (String, String)? {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty { return ("unix", wayland) }
        guard let display = environment["DISPLAY"], let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon].isEmpty ? "unix" : String(display[..<colon])
        let number = display[display.index(after: colon)...].split(separator: ".").first.map(String.init) ?? ""
        return number.isEmpty ? nil : (host, number)
    }

    /// The address in an address file's text, unless the daemon that wrote it is gone.
    static func parse(_ contents: String) -> String? {
        var address: String?
        var pid: Int32?
        for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            if line.hasPrefix("IBUS_ADDRESS=") { address = String(line.dropFirst("IBUS_ADDRESS=".count)) }
            if line.hasPrefix("IBUS_DAEMON_PID=") { pid = Int32(line.dropFirst("IBUS_DAEMON_PID=".count)) }
        }
        if let pid, pid > 0, kill(pid, 0) != 0, errno == ESRCH { return nil }
        return address?.isEmpty == false ? address : nil
    }

    private static func machineID() -> String? {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let id = try? String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
                !id.isEmpty
            {
                return id
            }
        }
        return nil
    }
}
