import Foundation

/// The on-screen keyboard's keys as accessibility elements: keyboard keys named as a screen
/// reader says them ("shift", "delete", "next keyboard", the return key's own word), in rows.
extension KeyboardView {
    /// The key elements, in reading order (row by row), for the keys laid out now.
    func keyAccessibilityElements() -> [AccessibilityNode] {
        let signature = keyFrames.map { "\($0.key.label)|\($0.frame.minX),\($0.frame.minY)" }.joined(separator: ";") + "|\(model.shift)"
        if let cached = cachedKeyElements, cached.signature == signature { return cached.elements }
        let language = model.language
        let elements: [AccessibilityNode] = keyFrames.enumerated().compactMap { index, entry in
            guard entry.key.action != .blank else { return nil }
            let element = KeyAccessibilityElement(keyboard: self, index: index)
            element.accessibilityLabel = spokenName(of: entry.key)
            element.accessibilityTraits = entry.key.isEnabled ? .keyboardKey : [.keyboardKey, .notEnabled]
            element.accessibilityFrameInContainerSpace = entry.frame
            if case .text = entry.key.action { element.accessibilityLanguage = language }
            if entry.key.action == .shift { element.accessibilityValue = shiftValue }
            return element
        }
        cachedKeyElements = (signature, elements)
        return elements
    }

    private var shiftValue: String? {
        switch model.shift {
        case .off: return nil
        case .once: return "on"
        case .locked: return "caps lock"
        }
    }

    /// What a screen reader says for a key.
    func spokenName(of key: KeyboardKey) -> String {
        switch key.action {
        case let .text(text): return key.label.isEmpty ? text : key.label
        case .shift: return "shift"
        case .backspace: return "delete"
        case .space: return "space"
        case .return: return key.label.isEmpty ? "return" : key.label
        case .globe: return "next keyboard"
        case .dismiss: return "hide keyboard"
        case .more: return model.plane == "letters" ? "numbers" : "letters"
        case .numbers: return "numbers"
        case .symbols: return "symbols"
        case .letters: return "letters"
        case .phone: return "phone pad"
        case .decimal: return key.label
        case .blank: return ""
        }
    }

    /// Types the key at an index of `keyFrames`, as a tap would (activation, switch access,
    /// spoken mode's lift-to-type).
    @discardableResult
    public func typeKey(at index: Int) -> Bool {
        guard keyFrames.indices.contains(index) else { return false }
        let key = keyFrames[index].key
        guard key.isEnabled, key.action != .blank else { return false }
        typeKeyAction(key.action)
        return true
    }
}

/// A key of the on-screen keyboard as assistive technology sees it; activating it types it.
@MainActor
final class KeyAccessibilityElement: AccessibilityElement {
    let index: Int
    init(keyboard: KeyboardView, index: Int) {
        self.index = index
        super.init(accessibilityContainer: keyboard)
    }

    override func accessibilityActivate() -> Bool {
        (accessibilityContainer as? KeyboardView)?.typeKey(at: index) ?? false
    }
}
