// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The state of the on-screen keyboard as a value (ARCHITECTURE.md: the keyboard is data plus a
/// client protocol): layout type, language, plane and shift, and what each key produces. It
/// knows nothing of views; `KeyboardView` draws its `rows` and feeds it presses.
@_spi(Testing) public struct KeyboardModel: Sendable {
    /// Shift: off, on for the next letter, or caps lock.
    public enum ShiftState: Hashable, Sendable {
        /// Lower case.
        case off
        /// Upper case for one letter.
        case once
        /// Caps lock.
        case locked
    }

    /// The layouts the keyboard draws from.
    public private(set) var layouts: KeyboardLayouts
    /// The languages the globe key cycles through, in order (identifiers with a layout).
    public private(set) var languages: [String] { didSet { if languages.count != oldValue.count { remakeRows() } } }
    /// The language shown.
    public private(set) var language: String { didSet { if language != oldValue { remakeRows() } } }
    /// The keyboard type shown.
    public private(set) var type: KeyboardType = .default { didSet { if type != oldValue { remakeRows() } } }
    /// The plane shown (letters, numbers, symbols, or a pad's digits).
    public private(set) var plane = KeyboardPlane.letters { didSet { if plane != oldValue { remakeRows() } } }
    /// The shift state.
    public private(set) var shift = ShiftState.off { didSet { if shift != oldValue { remakeRows() } } }
    /// How the keyboard capitalises by itself (ignored on pads).
    public var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// The return key's word.
    public var returnKeyType: ReturnKeyType = .default { didSet { if returnKeyType != oldValue { remakeRows() } } }
    /// Whether the return key is disabled while the text is empty.
    public var enablesReturnKeyAutomatically = false { didSet { if enablesReturnKeyAutomatically != oldValue { remakeRows() } } }
    /// Whether the emoji key shows (not for secure text, nor where no emoji data is installed).
    public var offersEmoji = false { didSet { if offersEmoji != oldValue { remakeRows() } } }
    /// Whether the client has text (for the return key).
    public var hasText = false { didSet { if hasText != oldValue { remakeRows() } } }
    /// The decimal pad's separator set by the app (its number format's locale); nil: the
    /// separator of the language shown.
    public var decimalSeparator: String? { didSet { if decimalSeparator != oldValue { remakeRows() } } }
    /// The separator the decimal key types now.
    public var effectiveDecimalSeparator: String { decimalSeparator ?? languageLayout?.decimalSeparator ?? "." }
    /// What the language's engine is doing, for the space and return keys' labels.
    public enum CompositionPhase: Hashable, Sendable {
        /// Nothing composed.
        case none
        /// A reading is composed.
        case reading
        /// A clause is being converted.
        case converting
    }
    /// What the engine of the language shown is doing.
    public var compositionPhase = CompositionPhase.none { didSet { if compositionPhase != oldValue { remakeRows() } } }
    /// Taps on shift closer together than this lock caps.
    public var doubleTapInterval = 0.35

    private var lastShiftTap: Double?
    private var shiftIsAutomatic = false

    /// Creates a keyboard offering languages (those with a layout, in the order given; at least one).
    public init(layouts: KeyboardLayouts, languages: [String]) {
        self.layouts = layouts
        let known = languages.filter { layouts.languages[$0] != nil }
        self.languages = known.isEmpty ? [layouts.languages.keys.sorted().first ?? "en"] : known
        language = self.languages[0]
        remakeRows()
    }

    /// Adds layouts loaded after the keyboard was made (languages offered later).
    mutating func add(_ more: KeyboardLayouts) { layouts.add(more) }

    /// Offers other languages; the one shown stays if still offered.
    public mutating func setLanguages(_ identifiers: [String]) {
        let known = identifiers.filter { layouts.languages[$0] != nil }
        guard !known.isEmpty else { return }
        languages = known
        if !known.contains(language) { language = known[0] }
    }

    /// Shows one of the offered languages (nothing happens for one not offered).
    public mutating func show(language identifier: String) {
        if languages.contains(identifier) { language = identifier }
    }

    private var typeLayout: KeyboardTypeLayout? { layouts.types[type] }
    /// The language whose keys show: an ASCII-only type (asciiCapable, for passwords and codes)
    /// shows English letters instead of those of a language not written in Latin letters (Arabic,
    /// Greek, Korean ...), whose keys it would otherwise leave out.
    /// A language that composes (Japanese and Chinese on Latin keys) shows English letters too.
    /// The language of Caret's words on the keys (the return key's label), as on iOS: the keyboard's own.
    var wordsLanguage: String { Localization.resolve([layouts.languages[language]?.locale ?? language]) }

    private var languageLayout: KeyboardLanguage? {
        let chosen = layouts.languages[language]
        if typeLayout?.asciiOnly == true, let chosen, !Self.writesLatin(chosen) || chosen.composition != nil,
            let latin = layouts.languages["en"]
        {
            return latin
        }
        return chosen
    }

    /// The engine the keys go through: the language's, none for an ASCII-only type (a booking
    /// code typed with the Japanese keyboard shown gets plain capitals, never kana).
    public var composition: KeyboardComposition? {
        typeLayout?.asciiOnly == true ? nil : layouts.languages[language]?.composition
    }

    /// The handwriting model of the language shown, on its letters plane (nil: keys), and never
    /// for an ASCII-only type.
    public var handwritingModel: String? {
        guard plane == .letters, typeLayout?.asciiOnly != true, typeLayout?.planes?[plane] == nil else { return nil }
        return layouts.languages[language]?.handwriting
    }

    /// Whether most of a language's letter keys are ASCII.
    private static func writesLatin(_ language: KeyboardLanguage) -> Bool {
        let letters = language.letters.joined().filter { !$0.hasPrefix("{") || $0.count < 3 }
        return letters.filter { $0.unicodeScalars.allSatisfy(\.isASCII) }.count * 2 > letters.count
    }

    /// Whether the language shown is written right to left.
    public var isRightToLeft: Bool { languageLayout?.rightToLeft ?? false }

    /// Whether the keyboard is a pad showing its own plane (no letters, no capitals).
    public var isShowingPad: Bool { typeLayout?.base == .pad && typeLayout?.planes?[plane] != nil }

    /// Switches to a keyboard type, at its first plane with shift from the autocapitalisation
    /// for `contextBeforeCaret`.
    public mutating func configure(type: KeyboardType, contextBeforeCaret: String) {
        self.type = type
        plane = typeLayout?.startPlane ?? (typeLayout?.base == .pad ? .digits : .letters)
        shift = .off
        shiftIsAutomatic = false
        lastShiftTap = nil
        updateAutomaticShift(contextBeforeCaret: contextBeforeCaret)
    }

    // MARK: Rows

    /// The keys shown now, row by row (made again only when what they show changes: a tap reads
    /// them many times).
    public private(set) var rows: [[KeyboardKey]] = []

    private mutating func remakeRows() { rows = makeRows() }

    private func makeRows() -> [[KeyboardKey]] {
        guard let typeLayout else { return [] }
        let asciiOnly = typeLayout.asciiOnly ?? false
        var source: [[String]]
        if let pad = typeLayout.planes?[plane] {
            source = pad
        } else {
            guard let languageLayout else { return [] }
            switch plane {
            case .numbers: source = languageLayout.numbers
            case .symbols: source = languageLayout.symbols
            case .letters, .digits: source = languageLayout.letters
            }
            source.append(typeLayout.bottomRow ?? ["{more}", "{globe}", "{emoji}", "{space}", "{return}", "{dismiss}"])
        }
        return source.map { row in
            row.compactMap { token -> KeyboardKey? in
                guard let (action, width) = KeyboardKeyAction.parse(token) else { return nil }
                if asciiOnly, case let .text(text) = action, !text.unicodeScalars.allSatisfy(\.isASCII) { return nil }
                if action == .globe && languages.count < 2 { return nil }
                if action == .emoji && !offersEmoji { return nil }
                return key(action, width: width, asciiOnly: asciiOnly)
            }
        }
    }

    private func key(_ action: KeyboardKeyAction, width: Double?, asciiOnly: Bool) -> KeyboardKey {
        let pad = isShowingPad
        var key = KeyboardKey(action: action, label: "", width: width ?? 1, isEnabled: true, alternates: [])
        switch action {
        case let .text(text):
            key.label = cased(text)
            if text.count > 1 { key.width = width ?? 1.5 }
            if let shown = languageLayout?.labels?[text] {
                key.label = shown
                key.width = width ?? 1.5
            }
            if !asciiOnly, !pad, let alternates = languageLayout?.alternates[text] {
                key.alternates = [key.label] + alternates.map { cased(String($0)) }
            }
        case .shift:
            key.label = shift == .locked ? "\u{21EA}" : "\u{21E7}"
            key.width = width ?? 1.5
        case .backspace:
            key.label = "\u{232B}"
            if !pad { key.width = width ?? 1.5 }
        case .space:
            let composition = languageLayout?.composition
            let phaseLabel =
                compositionPhase == .reading
                ? composition?.convertLabel
                : compositionPhase == .converting ? composition?.nextCandidateLabel : nil
            // The shown layout's own word, unless it stands in for the chosen language (Latin letters for a code).
            let space = languageLayout?.identifier == language ? languageLayout?.space : nil
            key.label = phaseLabel ?? space ?? KeyWord.space.text(wordsLanguage)
            key.width = width
        case .return:
            key.label = (compositionPhase == .none ? nil : languageLayout?.composition?.confirmLabel) ?? returnKeyType.title(in: wordsLanguage)
            key.isEnabled = !(enablesReturnKeyAutomatically && !hasText)
            if !pad { key.width = width ?? 2 }
        case .globe:
            key.label = languageLayout?.shortName ?? "🌐"
            key.width = width ?? 1.2
        case .dismiss:
            key.label = "\u{2328}"
            if !pad { key.width = width ?? 1.3 }
        case .more:
            key.label = plane == .letters ? "123" : (languageLayout?.lettersLabel ?? "ABC")
            key.width = width ?? 1.5
        case .numbers:
            key.label = "123"
            key.width = width ?? 1.5
        case .symbols:
            key.label = "#+="
            key.width = width ?? 1.5
        case .letters:
            key.label = "ABC"
            if !pad { key.width = width ?? 1.5 }
        case .phone:
            key.label = "123"
            key.width = width ?? 1.5
        case .decimal:
            key.label = effectiveDecimalSeparator
        case .blank:
            key.isEnabled = false
        case .emoji:
            key.label = "\u{263A}\u{FE0F}"
            key.width = width ?? 1.2
        }
        return key
    }

    /// Text as the shift state types it: the language's own shifted key where it names one
    /// (Turkish i → İ, InScript's second layer), else its capital (one that is longer, like ß's,
    /// is not typed); a caseless script's keys stay.
    private func cased(_ text: String) -> String {
        guard shift != .off, plane == .letters, !isShowingPad, text.count == 1 else { return text }
        if let shifted = languageLayout?.shifted?[text] { return shifted }
        if languageLayout?.caseless == true { return text }
        let upper = text.uppercased()
        return upper.count == text.count ? upper : text
    }

    // MARK: Presses

    /// Presses a key at a time (seconds, for the shift double tap); returns what the text should do.
    @_spi(Testing) public mutating func press(_ action: KeyboardKeyAction, at time: Double = 0) -> KeyboardOutput? {
        switch action {
        case let .text(text):
            let typed = cased(text)
            letterTyped()
            return .insert(typed)
        case .space:
            if plane == .numbers || plane == .symbols { plane = .letters }  // back to letters after a word
            return .insert(" ")
        case .decimal:
            return .insert(effectiveDecimalSeparator)
        case .backspace:
            return .deleteBackward
        case .return:
            guard !(enablesReturnKeyAutomatically && !hasText) else { return nil }
            if plane == .numbers || plane == .symbols { plane = .letters }
            return .return
        case .dismiss:
            return .dismiss
        case .shift:
            if let last = lastShiftTap, time - last < doubleTapInterval, shift != .locked {
                shift = .locked
                lastShiftTap = nil
            } else {
                shift = shift == .off ? .once : .off
                lastShiftTap = time
            }
            shiftIsAutomatic = false
            return nil
        case .globe:
            if let index = languages.firstIndex(of: language) { language = languages[(index + 1) % languages.count] }
            return nil
        case .more:
            plane = plane == .letters ? .numbers : .letters
            return nil
        case .numbers:
            plane = .numbers
            return nil
        case .symbols:
            plane = .symbols
            return nil
        case .letters:
            plane = .letters
            return nil
        case .phone:
            plane = .digits
            return nil
        case .blank, .emoji:  // the emoji panel is the view's (KeyboardView+Emoji.swift)
            return nil
        }
    }

    /// The result of pressing a key, without changing this value.
    @_spi(Testing) public func pressing(_ action: KeyboardKeyAction, at time: Double = 0) -> (model: KeyboardModel, output: KeyboardOutput?) {
        var next = self
        let output = next.press(action, at: time)
        return (next, output)
    }

    /// A letter was typed some other way (an alternate): a one-letter shift ends.
    public mutating func letterTyped() {
        if shift == .once { shift = .off }
        shiftIsAutomatic = false
    }

    /// Turns shift on or off by itself from the text before the caret and the
    /// autocapitalisation type; a shift the user set stays until a letter is typed.
    public mutating func updateAutomaticShift(contextBeforeCaret context: String) {
        guard shift != .locked, !isShowingPad, shift == .off || shiftIsAutomatic else { return }
        let wanted: Bool
        // A script without case has no capitals to give: its shift is another layer (Korean's
        // double consonants, InScript's, Kedmanee's), never chosen by itself.
        // A transliteration whose capitals are other letters (ITRANS) is never shifted by itself either.
        if languageLayout?.caseless == true || languageLayout?.shiftsAutomatically == false {
            shift = .off
            shiftIsAutomatic = false
            return
        }
        switch autocapitalizationType {
        case .none: wanted = false
        case .allCharacters: wanted = true
        case .words: wanted = context.isEmpty || context.last!.isWhitespace
        case .sentences:
            let trimmed = context.reversed().drop { $0 == " " }
            wanted =
                context.last == "\n" || trimmed.isEmpty
                || (context.last == " " && ".!?".contains(trimmed.first!))
        }
        shift = wanted ? .once : .off
        shiftIsAutomatic = wanted
    }
}
