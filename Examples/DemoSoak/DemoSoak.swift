// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretCompose
import CaretDemoKit
import CaretHandwriting
import CaretSDLTesting
import CaretSpell
import CaretTesting
import Foundation

/// The demo's screens under the soak: the form (it reaches the kiosk and notes screens and the
/// dialog through its buttons), the kiosk screen and the notes screen, each at a window size,
/// with the demo's own invariant that no secure text reaches its trace or its live panel.
@MainActor
public enum DemoSoak {
    /// The screens a run can start on (the form in a table and the chat added last, so that the
    /// older screens' explicit runs replay as before).
    public static let screens = ["form", "kiosk", "notes", "table", "chat"]
    /// The window sizes runs start at (landscape desktop and kiosk, portrait panels).
    public static let sizes = [
        Size(width: 1024, height: 700), Size(width: 800, height: 480), Size(width: 483, height: 986),
    ]

    /// The keyboard's languages in a world run: the composing ones (Korean, Chinese, Japanese
    /// with their real engines) among others, so the globe key and the language list reach them.
    public static let worldLanguages = ["ko", "zh-pinyin", "ja", "en", "zh-zhuyin", "ja-kana", "zh-cangjie", "ar", "hi"]
    /// With `transliteration`, the world's languages and libm17n's methods after them (added at
    /// the end, so that the world runs' seeds and logs replay as before).
    public static let transliterationLanguages = worldLanguages + ["vi-telex", "hi-itrans", "ml-swanalekha", "vi-vni"]
    /// With `handwriting`: the writing pads (Latin by Caret's recogniser, Japanese and Chinese by
    /// zinnia) beside two keyboards that swipe, so the language list reaches every one.
    public static let handwritingLanguages = ["en", "hw-latin", "ja-handwriting", "de", "zh-handwriting", "hw-cyrillic"]

    /// Before the process exits: waits while the engines' background preparation is inside
    /// librime (an exit tears librime down under it), as the SDL app's run loop does when it ends.
    public static func waitForEngineCalls() { SystemTextComposers.waitForLibraryCalls() }

    /// Hunspell's dictionaries, as the SDL app has them (opened once for every run).
    static let hunspell = HunspellDictionaries()

    /// A soak of a demo screen at a size; `fonts` picks the fixed-advance font (fast, no SDL
    /// drawing) or the bundled fonts through SDL's software renderer; `world` types with the
    /// on-screen keyboard in `worldLanguages` (their engines' learning in a temporary directory).
    /// `dictionaries` checks spelling and autocorrects with Hunspell's dictionaries, as the SDL
    /// app does (words learned go to a temporary file). `ibus` gives the window a system input
    /// method of its own, played as IBus (`SoakInputMethod`, through Caret's client path), that
    /// composes the words typed on hardware keys. `transliteration` adds libm17n's methods to a
    /// world run's languages; `handwriting` offers the writing pads (`handwritingLanguages`).
    public static func make(
        screen: String, size: Size, fonts: HeadlessWindow.Fonts = .fixedAdvance(ratio: 0.5), world: Bool = false, dictionaries: Bool = false,
        ibus: Bool = false, transliteration: Bool = false, handwriting: Bool = false, appearanceSection: Bool = true
    ) -> Soak {
        if dictionaries { TextChecker.learnedWordsPath = NSTemporaryDirectory() + "caret-soak-learned-\(getpid()).txt" }
        var traced: [FieldTracer.Event] = []
        var form: FormScreen?
        let soak = Soak(checks: []) {
            traced.removeAll()
            let host = try HeadlessWindow(
                size: size, fonts: fonts, inputMethod: ibus ? SoakInputMethod(seed: 43) : nil, spelling: dictionaries ? hunspell : nil)
            // No language button: the logs recorded before it replay as recorded (a Tab from the
            // start reaches the name field), and a new language makes a new form in the window,
            // not the one the soak's oracle follows.
            let root = FormScreen(locale: Locale(identifier: "en_US"), appearanceSection: appearanceSection, languageChoice: false)
            root.onTrace = { traced.append($0) }
            host.rootView = root
            if world {
                // One directory for every run (librime deploys into it once); nothing learned carries
                // over, so a seed replays the same way.
                host.backend.textComposers = SystemTextComposers(
                    stateDirectory: NSTemporaryDirectory() + "caret-soak-engines", forgettingLearning: true)
                host.window.keyboard.languages = transliteration ? transliterationLanguages : worldLanguages
            }
            if handwriting {
                host.backend.handwritingRecognizers = SystemHandwritingRecognizers()
                host.window.keyboard.languages = handwritingLanguages
            }
            host.layout()
            switch screen {
            case "kiosk": root.showKiosk()
            case "notes": root.showNotes()
            case "table": root.showTableForm()
            case "chat": root.showChat()
            default: break
            }
            form = root
            return host
        }
        soak.rawTextEvents = SoakPlatform.textInputEvents  // invalid UTF-8 goes through SDL's translation
        soak.systemInputMethodComposes = ibus
        soak.checks = [
            { window in
                defer { traced.removeAll() }
                guard let form else { return [] }
                return secureTextProblems(form: form, traced: traced)
            }
        ]
        return soak
    }

    /// What the trace and the live panel say about a secure field never holds its text: its
    /// replacements show as "•", and its text (three characters or more) is in none of its events.
    static func secureTextProblems(form: FormScreen, traced: [FieldTracer.Event]) -> [String] {
        var secure: [(String, TextField)] = form.fields.filter { $0.value.isSecureTextEntry }.map { ($0.key, $0.value) }
        if let kiosk = form.kiosk { secure += kiosk.fields.filter { $0.value.isSecureTextEntry }.map { ($0.key, $0.value) } }
        var problems: [String] = []
        for (name, field) in secure where (field.text ?? "").utf16.count <= 4_096 {  // longer text is in no event
            let text = field.text ?? ""
            for event in traced where event.field == name {
                for (key, value) in event.details where key == "replacement" && value != "•" {
                    problems.append("the trace shows \(name)'s replacement \(value.debugDescription)")
                }
                if text.count >= 3, event.details.values.contains(where: { $0.contains(text) }) {
                    problems.append("the trace shows the text of secure field \(name)")
                }
            }
            let panelLines = (form.eventLog.text ?? "").split(separator: "\n").filter {
                $0.split(separator: " ").dropFirst().first == Substring(name)
            }
            // The values are what could leak: the quoted parts (a password "ter" is in the event
            // name "shouldChangeCharacters", which says nothing of it).
            let panelValues = panelLines.flatMap {
                $0.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            }
            if text.count >= 3, panelValues.contains(where: { $0.contains(text) }) {
                problems.append("the live panel shows the text of secure field \(name)")
            }
        }
        return problems
    }
}
