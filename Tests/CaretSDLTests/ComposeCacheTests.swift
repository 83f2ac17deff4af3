// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import CaretSDL

/// Where libX11's compose table is cached for a Caret app (docs/performance.md, launch).
struct ComposeCacheTests {
    private let user = ["HOME": "/home/kiosk", "DISPLAY": ":0"]

    @Test func aUserWithoutACacheFolderGetsOneInTheirCacheFolder() {
        #expect(ComposeCache.folder(environment: user, isRoot: false, exists: { _ in false }) == "/home/kiosk/.cache/caret/xcompose")
        var xdg = user
        xdg["XDG_CACHE_HOME"] = "/var/cache/kiosk"
        #expect(ComposeCache.folder(environment: xdg, isRoot: false, exists: { _ in false }) == "/var/cache/kiosk/caret/xcompose")
        xdg["XDG_CACHE_HOME"] = "relative"  // not absolute: ignored, as the XDG base directories say
        #expect(ComposeCache.folder(environment: xdg, isRoot: false, exists: { _ in false }) == "/home/kiosk/.cache/caret/xcompose")
    }

    @Test func noFolderWhereLibX11WouldNotUseItOrHasOne() {
        #expect(ComposeCache.folder(environment: user, isRoot: true, exists: { _ in false }) == nil)
        #expect(ComposeCache.folder(environment: user, isRoot: false, exists: { $0 == "/home/kiosk/.compose-cache" }) == nil)
        var chosen = user
        chosen["XCOMPOSECACHE"] = "/tmp/mine"
        #expect(ComposeCache.folder(environment: chosen, isRoot: false, exists: { _ in false }) == nil)
        chosen["XCOMPOSECACHE"] = ""  // set empty: libX11 then caches nothing, as the user chose
        #expect(ComposeCache.folder(environment: chosen, isRoot: false, exists: { _ in false }) == nil)
        let global = { (path: String) in path == "/var/cache/libx11/compose" }  // the system's cache, which the variable would hide
        #expect(ComposeCache.folder(environment: user, isRoot: false, exists: global) == nil)
        var wayland = user
        wayland["DISPLAY"] = nil
        #expect(ComposeCache.folder(environment: wayland, isRoot: false, exists: { _ in false }) == nil)
        wayland["DISPLAY"] = ":0"  // Xwayland's, with SDL told to use Wayland (cage's unit)
        wayland["SDL_VIDEODRIVER"] = "wayland"
        #expect(ComposeCache.folder(environment: wayland, isRoot: false, exists: { _ in false }) == nil)
        wayland["SDL_VIDEODRIVER"] = "wayland,x11"
        #expect(ComposeCache.folder(environment: wayland, isRoot: false, exists: { _ in false }) == "/home/kiosk/.cache/caret/xcompose")
        #expect(ComposeCache.folder(environment: ["DISPLAY": ":0"], isRoot: false, exists: { _ in false }) == nil)
    }
}
