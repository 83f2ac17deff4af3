// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The writing pad as assistive technology sees it: its writing area is one element a screen
/// reader passes touches through to (`allowsDirectInteraction`, as VoiceOver does for a drawing
/// area), whose value is the character read so far; as an input view, its strip's candidates and
/// its keys are elements too.
extension HandwritingInputView {
    /// The language of the pad's words: the window's (docs/behaviour/localisation.md).
    var padWords: String { Localization.language(for: self) }
    /// The language what the pad reads is spoken in: its script's (Latin's is not known: the voice's own).
    var speechLanguage: String? { ["ja": "ja", "zh-Hans": "zh-Hans", "greek": "el", "cyrillic": "ru"][model] }

    /// The strip's candidates, the writing area and the keys, in reading order. The area and the
    /// keys stay the same elements while the pad lives (a screen reader's cursor stays on them as
    /// strokes are read); the candidate cells are made again when the candidates change.
    func padAccessibilityElements() -> [AccessibilityNode] {
        let area =
            writingAreaElement
            ?? {
                let area = AccessibilityElement(accessibilityContainer: self)
                area.accessibilityLabel = KeyWord.writingArea.text(padWords)
                area.accessibilityHint = KeyWord.writingAreaHint.text(padWords)
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
                    case .space: KeyWord.space.text(padWords)
                    case .backspace: KeyWord.delete.text(padWords)
                    case .return: KeyWord.return.text(padWords)
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
                element.accessibilityHint = BarHintWord.candidate.text(padWords)
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
