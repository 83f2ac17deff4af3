// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Swipe typing's words (docs/behaviour/keyboard.md): where swiping is on, the decoder of the
/// language shown, and the word a swipe put in last — which the bar's alternatives replace and
/// Backspace right after removes whole.
@MainActor
final class KeyboardSwipe {
    private unowned let keyboard: KeyboardController
    /// Decoders (begun when a finger starts a swipe, `SwipeDecoderBuild`), the last used last: one
    /// per language, for the key geometry shown last (a resize makes a new one and drops the old),
    /// and at most `decoderLimit` languages (a decoder holds a template of every word: about 3 MiB
    /// for English's list), so the memory they take is bounded whatever the window sizes and languages.
    private var decoders: [(language: String, build: SwipeDecoderBuild)] = []
    /// How many languages keep a decoder.
    static let decoderLimit = 3

    /// How many decoders are held now.
    var decoderCount: Int { decoders.count }

    /// The decoder held for a language, made or being made.
    func heldDecoder(for language: String) -> SwipeDecoderBuild? { decoders.last { $0.language == language }?.build }

    /// The word a swipe put in: the text inserted (a space before it when the caret followed a
    /// letter, and the space after it), the text before the caret right after, and the other
    /// words the path may have meant, with the one shown.
    struct Inserted {
        var inserted: String
        var contextAfter: String
        var prefix: String
        var words: [String]
        var shown: String
        /// The path as drawn, when, and the decoder that read it (what the guest's habits are learned from).
        var path: [Point] = []
        var times: [Double]?
        var decoder: SwipeDecoder?
    }
    private(set) var last: Inserted?
    /// Whether a word was swiped on this keyboard (the bar's hint goes then).
    private(set) var hasSwiped = false
    /// The guest's systematic offset from the keys, learned from the swiped words they keep
    /// (forgotten with their learned words, as a kiosk resets).
    private(set) var touchOffset = SwipeTouchOffset()

    init(keyboard: KeyboardController) { self.keyboard = keyboard }

    /// Whether a finger sliding over the letters swipes words into the focused client: a letters
    /// keyboard of a language with a word list and no composition engine, and a client that is
    /// not secure, whose traits do not turn it off (by default off for e-mail, URL, number and phone text).
    func isOn(for view: KeyboardView) -> Bool {
        guard view.model.plane == .letters, view.model.composition == nil, view.suggestionProvider != nil,
            let client = keyboard.textClient as? Responder
        else { return false }
        let traits = client as? TextInputTraits
        if traits?.isSecureTextEntry == true { return false }
        switch traits?.swipeTypingType ?? .default {
        case .no: return false
        case .yes: return true
        case .default:
            let off: Set<KeyboardType> = [
                .emailAddress, .URL, .webSearch, .numberPad, .phonePad, .namePhonePad, .decimalPad, .asciiCapableNumberPad,
                .numbersAndPunctuation, .twitter,
            ]
            if off.contains(traits?.keyboardType ?? .default) { return false }
            let content: Set<TextContentType> = [.emailAddress, .URL, .password, .newPassword, .oneTimeCode, .telephoneNumber]
            return !(traits?.textContentType.map(content.contains) ?? false)
        }
    }

    /// The decoder for the keys shown (the language's list over the letters' geometry): the one
    /// begun as the swipe started, waited for if it is not made yet.
    func decoder(for view: KeyboardView) -> SwipeDecoder? { prepareDecoder(for: view)?.decoder }

    /// Begins making the decoder for the keys shown off the main thread, unless it is made or being
    /// made: a finger started a swipe, and the path is drawn meanwhile.
    @discardableResult
    func prepareDecoder(for view: KeyboardView) -> SwipeDecoderBuild? {
        guard let geometry = view.swipeGeometry, let provider = view.suggestionProvider else { return nil }
        let language = view.model.language
        let held = decoders.firstIndex { $0.language == language }
        if let held, decoders[held].build.geometry == geometry {
            decoders.append(decoders.remove(at: held))  // the last used goes last
            return decoders[decoders.count - 1].build
        }
        if let held { decoders.remove(at: held) }  // made for keys no longer shown
        let build = SwipeDecoderBuild(provider: provider, geometry: geometry)
        decoders.append((language, build))
        if decoders.count > Self.decoderLimit { decoders.removeFirst() }  // the least recently used
        return build
    }

    /// Puts a swiped word in at the caret, or in place of the selection, as one change: a space
    /// first when the caret follows a letter or digit, the word (capitalised as the shift state
    /// says), and a space after it. `replacing` is text just before the caret the word takes the
    /// place of (the letter spoken mode's first tap of a double-tap-and-slide typed). Returns false
    /// when the client refused it.
    func insert(
        _ words: [String], shift: KeyboardModel.ShiftState, replacing typed: String = "", into client: TextInputClient, path: [Point] = [],
        times: [Double]? = nil, decoder: SwipeDecoder? = nil
    ) -> Bool {
        guard !words.isEmpty else { return false }
        keyboard.window.inputSession?.settleComposition()
        let before = String((client.documentContextBeforeInput ?? "").dropLast(typed.count))
        let prefix = before.last.map { $0.isLetter || $0.isNumber } == true ? " " : ""
        let cased = words.map { Self.cased($0, shift: shift) }
        let text = prefix + cased[0] + " "
        let selection = (client as? TextEditingHost)?.selectedTextRange
        if let selection, !selection.isEmpty, typed.isEmpty {
            // Over a selection the word replaces it, as a typed key would.
            client.insertText(text)
            guard (client as? TextEditingHost)?.selectedTextRange?.isEmpty == true, client.documentContextBeforeInput?.hasSuffix(text) == true else {
                last = nil
                return false
            }
        } else if !client.replaceWordBeforeInput(typed, with: text) {
            last = nil
            return false
        }
        hasSwiped = true
        last = Inserted(
            inserted: text, contextAfter: client.documentContextBeforeInput ?? "", prefix: prefix, words: cased, shown: cased[0], path: path,
            times: times, decoder: decoder)
        keyboard.window.textEditObserver?.keyboard(swiped: cased[0], alternatives: Array(cased.dropFirst()))
        return true
    }

    /// Whether the last swiped word is still just before the caret, nothing typed since.
    private func stillShown(in client: TextInputClient) -> Inserted? {
        guard let last, client.documentContextBeforeInput == last.contextAfter, last.contextAfter.hasSuffix(last.inserted) else { return nil }
        return last
    }

    /// The other words the last swipe may have meant, while it is still just before the caret.
    func alternatives(in client: TextInputClient?) -> [String] {
        guard let client, let last = stillShown(in: client) else { return [] }
        return last.words.filter { $0 != last.shown }
    }

    /// Replaces the swiped word with another of its words, as one change.
    func replace(with word: String, in client: TextInputClient) -> Bool {
        guard var last = stillShown(in: client) else { return false }
        let text = last.prefix + word + " "
        guard client.replaceWordBeforeInput(last.inserted, with: text) else { return false }
        last.inserted = text
        last.shown = word
        last.contextAfter = client.documentContextBeforeInput ?? ""
        self.last = last
        return true
    }

    /// Backspace right after a swipe: the whole word goes (with the spaces it brought), as one change.
    func removeSwipedWord(in client: KeyInput) -> Bool {
        guard let client = client as? TextInputClient, let last = stillShown(in: client) else {
            self.last = nil
            return false
        }
        self.last = nil
        return client.replaceWordBeforeInput(last.inserted, with: "")
    }

    /// The word the last swipe put in (or an alternative put in its place).
    var lastWord: String? { last?.shown }

    /// Anything else typed: the swiped word is an ordinary one now (and kept: the offset learns from it).
    func forget() {
        learnKeptWord()
        last = nil
    }

    /// Learns the guest's offset from the last swiped word (or the alternative that replaced it),
    /// once: the word is kept when something else is typed or swiped after it.
    func learnKeptWord() {
        guard let kept = last, let decoder = kept.decoder, !kept.path.isEmpty else { return }
        decoder.learn(&touchOffset, keptWord: kept.shown, drawn: kept.path, times: kept.times)
        last?.path = []
    }

    /// Forgets the guest's offset (a kiosk resets).
    func forgetTouchOffset() { touchOffset = SwipeTouchOffset() }

    static func cased(_ word: String, shift: KeyboardModel.ShiftState) -> String {
        switch shift {
        case .off: return word
        case .once: return word.prefix(1).uppercased() + word.dropFirst()
        case .locked: return word.uppercased()
        }
    }
}
