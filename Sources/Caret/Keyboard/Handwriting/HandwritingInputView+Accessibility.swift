// SPDX-License-Identifier: Apache-2.0
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

    /// The strip's candidates, the writing area and the keys, in reading order. The area and the
    /// keys stay the same elements while the pad lives (a screen reader's cursor stays on them as
    /// strokes are read); the candidate cells are made again when the candidates change.
    func padAccessibilityElements() -> [AccessibilityNode] {
        let area =
            writingAreaElement
            ?? {
                let area = AccessibilityElement(accessibilityContainer: self)
                area.accessibilityLabel = Self.writingAreaLabel
                area.accessibilityHint = Self.writingAreaHint
                area.accessibilityTraits = .allowsDirectInteraction
                writingAreaElement = area
                return area
            }()
        area.accessibilityFrameInContainerSpace = writingArea
        // The character read so far (a secure field keeps none: it is committed as written).
        area.accessibilityValue = candidates.first
        let frames = keyFrames
        if keyElements.count != frames.count {
            keyElements = frames.map { key, _ in
                let element = AccessibilityElement(accessibilityContainer: self)
                element.accessibilityLabel =
                    switch key {
                    case .space: "space"
                    case .backspace: "delete"
                    case .return: "return"
                    }
                element.accessibilityTraits = .keyboardKey
                element.onActivate = { [weak self] in
                    self?.press(key)
                    return self != nil
                }
                return element
            }
        }
        for (element, entry) in zip(keyElements, frames) { element.accessibilityFrameInContainerSpace = entry.frame }
        let strip = candidateFrames
        let signature = zip(strip, candidates).map { "\($1)@\($0)" }.joined(separator: ";")
        if cachedCandidateElements?.signature != signature {
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
            cachedCandidateElements = (signature, cells)
        }
        return (cachedCandidateElements?.elements ?? []) + [area] + keyElements
    }
}
