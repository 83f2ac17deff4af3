// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import CaretSDL

/// A field of an example's first-frame line (`CARET_FIRST_FRAME`): what follows `name` ("engine
/// libraries", "ICU", "accessibility bus"), the example started with `arguments` and the
/// environment changed by `changes`.
@MainActor
func firstFrameField(
    _ name: String, of product: String, _ arguments: [String] = [], environment changes: [String: String?] = [:]
) throws -> String {
    var changes = changes
    changes["CARET_FIRST_FRAME"] = "1"
    if ProcessInfo.processInfo.environment["DISPLAY"] == nil { changes["SDL_VIDEODRIVER"] = "dummy" }
    let (status, stderr) = try runExample(product, arguments, environment: changes)
    #expect(status == 0, "\(stderr)")
    let line = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("caret: first frame") }, "\(stderr)")
    let field = try #require(line.components(separatedBy: ", ").first { $0.hasPrefix(name + " ") }, "\(line)")
    return String(field.dropFirst(name.count + 1))
}

/// No engine's library is linked: each is opened the first time its language is chosen
/// (docs/kiosk.md). The built kiosk, which adds every engine, is started offering Korean,
/// Japanese, Chinese and Vietnamese (Telex); its first frame lists the engine libraries mapped.
@Suite(.serialized) @MainActor
struct LazyEngineTests {
    private nonisolated static let offered = ["ja", "zh-pinyin", "ko", "vi-telex"]

    /// The engine libraries the kiosk mapped by its first frame, started in `first` with the
    /// others offered after it.
    private func enginesMapped(startingIn first: String) throws -> String {
        let languages = [first] + (["en"] + Self.offered).filter { $0 != first }
        return try firstFrameField(
            "engine libraries", of: "caret-kiosk",
            ["--windowed", "--size", "800x600", "--screen", "form", "--languages", languages.joined(separator: ",")])
    }

    /// Started in English, the kiosk offering every composing language has opened none of their libraries.
    @Test func aKioskStartedInEnglishMapsNoEngineLibrary() throws {
        #expect(try enginesMapped(startingIn: "en") == "none")
    }

    /// Started in a composing language, it opens that language's library, and only that one.
    @Test(arguments: [("ko", "libhangul"), ("ja", "libanthy"), ("zh-pinyin", "librime"), ("vi-telex", "libm17n")])
    func aLanguageShownOpensItsEngineOnly(language: String, library: String) throws {
        let mapped = try enginesMapped(startingIn: language).split(separator: " ")
        #expect(mapped.count == 1 && mapped[0].hasPrefix(library + ".so"), "\(mapped)")
    }
}

/// Latin text that fits on its lines needs neither ICU's bidirectional algorithm nor its line
/// breaks, so README's app and the English kiosk draw their first frames without opening ICU
/// (Sources/CCaretText opens it when text first needs it); Arabic opens it.
@Suite(.serialized) @MainActor
struct LazyICUTests {
    /// What the first frame line says of ICU ("not opened" or the libraries mapped).
    private func icuAtFirstFrame(_ product: String, _ arguments: [String] = []) throws -> String {
        try firstFrameField("ICU", of: product, arguments)
    }

    @Test func readmesAppDrawsItsFirstFrameWithoutICU() throws {
        #expect(try icuAtFirstFrame("caret-hello") == "not opened")
    }

    /// The kiosk offering every composing language, started in English.
    @Test func anEnglishKioskDrawsItsFirstFrameWithoutICU() throws {
        #expect(
            try icuAtFirstFrame("caret-kiosk", ["--windowed", "--size", "800x600", "--languages", "en,ja,zh-pinyin,ko,vi-telex"]) == "not opened")
    }

    /// Started in Arabic, the kiosk lays out right-to-left words, which need ICU.
    @Test func rightToLeftTextOpensICU() throws {
        let icu = try icuAtFirstFrame("caret-kiosk", ["--windowed", "--size", "800x600", "--screen", "form", "--languages", "ar,en"])
        #expect(icu.hasPrefix("libicuuc.so"), "\(icu)")
    }
}

/// The accessibility bus's libraries (at-spi2-atk, AT-SPI, GIO) are opened when the bridge or its
/// status watch first starts on a session bus: a kiosk started where there is none maps none of
/// them (with one, the demo publishes its tree: Scripts/e2e-atspi.sh).
@Suite(.serialized) @MainActor
struct LazyAccessibilityBusTests {
    @Test func aKioskWithNoSessionBusOpensNoneOfTheBussLibraries() throws {
        let opened = try firstFrameField(
            "accessibility bus", of: "caret-kiosk", ["--windowed", "--size", "800x600", "--languages", "en"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil])
        #expect(opened == "not opened")
    }
}
