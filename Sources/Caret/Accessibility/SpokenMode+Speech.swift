// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the spoken mode says, and when: elements, outcomes, and nothing of a secure field's
/// characters on a loudspeaker.
extension SpokenMode {
    /// Whether a secure field or one of personal data has focus and its characters must not be
    /// named: a secure field's always on a loudspeaker, and on a headset unless
    /// `speaksSecureKeysOnHeadset`; personal data's on a loudspeaker (docs/behaviour/accessibility.md).
    var keepsKeysPrivate: Bool { focusedField.map(keepsPrivate) ?? false }

    /// Whether a secure field has focus and its characters must not be named.
    var keepsSecureKeysPrivate: Bool { focusedField.map { $0.isSecureTextEntry && keepsPrivate($0) } ?? false }

    /// The text field with focus, if one has it.
    private var focusedField: TextField? { (window?.firstResponder as? View)?.accessibilityElementAncestor as? TextField }

    /// Whether a field's characters and text are not to be said on the route speech goes to.
    func keepsPrivate(_ field: TextField) -> Bool {
        if field.isSecureTextEntry { return !(route.isPrivate && speaksSecureKeysOnHeadset) }
        return field.containsPersonalData && !route.isPrivate
    }

    /// What is said for an element: its description, or "key" for a character key while a
    /// secure field's keys are private.
    func description(of element: AccessibilityNode) -> String {
        let language = Localization.language(of: window)
        if (element as? KeyAccessibilityElement)?.typesCharacter == true, keepsKeysPrivate { return KeyWord.key.text(language) }
        if let field = element as? TextField, !field.isSecureTextEntry, keepsPrivate(field) {
            // Personal data on a loudspeaker: its length, never its text, and how to hear it.
            let count = field.accessibilityTextLength
            let parts = [
                field.accessibilityLabel, RoleWord.textField.text(language), RoleWord.private.text(language),
                count == 0 ? nil : RoleWord.characters.text(language, count: count),
            ]
            return (parts.compactMap { $0 }.filter { !$0.isEmpty } + [RoleWord.plugInHeadset.text(language)]).joined(separator: ", ")
        }
        var description = element.accessibilitySpokenDescription
        if !speaksHints, let hint = element.accessibilityHint, description.hasSuffix(", " + hint) {
            description.removeLast(hint.count + 2)
        }
        return description
    }

    /// What is said for several elements at once (a row switch access highlights).
    func description(of elements: [AccessibilityNode]) -> String {
        if keepsKeysPrivate, elements.contains(where: { ($0 as? KeyAccessibilityElement)?.typesCharacter == true }) {
            return (elements.count == 1 ? KeyWord.key : .rowOfKeys).text(Localization.language(of: window))
        }
        return elements.compactMap(\.accessibilityLabel).joined(separator: " ")
    }

    /// Speaks an element as VoiceOver does, in its language, and makes it what a change of its
    /// label or value is measured against.
    public func speak(_ element: AccessibilityNode) {
        let text = description(of: element)
        if element === cursor { cursorDescription = text }
        say(text, language: (element as? KeyAccessibilityElement)?.typesCharacter == true && keepsKeysPrivate ? nil : element.accessibilityLanguage)
    }

    /// How a typed or deleted piece of text is said, in a language.
    static func spoken(_ text: String, in language: String) -> String {
        switch text {
        case " ": return SpeechWord.space.text(language)
        case "\n": return SpeechWord.newLine.text(language)
        case "\t": return SpeechWord.tab.text(language)
        default: return text
        }
    }

    /// What a secure field's typed or deleted characters are called: one "dot" each.
    static func dots(_ count: Int, in language: String) -> String { SpeechWord.dots.text(language, count: count) }

    public func window(_ window: Window, accessibilityEvent event: AccessibilityEvent) {
        switch event {
        case let .focusChanged(node):
            guard let node else { return }
            cursor = node
            speak(node)
        case let .textChanged(node, range, replacement, removed):
            let field = (node as? TextField).flatMap { $0.isSecureTextEntry || $0.containsPersonalData ? $0 : nil }
            let secure = field.map(keepsPrivate) ?? false
            let language = window.keyboard.currentInputMode?.primaryLanguage ?? node.accessibilityLanguage
            let words = wordsLanguage
            if !replacement.isEmpty {
                if let field, field.isSecureTextEntry, !secure {
                    // A headset the app lets name keys: the characters the bullets stand for.
                    let characters = Array(field.text ?? "").dropFirst(range.lowerBound).prefix(replacement.count)
                    say(Self.spoken(String(characters), in: words), language: language)
                } else {
                    say(secure ? Self.dots(replacement.count, in: words) : Self.spoken(replacement, in: words), language: language)
                }
                lastEcho = secure ? nil : (replacement, language, utterancesSaid)
            } else if secure, !removed.isEmpty {
                say(SpeechWord.deleted.text(words, ["text": Self.dots(removed.count, in: words)]), language: words)
            } else if !removed.isEmpty {
                say(SpeechWord.deleted.text(words, ["text": Self.spoken(removed, in: words)]), language: language)
            }
            if node === cursor { cursorDescription = description(of: node) }
        case .changeRefused:
            if let refusalAnnouncement { say(refusalAnnouncement, language: customRefusal == nil ? wordsLanguage : nil) }
        case let .notification(notification, argument):
            switch notification {
            case .announcement, .pageScrolled:
                guard let (text, language) = Accessibility.spokenText(of: argument) else { return }
                // Typed text (a swiped word, a character read) in a private field: its echo said dots.
                if Accessibility.isTypedText(argument), keepsKeysPrivate { return }
                let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
                // Typed text the change that put it in was just echoed with, in the same voice, with
                // nothing said since, is not said again; in another voice (an input-view pad's 我
                // echoed in the keyboard's English) it is said over it.
                if Accessibility.isTypedText(argument), let echo = lastEcho, echo.utterance == utterancesSaid, trimmed(echo.text) == trimmed(text),
                    language == nil || echo.language == language
                {
                    return
                }
                say(text, language: language)
            case .screenChanged:
                // A new screen: its title (a string argument) and the element to start at.
                let target = (argument as? AccessibilityNode) ?? firstElementOnScreen(in: window)
                let title = argument as? String
                if let target { cursor = target }
                var first = target.map { description(of: $0) }
                // A heading first is followed by what it heads: a page titled as the button that
                // opened it ("Accessibility") said only that name again, as if nothing had happened.
                if let target, target.accessibilityTraits.contains(.header) {
                    let elements = window.accessibilityElementsInOrder.filter { window.accessibilityElementIsOnScreen($0) }
                    if let index = elements.firstIndex(where: { $0 === target }), index + 1 < elements.count {
                        first = [first, description(of: elements[index + 1])].compactMap { $0 }.joined(separator: ". ")
                    }
                }
                // A title the first element already says (a heading "Welcome" under the title "Welcome") is said once.
                let spokenTitle = title.flatMap { title in first?.hasPrefix(title) == true ? nil : title }
                let parts = [spokenTitle, first].compactMap { $0 }.filter { !$0.isEmpty }
                if let target { cursorDescription = description(of: target) }
                if !parts.isEmpty { say(parts.joined(separator: ". "), language: target?.accessibilityLanguage) }
            case .layoutChanged:
                if let text = argument as? String {
                    say(text, language: nil)
                } else if let target = argument as? AccessibilityNode {
                    cursor = target
                    speak(target)
                }
            default:
                break
            }
        case let .stateChanged(node):
            // The cursor's label or value changed under the guest (a button that now says
            // "Hide password"): say it again, once. Text is echoed as it changes instead.
            guard node === cursor, !node.accessibilityTraits.contains(.textEntry) else { return }
            let text = description(of: node)
            guard text != cursorDescription else { return }
            cursorDescription = text
            say(text, language: node.accessibilityLanguage)
        case .selectionChanged, .childrenChanged:
            break
        }
    }

    // MARK: Moving by flicks

    /// The first element a sighted guest sees, in reading order.
    func firstElementOnScreen(in window: Window) -> AccessibilityNode? {
        window.accessibilityElementsInOrder.first { window.accessibilityElementIsOnScreen($0) }
    }

    /// Moves the cursor to the next or previous element on screen in reading order and speaks
    /// it (VoiceOver's flick right and left); at either end it stays and says so.
    public func moveCursor(forward: Bool) {
        guard let window else { return }
        let elements = window.accessibilityElementsInOrder.filter { window.accessibilityElementIsOnScreen($0) }
        guard !elements.isEmpty else { return }
        let index = cursor.flatMap { current in elements.firstIndex { $0 === current } }
        let next: Int
        if let index {
            next = forward ? index + 1 : index - 1
        } else {
            next = forward ? 0 : elements.count - 1
        }
        guard elements.indices.contains(next) else {
            say((forward ? SpeechWord.end : .start).text(wordsLanguage), language: wordsLanguage)
            return
        }
        cursor = elements[next]
        speak(elements[next])
    }
}
