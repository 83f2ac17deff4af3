// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Shows, hides and resizes a window's on-screen keyboard as the first responder changes, and
/// posts the keyboard notifications of docs/behaviour/keyboard-notifications.md in the order of docs/behaviour/focus-and-editing.md. One per window
/// (`Window.keyboard`): every keyboard notification goes through it.
@preconcurrency @MainActor
public final class KeyboardController {
    /// When the on-screen keyboard shows (the app's hardware-keyboard policy).
    public enum Policy: Hashable, Sendable {
        /// When editing starts by touch; a hardware key press hides it (the default).
        case onTouch
        /// Whenever a text input has focus (a kiosk with no hardware keyboard).
        case always
        /// Never (a desktop); an `inputView` still shows.
        case never
    }

    /// How long the keyboard's slide takes.
    public static let animationDuration = 0.25
    /// The duration the keyboard moves with now: none when the window prefers reduced motion.
    var duration: Double { window.prefersReducedMotion ? 0 : Self.animationDuration }
    /// The keyboard's own curve.
    public static let animationCurve = AnimationCurve.keyboard

    /// The window.
    public unowned let window: Window
    /// When the keyboard shows.
    public var policy = Policy.onTouch { didSet { presence.update() } }
    /// The languages the globe key offers, in order (identifiers of `Assets/Keyboards/languages`).
    public var languages = ["en", "de", "fr"] {
        didSet {
            // The layouts load now, so that a language left out is named in `problems` at once.
            guard let view = keyboardView else { return _ = loadIfNeeded() }
            let before = view.model.language
            // Only the offered languages' bundled files were read: the others come now (never into
            // layouts the app set itself, which offer what they hold).
            let missing = layoutsAreBundled ? languages.filter { view.model.layouts.languages[$0] == nil } : []
            if !missing.isEmpty, let more = try? KeyboardLayouts.bundled(languages: missing) {
                view.model.add(more)
                for problem in more.skipped where !problems.contains(problem) { problems.append(problem) }
            }
            view.model.setLanguages(usableLanguages(languages, in: view.model.layouts))
            words.prefetchLists(for: view.model.languages, in: view.model.layouts)
            view.setNeedsLayout()
            if view.model.language != before { languageDidChange() }
        }
    }
    /// A physical key height in millimetres (nil: sized from the window); with `pointsPerMillimetre`
    /// it gives the same finger-sized keys on a 7-inch and a 27-inch panel.
    public var physicalKeyHeight: Double? { didSet { presence.relayout() } }
    /// The display's density: points per millimetre (96 dpi by default).
    public var pointsPerMillimetre = 96.0 / 25.4 { didSet { presence.relayout() } }
    /// The locale of the decimal pad's separator (the app's number format); nil: the separator of
    /// the keyboard's language ("," for German, "." for English, "٫" for Arabic).
    public var locale: Locale?
    /// Where the guest's learned next words are kept between runs (nil: until quit or a kiosk reset).
    public var learnedWordsPath: String? {
        get { words.learned.path }
        set { words.learned.path = newValue }
    }
    /// Forgets the guest's learned next words, and empties `learnedWordsPath` (a kiosk's idle timeout does).
    public func forgetLearnedWords() {
        words.learned.forgetAll()
        emoji.forget()
        swipe.forgetTouchOffset()
        keyboardView?.refreshSuggestions()
    }
    /// The keyboard view, once the layouts loaded.
    public private(set) var keyboardView: KeyboardView?
    /// Why the keyboard could not be built (missing or broken layout files), if it could not.
    public private(set) var loadError: CaretError?
    /// Files left out while loading (a broken language or type file; a broken word list or bigram
    /// table once first read), each an error naming the file and the place in it, and languages
    /// left out (an engine the app did not add, named with its product); the keyboard works without them.
    public internal(set) var problems: [CaretError] = []
    /// Whether the layouts are Caret's own (read a language at a time), not ones the app set.
    private var layoutsAreBundled = true

    /// Whether it is up, where, and for whom: presence and the keyboard notifications.
    private(set) lazy var presence = KeyboardPresence(keyboard: self)
    /// The composition engines of the keyboard's languages, as a source of the input session.
    private(set) lazy var engines = KeyboardEngines(keyboard: self)
    /// Completions and autocorrection: the word lists, the corrections made and the words kept.
    private(set) lazy var words = KeyboardWords(keyboard: self)
    /// Swipe typing's decoders and the word a swipe put in last.
    private(set) lazy var swipe = KeyboardSwipe(keyboard: self)
    /// Whether letters keyboards have the emoji key (true; an app that takes no emoji turns it off).
    public var offersEmoji = true {
        didSet {
            guard offersEmoji != oldValue, let view = keyboardView else { return }
            let secure = (window.firstResponder as? TextInputTraits)?.isSecureTextEntry ?? false
            view.model.offersEmoji = offersEmoji && !secure && (try? BundledEmoji.catalog.get()) != nil
            if !offersEmoji { emoji.close() }
        }
    }
    /// The emoji panel, its search and the recent emoji.
    private(set) lazy var emoji = EmojiKeyboard(keyboard: self)
    /// The emoji panel while it is shown (what tests look at).
    @_spi(Testing) public var emojiPanelForTesting: EmojiPanelView? { emoji.panel }
    /// The emoji search typed so far, while the letters type it.
    @_spi(Testing) public var emojiSearchForTesting: String? { emoji.search }
    /// The sounds keys pressed on the screen make (off by default).
    public private(set) lazy var keySounds: KeySounds = {
        let sounds = KeySounds()
        sounds.window = window
        return sounds
    }()
    /// The last language each context identifier was typed in here (`textInputContextIdentifier`).
    var languageByContext: [String: String] = [:]

    /// Creates the controller of a window.
    init(window: Window) { self.window = window }

    /// Holds the accessory view and the keyboard (or input view), in the window's top layer.
    public var container: PassthroughView { presence.container }
    /// Whether the keyboard is up (or on its way up).
    public var isVisible: Bool { presence.isVisible }
    /// Whether the keyboard or an input view is up, not only an accessory at the window's bottom.
    var showsInput: Bool { presence.showsInput }
    /// Set while a key's output edits the client (the key's own refresh of the bar follows it).
    private var isPerformingOutput = false

    /// The focused text changed or its caret moved by other means than the keys (the clear button,
    /// a paste, a tap in the text, the app): the shift state and the bar follow it at once, so a
    /// word offered for the old text is never tapped into the new one.
    func clientTextDidChange() {
        guard !isPerformingOutput else { return }
        words.lastCorrection = nil  // Delete takes back a correction only straight after it
        guard presence.showsInput, let view = keyboardView, view.window != nil else { return }
        view.afterOutput()
    }

    /// The keyboard's frame in window coordinates (below the window when hidden), accessory included.
    public var frame: Rect { presence.frame }

    /// Runs `body` (a responder's focus change) and updates the keyboard once at its end, so that
    /// the keyboard's "will" notifications fall where docs/behaviour/focus-and-editing.md puts them.
    public func batchUpdates<T>(_ body: () -> T) -> T { presence.batchUpdates(body) }

    /// The first responder's input views or traits changed.
    public func reloadInputViews() { presence.update(force: true) }

    /// Uses other layouts (the app's own files) instead of the bundled ones.
    public func setLayouts(_ layouts: KeyboardLayouts, suggestions: SuggestionProvider? = nil) {
        layoutsAreBundled = false
        problems = layouts.skipped
        let view = KeyboardView(
            model: KeyboardModel(layouts: layouts, languages: usableLanguages(languages, in: layouts)), controller: self)
        if let suggestions { words.source = .provider(suggestions) }
        keyboardView?.removeFromSuperview()
        keyboardView = view
        engines.composers = [:]
        loadError = nil
        words.languageDidChange()
        presence.update()
    }

    /// Loads the bundled layouts now (otherwise the first time the keyboard shows; word lists after the next frame).
    /// With no usable layout it throws, and the keyboard stays away until layouts are set; files
    /// that could be left out are listed in `problems`.
    public func loadLayouts() throws(CaretError) {
        if keyboardView != nil { return }
        if let loadError { throw loadError }
        do throws(CaretError) {
            let layouts = try KeyboardLayouts.bundled(languages: languages)
            layoutsAreBundled = true
            problems = layouts.skipped
            let view = KeyboardView(
                model: KeyboardModel(layouts: layouts, languages: usableLanguages(languages, in: layouts)), controller: self)
            if case .none = words.source { words.source = .bundled }
            keyboardView = view
            words.prefetchLists(for: view.model.languages, in: layouts)
            words.languageDidChange()
        } catch {
            loadError = error
            throw error
        }
    }

    /// The keyboard view, its layouts loaded first if need be (nil if they cannot be).
    func loadIfNeeded() -> KeyboardView? {
        try? loadLayouts()
        return keyboardView
    }

    // MARK: Typing (called by the keyboard view)

    /// The client the keyboard types into: none while the first responder takes no keyboard
    /// input (read-only text), even as the keyboard slides away under a finger (soak seed
    /// 261610061: a key tapped on the hiding keyboard began a composition in read-only notes).
    var textClient: KeyInput? {
        guard let client = window.firstResponder as? KeyInput else { return nil }
        if let input = client as? TextInputClient, !input.acceptsKeyboardInput { return nil }
        return client
    }

    /// Carries out a key's output on the client, through its change path.
    func perform(_ output: KeyboardOutput) {
        guard let client = textClient else { return }
        if emoji.takes(output) { return }
        isPerformingOutput = true
        defer { isPerformingOutput = false }
        let plane = keyboardView?.model.plane ?? .letters
        switch output {
        case let .insert(text):
            swipe.forget()
            if engines.compose(text == " " ? .space : .text(text), plane: plane) { return }
            if words.applyCorrection(before: text, to: client) { return }
            words.lastCorrection = nil
            type(text, into: client)
        case .deleteBackward:
            if engines.compose(.backspace, plane: plane) { return }
            if swipe.removeSwipedWord(in: client) { return }
            if words.revertCorrection(in: client) { return }
            client.deleteBackward()
        case .return:
            swipe.forget()
            if engines.compose(.return, plane: plane) { return }
            _ = words.applyCorrection(before: "", to: client)
            words.lastCorrection = nil
            type("\n", into: client)
        case .dismiss: _ = (window.firstResponder as? View)?.resignFirstResponder()
        }
    }

    /// A key's text, through the focused client's input session (it goes after an open composition).
    func type(_ text: String, into client: KeyInput) {
        if let session = window.inputSession, session.client === client {
            session.insertText(text, origin: .onScreenKeyboard)
        } else {
            client.insertText(text)
        }
    }
}
