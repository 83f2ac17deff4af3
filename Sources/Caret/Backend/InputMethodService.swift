// SPDX-License-Identifier: Apache-2.0
/// A system input method the app talks to itself (IBus over D-Bus), where the platform layer
/// would lose some of what it sends: it sees each hardware key before the views and answers with
/// commits, a preedit and the keys it gives back, in order (`InputMethodRouter` turns that into
/// events). See docs/behaviour/changing-text.md.
@preconcurrency @MainActor
public protocol InputMethodService: AnyObject {
    /// Whether the input method is reachable.
    var isConnected: Bool { get }
    /// Offers a key; whether the input method used it, or nil when it did not answer in time: its
    /// answer then comes later as `.keyAnswered` (after what it sends for the key), and until
    /// then the key and the keys after it wait, so that nothing is typed twice or out of order.
    func process(_ key: InputMethodKey) -> Bool?
    /// Tells the input method that text input starts (true) or stops in the focused window.
    func setFocused(_ focused: Bool)
    /// Makes the input method drop its composition (the view committed or cancelled it itself).
    func reset()
    /// Where the caret is, in window points, so its candidate window sits beside it.
    func setCursorRect(_ rect: Rect)
    /// What the focused text is (a password, a number, an address), so it composes only what fits.
    func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints)
    /// What the input method sent since the last call, in the order it sent it.
    func takeSignals() -> [InputMethodSignal]
    /// The key with what the platform knows better (the layout's keysym of a key that typed no
    /// text, such as Hangul on Right Alt in Korean layouts); the key itself if nothing.
    func refine(_ key: InputMethodKey) -> InputMethodKey
    /// The key offered last has waited too long for its answer (the input method hangs): it goes
    /// on as typed, so the input method must forget it and never send what it would have sent for
    /// it (a client of its own drops its input context and makes a new one).
    func abandonKey()
    /// How many times the connection was made anew (the daemon restarted): what an earlier one
    /// was composing is gone from the input method.
    var reconnections: Int { get }
}

extension InputMethodService {
    /// A connection that is never made anew.
    public var reconnections: Int { 0 }
    /// Nothing better known.
    public func refine(_ key: InputMethodKey) -> InputMethodKey { key }
    /// Forgets the composition (an input method whose answers never come late needs no more).
    public func abandonKey() { reset() }
}

/// One thing an input method sends back.
public enum InputMethodSignal: Equatable, Sendable {
    /// Text to insert (replacing the preedit, if any).
    case commit(String)
    /// The preedit and where its cursor is, in characters; hidden when `visible` is false.
    case preedit(String, cursor: Int, visible: Bool)
    /// Hides the preedit.
    case hidePreedit
    /// Shows the last preedit again.
    case showPreedit
    /// A key the input method does not use, given back to the app to act on.
    case forwardKey(InputMethodKey)
    /// The late answer to the key `process` gave none for in time: whether it used it.
    case keyAnswered(handled: Bool)
}

/// A key as input methods name it: an X keysym, a Linux keycode and a modifier state.
public struct InputMethodKey: Hashable, Sendable {
    /// The X keysym (layout-dependent: "a", "A", Return, Hangul).
    public var keysym: UInt32
    /// The Linux (evdev) keycode of the physical key.
    public var keycode: UInt32
    /// The modifier mask (Shift 1, Lock 2, Control 4, Mod1 8, Mod4 64, release 1 << 30).
    public var state: UInt32

    /// Creates a key.
    public init(keysym: UInt32, keycode: UInt32, state: UInt32) {
        self.keysym = keysym
        self.keycode = keycode
        self.state = state
    }
}

/// What a field holds, as IBus and Fcitx name it (GTK's input purposes).
public enum InputMethodPurpose: UInt32, Sendable {
    /// Free text.
    case freeForm = 0
    /// Letters only.
    case alpha = 1
    /// Digits only.
    case digits = 2
    /// A number.
    case number = 3
    /// A telephone number.
    case phone = 4
    /// A web address.
    case url = 5
    /// An e-mail address.
    case email = 6
    /// A person's name.
    case name = 7
    /// A password.
    case password = 8
    /// A PIN.
    case pin = 9
}

/// How a field's text behaves, as IBus and Fcitx name it (GTK's input hints).
public struct InputMethodHints: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Creates hints.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Check spelling.
    public static let spellcheck = InputMethodHints(rawValue: 1 << 0)
    /// Do not check spelling.
    public static let noSpellcheck = InputMethodHints(rawValue: 1 << 1)
    /// Offer word completions.
    public static let wordCompletion = InputMethodHints(rawValue: 1 << 2)
    /// Capitalise every letter.
    public static let uppercaseChars = InputMethodHints(rawValue: 1 << 4)
    /// Capitalise each word.
    public static let uppercaseWords = InputMethodHints(rawValue: 1 << 5)
    /// Capitalise each sentence.
    public static let uppercaseSentences = InputMethodHints(rawValue: 1 << 6)
    /// The app draws its own keyboard: no on-screen keyboard of the system's.
    public static let inhibitOSK = InputMethodHints(rawValue: 1 << 7)
    /// Keep nothing of what is typed (a password).
    public static let `private` = InputMethodHints(rawValue: 1 << 11)
}
