// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretCompose
import CaretSpeech
import CaretSpell
import Foundation
import Testing

@testable import CaretAccessibility
@testable import CaretIBus
@testable import CaretSDL

/// An app adds the engines it uses to its `Application` (issue 42, docs/behaviour/engines.md):
/// what it does not add is not there, and what it adds is.
@Suite(.serialized) @MainActor
struct EngineChoiceTests {
    private func open(_ engines: [PlatformEngine]) throws -> Application {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        return try Application(configuration: .init(title: "Caret engines", size: Size(width: 320, height: 240), vsync: false, engines: engines))
    }

    /// Without `.composition` Korean is left out of the keyboard, and the reason names the engine;
    /// with it Korean is offered, composed by libhangul.
    @Test func composingLanguagesNeedTheCompositionEngine() throws {
        do {
            let app = try open([])
            defer { app.close() }
            #expect(app.backend.textComposers == nil)
            app.window.keyboard.languages = ["en", "ko"]
            try app.window.keyboard.loadLayouts()
            #expect(app.window.keyboard.inputModes.map(\.primaryLanguage) == ["en-US"])
            #expect(
                app.window.keyboard.problems.contains {
                    "\($0)".hasPrefix("Korean (ko) needs the composition engine") && "\($0)".contains("CaretCompose")
                })
        }
        let app = try open([.composition])
        defer { app.close() }
        #expect(app.backend.textComposers is SystemTextComposers)
        app.window.keyboard.languages = ["en", "ko"]
        try app.window.keyboard.loadLayouts()
        #expect(app.window.keyboard.inputModes.count == 2)
        #expect(app.window.keyboard.problems.isEmpty)
    }

    /// `.spelling` gives the window Hunspell's dictionaries; without it the window has none
    /// (nothing is checked); an app may set its own on the window.
    @Test func spellingNeedsTheSpellingEngine() throws {
        do {
            let app = try open([])
            defer { app.close() }
            #expect(app.window.spellingDictionaries == nil)
            #expect(app.backend.spellingDictionaries == nil)
        }
        let app = try open([.spelling])
        defer { app.close() }
        #expect(app.window.spellingDictionaries is HunspellDictionaries)
        #expect(TextChecker().spellingDictionaries === app.window.spellingDictionaries)
        let own = HunspellDictionaries(folders: [], systemFolders: [])
        app.window.spellingDictionaries = own
        #expect(app.window.spellingDictionaries === own)
        #expect(TextChecker().spellingDictionaries === own)
    }

    /// The spoken mode has a voice only with `.speech`.
    @Test func theSpokenModeNeedsTheSpeechEngine() throws {
        var options = AccessibilityOptions()
        options.spoken = true
        do {
            let app = try open([])
            defer { app.close() }
            try app.apply(options)
            #expect(app.window.spokenMode == nil)
        }
        let app = try open([.speech])
        defer { app.close() }
        try app.apply(options)
        #expect(app.window.spokenMode != nil)
    }

    /// The accessibility bus is linked only with `.accessibilityBus`.
    @Test func theAccessibilityBusNeedsItsEngine() throws {
        do {
            let app = try open([])
            defer { app.close() }
            #expect(app.accessibilityLink == nil)
        }
        let app = try open([.accessibilityBus])
        defer { app.close() }
        #expect(app.accessibilityLink is AccessibilityLink)
    }

    /// Caret's input-method client is asked to connect only when the app added `.inputMethod`, on
    /// X11, and `CARET_IBUS` is not 0 (Fcitx chosen too: the engine then makes Fcitx's client).
    @Test func theInputMethodClientIsTriedOnlyWhenAddedAndWhereItApplies() {
        var asked: [[String: String]] = []
        let connect: ([String: String]) -> PlatformInputMethod? = { environment in
            asked.append(environment)
            return nil
        }
        let x11 = ["DISPLAY": ":7"]
        _ = Application.makeInputMethod(nil, environment: x11, sdlLeavesInputMethods: true)
        #expect(asked.isEmpty)
        _ = Application.makeInputMethod(connect, environment: x11, sdlLeavesInputMethods: true)
        #expect(asked == [x11])
        let fcitx = ["DISPLAY": ":7", "XMODIFIERS": "@im=fcitx"]
        _ = Application.makeInputMethod(connect, environment: fcitx, sdlLeavesInputMethods: true)
        #expect(asked == [x11, fcitx])
        for environment in [["DISPLAY": ":7", "CARET_IBUS": "0"], ["DISPLAY": ":7", "SDL_VIDEODRIVER": "wayland"], [:]] {
            _ = Application.makeInputMethod(connect, environment: environment, sdlLeavesInputMethods: true)
        }
        _ = Application.makeInputMethod(connect, environment: x11, sdlLeavesInputMethods: false)
        #expect(asked.count == 2)
    }

    /// The engines' products are found by name (`.composition`...) and named as diagnostics say them.
    @Test func everyEngineHasItsName() {
        let engines: [PlatformEngine] = [.composition, .spelling, .inputMethod, .accessibilityBus, .speech]
        #expect(engines.map(\.name) == ["composition", "spelling", "input method", "accessibility bus", "speech"])
    }

    /// `CARET_FIRST_FRAME=PATH.png`: the first turn draws one frame, saves it, and quits.
    @Test func theFirstFrameRequestDrawsSavesAndQuits() throws {
        #expect(Application.firstFrameRequest(environment: ["CARET_FIRST_FRAME": ""]) == nil)
        #expect(Application.firstFrameRequest(environment: ["CARET_FIRST_FRAME": "1"]) == "1")
        let app = try open([])
        defer { app.close() }
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        let root = View()
        root.addSubview(field)
        app.window.rootView = root
        field.becomeFirstResponder()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("caret-first-frame-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.firstFrameRequest = path
        let frames = app.statistics.frames
        app.runOnce()
        #expect(app.stopReason == .quit)
        #expect(app.statistics.frames == frames + 1)
        #expect(app.firstFrameRequest == nil)
        let image = try Image(contentsOfFile: path)
        #expect(image.pixelWidth == app.pixelSize.width && image.pixelHeight == app.pixelSize.height)
        #expect(Application.sharedLibrariesLoaded().contains { $0.hasPrefix("libSDL2-2.0.so") })
    }
}

/// Fcitx 5 hears what a field is, as its capability bits (fcitx-utils' CapabilityFlag).
@Suite @MainActor
struct FcitxCapabilityTests {
    @Test func eachPurposeSetsFcitxsOwnBits() {
        let bit = { (n: UInt64) in UInt64(1) << n }
        #expect(FcitxInputMethod.capability(purpose: .password, hints: []) == bit(3) | bit(36))
        #expect(FcitxInputMethod.capability(purpose: .phone, hints: []) == bit(13))
        #expect(FcitxInputMethod.capability(purpose: .digits, hints: []) == bit(8))
        #expect(FcitxInputMethod.capability(purpose: .number, hints: []) == bit(14))
        #expect(FcitxInputMethod.capability(purpose: .email, hints: [.noSpellcheck]) == bit(7) | bit(17))
        #expect(FcitxInputMethod.capability(purpose: .freeForm, hints: [.inhibitOSK, .uppercaseSentences]) == bit(15) | bit(20))
    }
}
