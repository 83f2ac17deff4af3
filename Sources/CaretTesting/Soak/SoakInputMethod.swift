// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret

/// A system input method for the soak, played as IBus plays ibus-hangul with its default
/// settings, through Caret's own client path (`InputMethodRouter`): Latin letters compose (the
/// preedit shows them as typed; four make a syllable, and the fifth commits it), and a commit
/// turns them into full-width letters ("ab" → "ａｂ"); space commits and is given back (a
/// forwarded key), Backspace takes a letter back, Escape drops the preedit, any other key
/// commits and goes on. Focus going and a reset commit the preedit as shown (the echo Caret
/// drops). One key-down in eight is answered late: its answer comes at the next turn, after what
/// was sent for it. It tells the soak's oracle what it sent during each event.
@preconcurrency @MainActor
public final class SoakInputMethod: InputMethodService {
    /// What the input method sent during one event, for the oracle.
    struct Report {
        /// The texts it committed, in order.
        var commits: [String] = []
        /// Whether it took a key or changed its preedit.
        var handled = false
        /// Whether a key going down was offered to it.
        var keyOffered = false
    }

    private var letters = ""
    private var focused = false
    private var pending: [InputMethodSignal] = []
    /// A late answer: sent at the next read but one (the read right after the key is the router's own).
    private var late: (signals: [InputMethodSignal], reads: Int)?
    private var random: SoakRandom
    private(set) var report = Report()
    /// Whether the text of the last key that went down is this input method's (it used the key
    /// and did not give it back): the router then drops the text when it comes on its own.
    private(set) var ownsLastKeyText = false
    /// What it did over its life: keys offered, late answers, commits, keys given back, preedits
    /// flushed on focus going or a reset (the soak's tests see that a run exercised each).
    public private(set) var tally = (keys: 0, late: 0, commits: 0, forwards: 0, flushes: 0)
    /// Whether a key waits for its late answer.
    var isAnswering: Bool { late != nil }
    /// The preedit shown (the letters as typed).
    var preedit: String { letters }

    /// An input method whose late answers follow `seed`.
    public init(seed: UInt64) { random = SoakRandom(seed: seed ^ 0x1B05) }

    /// Starts an event's report.
    func beginEvent() { report = Report() }

    public var isConnected: Bool { true }

    public func process(_ key: InputMethodKey) -> Bool? {
        guard key.isDown else { return false }
        report.keyOffered = true
        tally.keys += 1
        let (used, signals) = answer(key)
        report.handled = report.handled || used
        let forwards = signals.contains { if case .forwardKey = $0 { return true } else { return false } }
        ownsLastKeyText = used && !forwards
        if random.chance(0.125) {
            tally.late += 1
            late = (signals + [.keyAnswered(handled: used)], 0)
            return nil
        }
        send(signals)
        return used
    }

    /// What the engine does with a key: whether it used it, and what it sends.
    private func answer(_ key: InputMethodKey) -> (Bool, [InputMethodSignal]) {
        let control = key.state & (4 | 8 | 64) != 0
        let scalar = Unicode.Scalar(key.keysym).map(Character.init)
        if !control, let letter = scalar, letter.isASCII, letter.isLetter {
            var signals: [InputMethodSignal] = []
            if letters.count == 4 { signals += commitConverted() }
            letters.append(letter)
            return (true, signals + [.preedit(letters, cursor: letters.count, visible: true)])
        }
        guard !letters.isEmpty else { return (false, []) }
        switch key.keysym {
        case 0xFF08:  // BackSpace: a letter back
            letters.removeLast()
            return (
                true,
                letters.isEmpty ? [.preedit("", cursor: 0, visible: false), .hidePreedit] : [.preedit(letters, cursor: letters.count, visible: true)]
            )
        case 0xFF1B:  // Escape: the preedit dropped
            letters = ""
            return (true, [.preedit("", cursor: 0, visible: false), .hidePreedit])
        case 0x20 where !control:  // space: committed, then given back
            return (true, commitConverted() + [.forwardKey(key)])
        default:
            return (false, commitConverted())
        }
    }

    /// The preedit committed converted (full-width), as a conversion commits.
    private func commitConverted() -> [InputMethodSignal] {
        guard !letters.isEmpty else { return [] }
        let converted = String(String.UnicodeScalarView(letters.unicodeScalars.map { Unicode.Scalar($0.value + 0xFEE0)! }))
        letters = ""
        return [.preedit("", cursor: 0, visible: false), .commit(converted), .hidePreedit]
    }

    /// The preedit committed as shown (focus going, a reset).
    private func flush() {
        guard !letters.isEmpty else { return }
        tally.flushes += 1
        send([.preedit("", cursor: 0, visible: false), .commit(letters), .hidePreedit])
        letters = ""
    }

    private func send(_ signals: [InputMethodSignal]) {
        for case let .commit(text) in signals {
            report.commits.append(text)
            tally.commits += 1
        }
        for case .forwardKey in signals { tally.forwards += 1 }
        if !signals.isEmpty { report.handled = true }
        pending += signals
    }

    public func setFocused(_ focused: Bool) {
        if self.focused && !focused { flush() }
        self.focused = focused
    }

    public func reset() { flush() }

    public func abandonKey() {
        late = nil
        letters = ""
    }

    public func setCursorRect(_ rect: Rect) {}

    public func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) {}

    public func takeSignals() -> [InputMethodSignal] {
        if let answer = late {
            if answer.reads >= 1 {
                late = nil
                send(answer.signals)
            } else {
                late = (answer.signals, answer.reads + 1)
            }
        }
        defer { pending = [] }
        return pending
    }

    /// Whether it has something to send (the app's loop turns when it does).
    var hasSignals: Bool { !pending.isEmpty || late != nil }
}
