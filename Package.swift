// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
// Caret: UIKit-style text input widgets drawn in an SDL2 window.
import PackageDescription

let package = Package(
    name: "Caret",
    products: [
        .library(name: "Caret", targets: ["Caret"]),
        .library(name: "CaretText", targets: ["CaretText"]),
        .library(name: "CaretCompose", targets: ["CaretCompose"]),
        .library(name: "CaretSpell", targets: ["CaretSpell"]),
        .library(name: "CaretHandwriting", targets: ["CaretHandwriting"]),
        .library(name: "CaretAccessibility", targets: ["CaretAccessibility"]),
        .library(name: "CaretSpeech", targets: ["CaretSpeech"]),
        .library(name: "CaretIBus", targets: ["CaretIBus"]),
        .library(name: "CaretSDL", targets: ["CaretSDL"]),
        .library(name: "CaretTesting", targets: ["CaretTesting"]),
        .library(name: "CaretSDLTesting", targets: ["CaretSDLTesting"]),
        .library(name: "CaretUIKit", targets: ["CaretUIKit"]),
        // The examples' targets carry Caret's name: target names must be unique in an app's package graph.
        .executable(name: "caret-demo", targets: ["CaretDemo"]),
        .executable(name: "caret-soak", targets: ["CaretSoak"]),
        .executable(name: "caret-kiosk", targets: ["CaretKiosk"]),
        .executable(name: "caret-hello", targets: ["CaretHello"]),
    ],
    dependencies: [
        // The demo's command line (--size, --scale, --screenshot ...): the standard Swift parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The API reference and guides (Scripts/docs.sh): `swift package generate-documentation`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // SDL2 (linked) and SDL2_image (its header; the library is opened on the first image, see
        // shim.h) in one module, so SDL's C types live in exactly one place.
        // The shim includes <SDL2/...> from the system include path: no pkg-config, whose
        // `-D_REENTRANT` SwiftPM rejects with a warning on every build.
        .systemLibrary(
            name: "CSDL2",
            path: "Sources/CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]
        ),
        // The C libraries Caret wraps, from Debian: each a system library whose include paths come
        // from pkg-config, so no target needs unsafe flags and an app can depend on Caret by version.
        // The shims name the libraries they link.
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/System/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev", "libicu-dev"])]),
        .systemLibrary(name: "CDBus", path: "Sources/System/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // ATK's pkg-config name: at-spi2-atk's and GIO's add `-pthread`, which SwiftPM refuses with a
        // warning; their headers are reached from the default include path (<at-spi2-atk/2.0/...>).
        .systemLibrary(
            name: "CATK", path: "Sources/System/CATK", pkgConfig: "atk",
            providers: [.apt(["libatk-bridge2.0-dev", "libatk1.0-dev", "libglib2.0-dev"])]),
        // The engines' libraries (libhangul, librime, anthy, libm17n, libhunspell, libespeak-ng,
        // libzinnia) are not linked: each shim opens its library the first time its language or
        // feature is chosen (CCaretLoad), so an app offering every engine maps none of them until
        // a guest uses one. Their headers come from Debian's -dev packages (Scripts/install-packages.sh).
        .target(name: "CCaretLoad", path: "Sources/CCaretLoad"),
        // Handwriting for Chinese and Japanese: libzinnia with the Tegaki models (tegaki-zinnia-*),
        // its functions found when a writing pad first needs them; a model is checked by reading its
        // layout (CaretHandwriting).
        .target(name: "CCaretHandwriting", dependencies: ["CCaretLoad"], path: "Sources/CCaretHandwriting"),
        // World text in C: HarfBuzz shapes, FreeType rasterises (colour emoji too), fontconfig finds
        // fallback fonts, ICU segments words and lines (UAX #29, #14). ICU's headers rename every
        // function with macros Swift cannot follow, so Swift sees only this shim's plain functions.
        // ICU is not linked but opened when text is first segmented (CCaretLoad), and its plural
        // rules' library (the check of Caret's own CLDR rules) only by that check.
        .target(
            name: "CCaretText", dependencies: ["CHarfBuzz", "CCaretLoad"], path: "Sources/CCaretText",
            linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("freetype"), .linkedLibrary("fontconfig")]),
        // IBus over D-Bus with libdbus-1 (what SDL itself uses): an input context of Caret's own,
        // which reads the ForwardKeyEvent signals SDL 2.26 ignores. No SDL: the keysym lookup is CaretSDL's.
        .target(name: "CCaretIBus", dependencies: ["CDBus"], path: "Sources/CCaretIBus", linkerSettings: [.linkedLibrary("dbus-1")]),
        // The on-screen keyboard's composition engines, from Debian: libhangul (Korean), librime
        // (Chinese, with rime-data's schemas), anthy (Japanese) and libm17n (m17n-db's input
        // methods, as IBus and Fcitx use them: Telex, VNI, ITRANS), behind plain C functions.
        .target(name: "CCaretCompose", dependencies: ["CCaretLoad"], path: "Sources/CCaretCompose"),
        // Spelling with Hunspell (libhunspell and Debian's hunspell-* dictionaries): plain C functions.
        .target(name: "CCaretSpell", dependencies: ["CCaretLoad"], path: "Sources/CCaretSpell"),
        // The AT-SPI2 bridge: ATK objects answered from Caret's tree, published by at-spi2-atk
        // (libatk-bridge), with GLib's main context pumped from the app's loop. GIO and at-spi2-atk
        // are opened when the status watch or the bridge first starts (CCaretLoad); CATK's
        // pkg-config, there for ATK's headers, still links ATK and GObject (the CMake build does not).
        .target(name: "CCaretAccessibility", dependencies: ["CATK", "CCaretLoad"], path: "Sources/CCaretAccessibility"),
        // Speech for the spoken mode: libespeak-ng (Debian's espeak-ng, what speech-dispatcher uses).
        .target(name: "CCaretSpeech", dependencies: ["CCaretLoad"], path: "Sources/CCaretSpeech"),
        // The core: Foundation only, never SDL.
        .target(name: "Caret", path: "Sources/Caret"),
        // Shaped text with font fallback and Unicode segmentation: the core's FontProvider and
        // TextSegmenter over the C shim.
        .target(name: "CaretText", dependencies: ["Caret", "CCaretText"], path: "Sources/CaretText"),
        // The core's TextComposerProvider over the engines' shim.
        .target(name: "CaretCompose", dependencies: ["Caret", "CCaretCompose"], path: "Sources/CaretCompose"),
        // The core's HandwritingRecognizerProvider: zinnia for Japanese and Chinese, the core's
        // point-cloud recogniser for Latin, Greek and Cyrillic.
        .target(name: "CaretHandwriting", dependencies: ["Caret", "CCaretHandwriting"], path: "Sources/CaretHandwriting"),
        // The core's SpellingDictionaries over Hunspell.
        .target(name: "CaretSpell", dependencies: ["Caret", "CCaretSpell"], path: "Sources/CaretSpell"),
        // The core's accessibility tree on the AT-SPI2 bus (an AccessibilityObserver).
        .target(name: "CaretAccessibility", dependencies: ["Caret", "CCaretAccessibility"], path: "Sources/CaretAccessibility"),
        // The core's SpeechSynthesizer over espeak-ng.
        .target(name: "CaretSpeech", dependencies: ["Caret", "CCaretSpeech"], path: "Sources/CaretSpeech"),
        // The core's InputMethodService over the IBus shim.
        .target(name: "CaretIBus", dependencies: ["Caret", "CCaretIBus"], path: "Sources/CaretIBus"),
        // The only target that calls SDL: the window, drawing and text (CaretText), and no engine; an app
        // adds the engines it uses (`Application.Configuration.engines`).
        .target(name: "CaretSDL", dependencies: ["Caret", "CaretText", "CSDL2"], path: "Sources/CaretSDL"),
        // Headless window, synthetic input, virtual clock, test doubles and the soak, for Caret's
        // tests and apps': the core only, no SDL.
        .target(name: "CaretTesting", dependencies: ["Caret"], path: "Sources/CaretTesting"),
        // UIKit's names (`UIViewController`, …) for Caret's types, for code ported as written.
        .target(name: "CaretUIKit", dependencies: ["Caret", "CaretSDL"], path: "Sources/CaretUIKit"),
        // The SDL-backed test pieces: real-font headless canvas, golden images, SDL's event path.
        .target(name: "CaretSDLTesting", dependencies: ["Caret", "CaretSDL", "CaretTesting"], path: "Sources/CaretSDLTesting"),
        // The demo's screens, shared by the demo, the tests and the benchmarks (which build it from
        // a link to this folder: it is no product of the package).
        // The examples' own words per language, read at run time with Caret's LocalizedStrings.
        .target(name: "CaretExampleWords", dependencies: ["Caret"], path: "Examples/Words"),
        // The demo's screens; its words per language (Strings/) are read at run time, as the kiosk's.
        .target(name: "CaretDemoKit", dependencies: ["Caret", "CaretExampleWords"], path: "Examples/DemoKit", exclude: ["Strings"]),
        // The kiosk example's check-in flow (Caret alone), shared by caret-kiosk and the tests.
        // Its words per language (Strings/) are read at run time, as Caret reads its Assets.
        .target(name: "CaretKioskKit", dependencies: ["Caret", "CaretExampleWords"], path: "Examples/KioskKit", exclude: ["Strings"]),
        // The command-line options the demo and the kiosk share (accessibility).
        .target(
            name: "CaretExampleOptions",
            dependencies: [
                "CaretSDL", "CaretCompose", "CaretHandwriting", "CaretSpell", "CaretIBus", "CaretAccessibility", "CaretSpeech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Options"),
        .executableTarget(
            name: "CaretKiosk",
            dependencies: [
                "Caret", "CaretSDL", "CaretKioskKit", "CaretExampleOptions", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Kiosk",
            exclude: ["caret-kiosk.service"]
        ),
        // README's first app: Caret and CaretSDL alone, as an app that adds no engine builds it.
        .executableTarget(name: "CaretHello", dependencies: ["Caret", "CaretSDL"], path: "Examples/Hello"),
        // The demo's screens under the seeded soak, shared by caret-soak and the tests.
        .target(
            name: "CaretDemoSoak",
            dependencies: ["Caret", "CaretCompose", "CaretHandwriting", "CaretSpell", "CaretTesting", "CaretSDLTesting", "CaretDemoKit"],
            path: "Examples/DemoSoak"),
        .executableTarget(
            name: "CaretSoak",
            dependencies: [
                "Caret", "CaretTesting", "CaretSDLTesting", "CaretDemoSoak",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Soak"
        ),
        .executableTarget(
            name: "CaretDemo",
            dependencies: [
                // CaretTesting: the offscreen backend of --measure-frames and --screenshot.
                // CaretSpeech: --render-speech, the e2e speech check's expected phrases.
                "Caret", "CaretSDL", "CaretCompose", "CaretHandwriting", "CaretSpeech", "CaretTesting", "CaretDemoKit", "CaretExampleOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Demo"
        ),
        // Tests/ mirrors Sources/: the core's tests link no SDL.
        .testTarget(name: "CaretTests", dependencies: ["Caret", "CaretTesting"], path: "Tests/CaretTests"),
        // Shaping, fallback, rasterising and segmentation with the real libraries and fonts (no SDL).
        .testTarget(
            name: "CaretTextTests", dependencies: ["Caret", "CaretText", "CaretTesting"], path: "Tests/CaretTextTests",
            resources: [.copy("Resources")]),
        // The demo's screens driven as a user would, and soaked.
        .testTarget(
            name: "CaretDemoTests", dependencies: ["Caret", "CaretTesting", "CaretDemoKit", "CaretDemoSoak", "CaretKioskKit"],
            path: "Tests/CaretDemoTests"),
        // The on-screen keyboard's composition with the real engines (libhangul, librime, anthy).
        .testTarget(
            name: "CaretComposeTests", dependencies: ["Caret", "CaretCompose", "CaretTesting"], path: "Tests/CaretComposeTests"),
        // Handwriting recognition on seeded synthetic writing: the core's point-cloud recogniser
        // and zinnia (with a KanjiVG-derived fixture, CC BY-SA 3.0, in Resources).
        .testTarget(
            name: "CaretHandwritingTests", dependencies: ["Caret", "CaretHandwriting", "CaretTesting"], path: "Tests/CaretHandwritingTests",
            resources: [.copy("Resources")]),
        // TextChecker with the real Hunspell and Debian's dictionaries.
        .testTarget(name: "CaretSpellTests", dependencies: ["Caret", "CaretSpell", "CaretTesting"], path: "Tests/CaretSpellTests"),
        // UIKit-style app code against the public API only (no @_spi, no @testable).
        .testTarget(name: "CaretAPITests", dependencies: ["Caret", "CaretTesting"], path: "Tests/CaretAPITests"),
        // UIKit code in Swift 5 language mode (most UIKit apps): Caret's main-actor types are
        // `@preconcurrency`, as UIKit's come in, so a nonisolated deinit may touch them.
        .testTarget(
            name: "CaretSwift5PortTests", dependencies: ["Caret", "CaretTesting"], path: "Tests/CaretSwift5PortTests",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // UIKit code keeping UIKit's names through CaretUIKit (its own `ViewController` class included).
        .testTarget(
            name: "CaretUIKitPortTests", dependencies: ["CaretUIKit", "CaretTesting"], path: "Tests/CaretUIKitPortTests",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "CaretSDLTests",
            dependencies: [
                "Caret", "CaretSDL", "CaretText", "CaretIBus", "CaretCompose", "CaretSpell", "CaretSpeech", "CaretAccessibility", "CSDL2",
                "CaretTesting", "CaretSDLTesting", "CaretDemoKit",
                "CaretKioskKit",
            ],
            path: "Tests/CaretSDLTests",
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
