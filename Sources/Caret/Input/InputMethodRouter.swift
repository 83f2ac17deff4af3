/// Puts a system input method of the app's own (`InputMethodService`) between the hardware keys
/// and the views, so nothing it sends is lost: each key (with the text it typed) is offered to it
/// first; what it sends while handling the key (commits, preedit, keys it gives back) takes the
/// key's place in the stream, in the order it was sent, and a key it does not use goes on after
/// them. A key it gives back arrives as the key and its text, as if typed then. Secure and number
/// fields bypass it: they are never composed. The window runs every batch through it after the
/// `InputAssembler`. See docs/behaviour/changing-text.md.
@MainActor
final class InputMethodRouter {
    let service: InputMethodService
    /// Whether keys go straight to the views (a secure or number field, or no text input).
    private(set) var bypasses = true
    /// Whether the window has the system's focus.
    private var windowFocused = true
    /// Whether a text view or field takes input.
    private var textInputActive = false
    /// The keys offered lately with the text they typed, to give back a forwarded key as typed.
    private var offered: [(key: InputMethodKey, event: Key, text: String?)] = []
    /// A handled key went down at the end of a batch: its text, if it comes next, was the input method's.
    private var swallowsKeyText = false
    /// The last preedit, shown again by `showPreedit`.
    private var preedit: (text: String, cursor: Int)?

    init(service: InputMethodService) { self.service = service }

    /// Text input starts in a view with these traits.
    func textInputBegan(traits: TextTraits, isSecure: Bool) {
        let (purpose, hints) = Self.contentType(traits: traits, isSecure: isSecure)
        textInputActive = true
        bypasses = isSecure || [.digits, .number, .phone, .pin].contains(purpose)
        service.setContentType(purpose, hints: hints)
        updateFocus()
    }

    /// Text input stops.
    func textInputEnded() {
        textInputActive = false
        bypasses = true
        updateFocus()
    }

    private func updateFocus() { service.setFocused(textInputActive && windowFocused && !bypasses) }

    /// IBus's content purpose and hints for a view's traits.
    static func contentType(traits: TextTraits, isSecure: Bool) -> (InputMethodPurpose, InputMethodHints) {
        var hints: InputMethodHints = [.inhibitOSK]
        switch traits.autocapitalizationType {
        case .words: hints.insert(.uppercaseWords)
        case .sentences: hints.insert(.uppercaseSentences)
        case .allCharacters: hints.insert(.uppercaseChars)
        case .none: break
        }
        switch traits.spellCheckingType {
        case .no: hints.insert(.noSpellcheck)
        case .yes: hints.insert(.spellcheck)
        case .default: break
        }
        if isSecure { return (.password, hints.union([.private, .noSpellcheck])) }
        switch traits.textContentType {
        case .password?, .newPassword?: return (.password, hints.union(.private))
        case .oneTimeCode?: return (.pin, hints.union(.private))
        case .emailAddress?: return (.email, hints)
        case .URL?: return (.url, hints)
        case .telephoneNumber?: return (.phone, hints)
        case .name?: return (.name, hints)
        default: break
        }
        switch traits.keyboardType {
        case .numberPad, .asciiCapableNumberPad: return (.digits, hints)
        case .decimalPad, .numbersAndPunctuation: return (.number, hints)
        case .phonePad: return (.phone, hints)
        case .emailAddress: return (.email, hints)
        case .URL, .webSearch: return (.url, hints)
        case .namePhonePad: return (.name, hints)
        default: return (.freeForm, hints)
        }
    }

    /// A batch of assembled events with the input method's answers in place of the keys it used.
    func route(_ events: [InputEvent]) -> [InputEvent] {
        var result = drain()
        var index = 0
        if swallowsKeyText, case .textInput(_, .key)? = events.first { index = 1 }
        swallowsKeyText = false
        while index < events.count {
            let event = events[index]
            switch event {
            case let .key(key, isDown, _) where !bypasses && service.isConnected:
                var text: String?
                var end = index + 1
                if isDown, end < events.count, case let .textInput(typed, .key) = events[end] {
                    text = typed
                    end += 1
                }
                let offer = service.refine(InputMethodKey(key: key, text: text, isDown: isDown))
                if isDown {
                    offered.append((offer, key, text))
                    if offered.count > 16 { offered.removeFirst() }
                }
                let handled = service.process(offer)  // nil: no answer in time, typed as it came
                result += drain()
                if handled != true {
                    result += events[index..<end]
                } else if isDown, text == nil, end == events.count {
                    swallowsKeyText = true
                }
                index = end
            case let .focusChanged(focused):
                windowFocused = focused
                updateFocus()
                result.append(event)
                result += drain()
                index += 1
            default:
                result.append(event)
                index += 1
            }
        }
        return result
    }

    /// What the input method sent, as events.
    private func drain() -> [InputEvent] {
        var events: [InputEvent] = []
        for signal in service.takeSignals() {
            switch signal {
            case let .commit(text):
                // A preedit cleared just before its commit: the commit replaces it (one change).
                if case .textEditing("", _)? = events.last { events.removeLast() }
                preedit = nil
                events.append(.textInput(text, origin: .inputMethod))
            case let .preedit(text, cursor, visible):
                preedit = (text, cursor)
                events.append(visible ? Self.editing(text, cursor: cursor) : .textEditing("", selectedRange: nil))
            case .hidePreedit:
                events.append(.textEditing("", selectedRange: nil))
            case .showPreedit:
                if let preedit { events.append(Self.editing(preedit.text, cursor: preedit.cursor)) }
            case let .forwardKey(forwarded):
                let match = offered.last { $0.key.isSameKey(as: forwarded) }
                let key = match?.event ?? forwarded.key
                events.append(.key(key, isDown: forwarded.isDown, isRepeat: false))
                // The text the key typed when it was offered (none for Backspace), else its keysym's.
                let text = match.map { $0.text } ?? forwarded.key.characters.nilIfEmpty
                if forwarded.isDown, let text { events.append(.textInput(text, origin: .key)) }
            }
        }
        return events
    }

    /// A preedit with its cursor (in characters) as a UTF-16 range.
    private static func editing(_ text: String, cursor: Int) -> InputEvent {
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: max(0, min(cursor, scalars.count)))
        let offset = text.utf16.distance(from: text.utf16.startIndex, to: end.samePosition(in: text.utf16) ?? text.utf16.endIndex)
        return .textEditing(text, selectedRange: offset..<offset)
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
