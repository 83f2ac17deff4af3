// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A folder for libX11's compose cache (docs/kiosk.md, frames on a panel). When SDL starts on X11
/// it opens X's input method, which reads the locale's compose table: 6,000 lines parsed on every
/// launch (48 million instructions, more than half of a small app's start) unless libX11 finds the
/// table cached. libX11 caches it only for a user who is not root, in a folder it is given
/// (`~/.compose-cache`, which few make, or `$XCOMPOSECACHE`), and makes it anew once it is a day
/// old; so Caret names one in the user's cache folder while video starts: a launch writes the
/// table there, and the launches in the day after it read it.
enum ComposeCache {
    /// The system's cache folder, which libX11 reads only while `$XCOMPOSECACHE` is unset.
    static let systemFolder = "/var/cache/libx11/compose"

    /// The folder to name in `$XCOMPOSECACHE`, nil where libX11 would not use it or has one:
    /// for root (libX11 keeps no cache for root), where `$XCOMPOSECACHE` is set (even empty:
    /// caching off), where `~/.compose-cache` or the system's folder is there (`exists`), without a
    /// home, where X is not used (no `$DISPLAY`, or `$SDL_VIDEODRIVER` names drivers without x11).
    /// In `$XDG_CACHE_HOME` (else `~/.cache`), in `caret/xcompose`.
    static func folder(environment: [String: String], isRoot: Bool, exists: (String) -> Bool) -> String? {
        let drivers = (environment["SDL_VIDEODRIVER"] ?? "").lowercased()
        guard !isRoot, environment["XCOMPOSECACHE"] == nil, !(environment["DISPLAY"] ?? "").isEmpty,
            drivers.isEmpty || drivers.split(separator: ",").contains("x11"),
            let home = environment["HOME"], home.hasPrefix("/"), !exists(home + "/.compose-cache"), !exists(systemFolder)
        else { return nil }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
        return cache + "/caret/xcompose"
    }

    /// The folder for this process, made (readable by its user only) if it is not there; nil
    /// where none is wanted or it cannot be made (libX11 then parses the table, as without Caret).
    static func prepared(environment: [String: String]) -> String? {
        let files = FileManager.default
        guard let folder = folder(environment: environment, isRoot: geteuid() == 0, exists: { files.fileExists(atPath: $0) }) else {
            return nil
        }
        do {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return folder
    }
}
