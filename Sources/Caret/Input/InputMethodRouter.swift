// SPDX-License-Identifier: Apache-2.0
/// Puts a system input method of the app's own (`InputMethodService`) between the hardware keys
/// and the views, so nothing it sends is lost: each key (with the text it typed) is offered to it
/// first; what it sends while handling the key (commits, preedit, keys it gives back) takes the
/// key's place in the stream, in the order it was sent, and a key it does not use goes on after
/// them. A key it gives back arrives as the key and its text, as if typed then. A key it answers
/// late waits for the answer, and the keys after it wait behind it (pointer events go on): the
/// key is typed only if the answer says it was not used, so nothing is typed twice or out of
/// order; a key still unanswered after `patience` seconds goes on as typed and the input method
/// is told to forget it (`abandonKey`). Secure and number fields bypass it: they are never
/// composed. The window runs every batch through it after the `InputAssembler`. See
/// docs/behaviour/changing-text.md.
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
    /// The input method gave back the last key before its text came: that text, when it comes, is
    /// the given-back key's, and is typed.
    private var forwardedWithoutText = false
    /// The last preedit, shown again by `showPreedit`.
    private var preedit: (text: String, cursor: Int)?
    /// The preedit shown now, and the connection it came from (`InputMethodService.reconnections`).
    private var composing: (text: String, connection: Int)?
    /// A preedit the input method cleared without committing it, and when: IBus clears it as it
    /// exits, a moment before its connection is found gone.
    private var cleared: (text: String, connection: Int, time: Double)?
    /// True while reading what the input method sent for a key (a preedit Backspace emptied is
    /// the guest's doing, not the daemon's going).
    private var answeringKey = false
    /// The key whose answer comes late (with its text), and when it was offered.
    private var unanswered: (events: [InputEvent], since: Double)?
    /// Keys (and their text) that came after the unanswered key, waiting for its answer.
    private var waiting: [InputEvent] = []
    /// How long a key may wait for a late answer before it goes on as typed.
    static let patience = 5.0
    /// The clock (seconds).
    private let now: () -> Double
    /// Asks for a batch (even an empty one) after a delay: a key began to wait for its answer.
    var onKeyWaits: ((Double) -> Void)?

    init(service: InputMethodService, now: @escaping () -> Double) {
        self.service = service
        self.now = now
    }

    /// Text input starts in a view with these traits.
    func textInputBegan(traits: TextTraits, isSecure: Bool) {
        let (purpose, hints) = Self.contentType(traits: traits, isSecure: isSecure)
        textInputActive = true
        bypasses = isSecure || [.digits, .number, .phone, .pin].contains(purpose)
        service.setContentType(purpose, hints: hints)
        updateFocus()
    }

    /// The view settled the composition itself (committed or cancelled it): nothing of it is
    /// left to keep should the connection go.
    func compositionSettled() {
        composing = nil
        cleared = nil
    }

    /// Text input stops.
    func textInputEnded() {
        composing = nil
        cleared = nil
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
        var result = keepCompositionOfLostConnection() + drain()
        var batch = events
        // A used key's text, coming on its own, is the input method's (a batch with nothing in it,
        // a turn the input method woke, keeps it waiting).
        if let first = batch.first {
            if swallowsKeyText, case .textInput(_, .key) = first { batch.removeFirst() }
            swallowsKeyText = false
        }
        result += offer(batch)
        result += giveUpIfNeeded()
        return result
    }

    /// Keyboard events wait behind an unanswered key; the rest go on.
    private func isKeyboard(_ event: InputEvent) -> Bool {
        switch event {
        case .key, .textInput(_, .key): return true
        default: return false
        }
    }

    /// Offers each key (with the text it typed) in turn; while one's answer is awaited, the
    /// keyboard events after it wait.
    private func offer(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        var index = 0
        while index < events.count {
            let event = events[index]
            if unanswered != nil, isKeyboard(event) {
                waiting.append(event)
                index += 1
                continue
            }
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
                    forwardedWithoutText = false
                    offered.append((offer, key, text))
                    if offered.count > 16 { offered.removeFirst() }
                }
                let handled = service.process(offer)
                if handled == nil {
                    unanswered = (Array(events[index..<end]), now())  // typed only if the late answer says so
                    onKeyWaits?(Self.patience + 0.05)
                }
                answeringKey = true
                result += drain()
                answeringKey = false
                if handled == false {
                    result += events[index..<end]
                } else if handled == true, isDown, text == nil, end == events.count, !forwardedWithoutText {
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

    /// The late answer came: the key goes on if it was not used, and the keys behind it are offered.
    private func answered(handled: Bool) -> [InputEvent] {
        guard let key = unanswered else { return [] }
        unanswered = nil
        var behind = waiting
        waiting = []
        // A used key whose text had not come with it: that text is the input method's, unless it
        // gave the key back (then the text is the key's, typed after it).
        if handled, key.events.count == 1, case .key(_, true, _)? = key.events.first, !forwardedWithoutText {
            if case .textInput(_, .key)? = behind.first {
                behind.removeFirst()
            } else if behind.isEmpty {
                swallowsKeyText = true
            }
        }
        return (handled ? [] : key.events) + offer(behind)
    }

    /// A key unanswered too long, or an input method gone: the key and those behind it go on as
    /// typed, and the input method forgets it.
    private func giveUpIfNeeded() -> [InputEvent] {
        guard let key = unanswered else { return [] }
        let gone = !service.isConnected
        guard gone || now() - key.since > Self.patience else { return [] }
        if !gone { service.abandonKey() }
        unanswered = nil
        let behind = waiting
        waiting = []
        return key.events + behind
    }

    /// What the input method sent, as events.
    /// The daemon went (or came back as a new connection) while a syllable was composing: the
    /// syllable as shown is committed, not dropped (`ibus restart` lost it; GTK keeps it too).
    private func keepCompositionOfLostConnection() -> [InputEvent] {
        if let recent = cleared, now() - recent.time > 3 { cleared = nil }
        guard let kept = composing.map({ ($0.text, $0.connection) }) ?? cleared.map({ ($0.text, $0.connection) }) else { return [] }
        guard !service.isConnected || service.reconnections != kept.1 else { return [] }
        composing = nil
        cleared = nil
        preedit = nil
        return [.textEditing("", selectedRange: nil), .textInput(kept.0, origin: .inputMethod)]
    }

    /// The preedit shown changes: what is composing now, and what was cleared uncommitted.
    private func preeditShown(_ text: String?) {
        // Not while a key is answered, now or late (a Backspace answered after its key waited).
        if let composing, text == nil, !answeringKey, unanswered == nil { cleared = (composing.text, composing.connection, now()) }
        if text != nil { cleared = nil }
        composing = text.map { ($0, service.reconnections) }
    }

    private func drain() -> [InputEvent] {
        var events: [InputEvent] = []
        for signal in service.takeSignals() {
            switch signal {
            case let .commit(text):
                // A preedit cleared just before its commit: the commit replaces it (one change).
                if case .textEditing("", _)? = events.last { events.removeLast() }
                preedit = nil
                composing = nil
                cleared = nil
                events.append(.textInput(text, origin: .inputMethod))
            case let .preedit(text, cursor, visible):
                preedit = (text, cursor)
                preeditShown(visible && !text.isEmpty ? text : nil)
                events.append(visible ? Self.editing(text, cursor: cursor) : .textEditing("", selectedRange: nil))
            case .hidePreedit:
                preeditShown(nil)
                events.append(.textEditing("", selectedRange: nil))
            case .showPreedit:
                if let preedit {
                    preeditShown(preedit.text.isEmpty ? nil : preedit.text)
                    events.append(Self.editing(preedit.text, cursor: preedit.cursor))
                }
            case let .keyAnswered(handled):
                // What came with the late answer was the key's doing, not the daemon's going.
                cleared = nil
                events += answered(handled: handled)
            case let .forwardKey(forwarded):
                let match = offered.last { $0.key.isSameKey(as: forwarded) }
                if forwarded.isDown, let match, match.text == nil, let last = offered.last, last.key == match.key { forwardedWithoutText = true }
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
