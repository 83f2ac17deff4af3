// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The on-screen keyboard's keys as accessibility elements: keyboard keys named as a screen
/// reader says them ("shift", "delete", "next keyboard", the return key's own word), in rows.
extension KeyboardView {
    /// The key elements, in reading order (row by row), for the keys laid out now.
    func keyAccessibilityElements() -> [AccessibilityNode] {
        let bar = barWords() + panelWords()
        let signature =
            keyFrames.map { "\($0.key.label)|\($0.frame.minX),\($0.frame.minY)" }.joined(separator: ";")
            + "|\(model.shift)|" + bar.map { "\($0.label)@\($0.frame.minX)" }.joined(separator: ";") + "|\(candidatePanel != nil)"
            + "|\(handwritingPad.map { "\($0.frame)" } ?? "")|\(controller.emoji.panel.map { "\($0.frame)" } ?? "")"
        if let cached = cachedKeyElements, cached.signature == signature { return cached.elements }
        let language = model.language
        let barElements: [AccessibilityNode] = bar.map { word in
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = word.label
            element.accessibilityHint = word.hint
            element.accessibilityTraits = .button
            element.accessibilityLanguage = language
            element.accessibilityFrameInContainerSpace = word.frame
            element.onActivate = { [weak self] in
                guard let self else { return false }
                word.choose(self)
                return true
            }
            return element
        }
        // The open candidate panel covers the keys: its candidates are read instead.
        // So does the emoji panel: its own elements are read instead.
        let emojiPanel: [AccessibilityNode] = controller.emoji.panel.map { $0.superview === self ? [$0] : [] } ?? []
        let keys = candidatePanel == nil && emojiPanel.isEmpty ? keyFrames : []
        // The writing pad over the letter rows is read where its rows begin: its writing area.
        let pad: [AccessibilityNode] = handwritingPad.map { $0.superview === self && candidatePanel == nil ? [$0] : [] } ?? []
        let elements: [AccessibilityNode] =
            barElements + emojiPanel + pad
            + keys.enumerated().compactMap { index, entry in
                guard entry.key.action != .blank else { return nil }
                let element = KeyAccessibilityElement(keyboard: self, index: index)
                element.accessibilityLabel = spokenName(of: entry.key)
                if case .text = entry.key.action { element.typesCharacter = true }
                if entry.key.action == .decimal { element.typesCharacter = true }
                element.accessibilityTraits = entry.key.isEnabled ? .keyboardKey : [.keyboardKey, .notEnabled]
                element.accessibilityFrameInContainerSpace = entry.frame
                if case .text = entry.key.action { element.accessibilityLanguage = language }
                if entry.key.action == .shift {
                    element.accessibilityValue = shiftValue
                    // On or locked: selected, so the state is on AT-SPI too (checked), not only spoken.
                    if model.shift != .off { element.accessibilityTraits.insert(.selected) }
                }
                return element
            }
        cachedKeyElements = (signature, elements)
        return elements
    }

    /// A word of the suggestion bar or a candidate, as a screen reader reaches it.
    struct BarWord {
        let label: String
        let hint: String?
        let frame: Rect
        let choose: @MainActor (KeyboardView) -> Void
    }

    /// The suggestion bar's words, or the composition's candidates and the button that opens
    /// them all, left to right (empty while the candidate panel covers the keys: its own
    /// elements are read then).
    func barWords() -> [BarWord] {
        guard showsSuggestionBar else { return [] }
        if controller.emoji.search != nil { return controller.emoji.searchWords(in: self) }
        if !candidates.isEmpty {
            var words = clauseButtonFrames.map { button in
                BarWord(label: Self.clauseButtonName(button.input, in: spokenWords), hint: nil, frame: button.frame) {
                    $0.controller.adjustConversion(button.input)
                }
            }
            words += candidateFrames.enumerated().map { index, frame in
                BarWord(label: candidates[index], hint: BarHintWord.candidate.text(spokenWords), frame: frame) {
                    $0.controller.chooseCandidate(at: index)
                }
            }
            if let button = candidateExpandButtonFrame {
                let open = candidatePanel == nil
                words.append(
                    BarWord(label: (open ? BarHintWord.moreCandidates : .fewerCandidates).text(spokenWords), hint: nil, frame: button) {
                        if $0.candidatePanel == nil { $0.showCandidatePanel() } else { $0.hideCandidatePanel() }
                        $0.setNeedsDisplay()
                    })
            }
            return words
        }
        return zip(suggestionFrames, barItems).enumerated().map { index, pair in
            let (frame, item) = pair
            let hint: String? =
                switch item {
                case .typed: BarHintWord.asTyped.text(spokenWords)
                case .correction: BarHintWord.correction.text(spokenWords)
                case .completion: BarHintWord.suggestion.text(spokenWords)
                case .prediction: BarHintWord.prediction.text(spokenWords)
                case .swiped: BarHintWord.swiped.text(spokenWords)
                case .alternative: BarHintWord.alternative.text(spokenWords)
                }
            return BarWord(label: item.word, hint: hint, frame: frame) { $0.suggestionCellTapped(index) }
        }
    }

    /// The open candidate panel's candidates in view and page turns, in the keyboard's coordinates.
    func panelWords() -> [BarWord] {
        guard let panel = candidatePanel else { return [] }
        let origin = panel.frame.origin
        func moved(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        var words = panel.visibleCells.map { cell in
            BarWord(label: panel.candidates[cell.index], hint: BarHintWord.candidate.text(spokenWords), frame: moved(cell.frame)) {
                $0.candidatePanel?.onChoose?(cell.index)
            }
        }
        if panel.canTurnBack {
            words.append(
                BarWord(label: BarHintWord.previousCandidates.text(spokenWords), hint: nil, frame: moved(panel.turnFrames.back)) {
                    $0.candidatePanel?.onTurn?(false)
                })
        }
        if panel.canTurnForward {
            words.append(
                BarWord(label: BarHintWord.nextCandidates.text(spokenWords), hint: nil, frame: moved(panel.turnFrames.forward)) {
                    $0.candidatePanel?.onTurn?(true)
                })
        }
        return words
    }

    private var shiftValue: String? {
        switch model.shift {
        case .off: return nil
        case .once: return KeyWord.on.text(spokenWords)
        case .locked: return KeyWord.capsLock.text(spokenWords)
        }
    }

    /// Tells assistive technology the shift key's new state, as a press of it leaves it.
    func announceShift() {
        guard let window, window.hasAccessibilityObservers else { return }
        let text =
            switch model.shift {
            case .off: KeyWord.shiftOff.text(spokenWords)
            case .once: KeyWord.shiftOn.text(spokenWords)
            case .locked: KeyWord.capsLockOn.text(spokenWords)
            }
        window.postAccessibility(.notification(.announcement, argument: text))
    }

    /// The language of the keyboard's words for assistive technology: the window's.
    var spokenWords: String { Localization.language(of: window) }

    /// What a screen reader says for a key.
    func spokenName(of key: KeyboardKey) -> String {
        switch key.action {
        case let .text(text): return key.label.isEmpty ? text : key.label
        case .shift: return KeyWord.shift.text(spokenWords)
        case .backspace: return KeyWord.delete.text(spokenWords)
        case .space: return KeyWord.space.text(spokenWords)
        case .return: return key.label.isEmpty ? KeyWord.return.text(spokenWords) : key.label
        case .globe: return KeyWord.nextKeyboard.text(spokenWords)
        case .dismiss: return KeyWord.hideKeyboard.text(spokenWords)
        case .more: return (model.plane == .letters ? KeyWord.numbers : .letters).text(spokenWords)
        case .numbers: return KeyWord.numbers.text(spokenWords)
        case .symbols: return KeyWord.symbols.text(spokenWords)
        case .letters: return KeyWord.letters.text(spokenWords)
        case .phone: return KeyWord.phonePad.text(spokenWords)
        case .decimal: return key.label
        case .blank: return ""
        case .emoji: return KeyWord.emoji.text(spokenWords)
        }
    }

    /// Types the key at an index of `keyFrames`, as a tap would (activation, switch access,
    /// spoken mode's lift-to-type).
    @discardableResult
    @_spi(Testing) public func typeKey(at index: Int) -> Bool {
        guard keyFrames.indices.contains(index) else { return false }
        let key = keyFrames[index].key
        guard key.isEnabled, key.action != .blank else { return false }
        // The writing pad's space, Return and Backspace confirm or take back what it reads, as a tap does.
        if handwritingTakes(key.action) { return true }
        typeKeyAction(key.action)
        return true
    }
}

/// A key of the on-screen keyboard as assistive technology sees it; activating it types it.
@MainActor
final class KeyAccessibilityElement: AccessibilityElement {
    let index: Int
    /// Whether the key types a character (what spoken mode keeps private in a secure field).
    var typesCharacter = false
    init(keyboard: KeyboardView, index: Int) {
        self.index = index
        super.init(accessibilityContainer: keyboard)
    }

    override func accessibilityActivate() -> Bool {
        guard let keyboard = accessibilityContainer as? KeyboardView, keyboard.keyFrames.indices.contains(index) else { return false }
        let (key, frame) = keyboard.keyFrames[index]  // read first: typing may lay the keys out again
        let client = keyboard.controller.textClient as? TextInputClient
        let before = client?.documentContextBeforeInput ?? ""
        keyboard.activatedLetter = nil
        guard keyboard.typeKey(at: index) else { return false }
        // A letter is remembered: spoken mode's double-tap-and-slide swipes from it (KeyboardView+Swipe.swift).
        let after = client?.documentContextBeforeInput ?? ""
        if case .text = key.action, after.hasPrefix(before), after.count == before.count + 1 {
            keyboard.activatedLetter = (frame, keyboard.now, after)
        }
        return true
    }
}
