import Foundation

/// The writing pad as assistive technology sees it: its writing area is one element a screen
/// reader passes touches through to (`allowsDirectInteraction`, as VoiceOver does for a drawing
/// area), whose value is the character read so far; as an input view, its strip's candidates and
/// its keys are elements too.
extension HandwritingInputView {
    /// What the writing area is called.
    static let writingAreaLabel = "writing area"
    /// The language what the pad reads is spoken in: its script's (Latin's is not known: the voice's own).
    var speechLanguage: String? { ["ja": "ja", "zh-Hans": "zh-Hans", "greek": "el", "cyrillic": "ru"][model] }

    /// How it is used.
    static let writingAreaHint = "Write a character with one finger. Pause to finish it."

    /// The strip's candidates, the writing area and the keys, in reading order.
    func padAccessibilityElements() -> [AccessibilityNode] {
        let strip = candidateFrames
        let signature = "\(bounds)|\(showsOwnControls)|" + zip(strip, candidates).map { "\($1)@\($0.minX)" }.joined(separator: ";")
        let elements: [AccessibilityNode]
        if let cached = cachedAccessibility, cached.signature == signature {
            elements = cached.elements
        } else {
            let area = AccessibilityElement(accessibilityContainer: self)
            area.accessibilityLabel = Self.writingAreaLabel
            area.accessibilityHint = Self.writingAreaHint
            area.accessibilityTraits = .allowsDirectInteraction
            area.accessibilityFrameInContainerSpace = writingArea
            let cells: [AccessibilityNode] = zip(strip, candidates).enumerated().map { index, pair in
                let element = AccessibilityElement(accessibilityContainer: self)
                element.accessibilityLabel = pair.1
                element.accessibilityHint = "candidate"
                element.accessibilityLanguage = speechLanguage
                element.accessibilityTraits = .button
                element.accessibilityFrameInContainerSpace = pair.0
                element.onActivate = { [weak self] in
                    self?.commit(index)
                    return self != nil
                }
                return element
            }
            let keys: [AccessibilityNode] = keyFrames.map { key, frame in
                let element = AccessibilityElement(accessibilityContainer: self)
                element.accessibilityLabel = switch key {
                case .space: "space"
                case .backspace: "delete"
                case .return: "return"
                }
                element.accessibilityTraits = .keyboardKey
                element.accessibilityFrameInContainerSpace = frame
                element.onActivate = { [weak self] in
                    self?.press(key)
                    return self != nil
                }
                return element
            }
            elements = cells + [area] + keys
            cachedAccessibility = (signature, elements)
        }
        // The character read so far (a secure field keeps none: it is committed as written).
        let area = elements.first { $0.accessibilityTraits.contains(.allowsDirectInteraction) } as? AccessibilityElement
        area?.accessibilityValue = candidates.first
        return elements
    }
}
