// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A folder for libX11's compose cache (docs/performance.md, launch). When SDL starts on X11 it
/// opens X's input method, which reads the locale's compose table: 6,000 lines parsed on every
/// launch (48 million instructions, more than half of a small app's start) unless libX11 finds
/// the table cached. libX11 keeps that cache only for a user who is not root and has a folder for
/// it (`~/.compose-cache`, which few make, or `$XCOMPOSECACHE`), so Caret names one in the user's
/// cache folder while video starts: the first launch writes the table there, the later ones read it.
enum ComposeCache {
    /// The folder to name in `$XCOMPOSECACHE`, nil where libX11 would not use it or has one:
    /// for root (libX11 keeps no cache for root), where `$XCOMPOSECACHE` is set, where
    /// `~/.compose-cache` is there (`exists`), without a home, or where X is not used
    /// (no `$DISPLAY`). In `$XDG_CACHE_HOME` (else `~/.cache`), in `caret/xcompose`.
    static func folder(environment: [String: String], isRoot: Bool, exists: (String) -> Bool) -> String? {
        guard !isRoot, (environment["XCOMPOSECACHE"] ?? "").isEmpty, !(environment["DISPLAY"] ?? "").isEmpty,
            let home = environment["HOME"], home.hasPrefix("/"), !exists(home + "/.compose-cache")
        else { return nil }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
        return cache + "/caret/xcompose"
    }

    /// The folder for this process, made (readable by its user only) if it is not there; nil
    /// where none is wanted or it cannot be made (libX11 then parses the table, as without Caret).
    static func prepared(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
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
