// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The emoji panel as assistive technology sees it (docs/accessibility.md): its search field, the
/// emoji in view by their CLDR names in the window's language, the skin tones a long press
/// offers, and the bottom row (ABC, each category by its CLDR name, Backspace); each one
/// activates as a tap does, so spoken mode and switch access reach every part.
extension EmojiPanelView {
    func panelElements() -> [AccessibilityNode] {
        let shown = shownEmoji, cells = visibleCells, bottom = bottomFrames
        let signature =
            "\(category)|\(scrollOffset)|\(bounds)|\(shown.count)|\(shown.first ?? "")|\(tonesShown?.forms.first ?? "")"
        if let cachedElements, cachedElements.signature == signature { return cachedElements.elements }
        let words = host?.emojiWordsLanguage ?? Localization.language(for: self)
        let names = try? BundledEmoji.names(for: words)?.get()
        func element(_ label: String, _ frame: Rect, _ traits: AccessibilityTraits, activate: @escaping @MainActor (EmojiPanelView) -> Void)
            -> AccessibilityElement
        {
            let element = AccessibilityElement(accessibilityContainer: self)
            element.accessibilityLabel = label
            element.accessibilityTraits = traits
            element.accessibilityFrameInContainerSpace = frame
            element.onActivate = { [weak self] in
                guard let self else { return false }
                activate(self)
                return true
            }
            return element
        }
        var elements: [AccessibilityNode] = []
        if let tones = tonesShown {
            elements = zip(tones.forms, tones.frames).map { form, frame in
                element(names?.names[form] ?? form, frame, .keyboardKey) { $0.host?.emojiPanel(picked: form) }
            }
        } else {
            elements.append(element(KeyWord.emojiSearch.text(words), searchFrame, [.searchField, .button]) { $0.host?.emojiPanelSearches() })
            let grid = gridFrame
            for cell in cells where grid.intersects(cellFrame(cell)) {
                let emoji = shown[cell]
                elements.append(element(names?.names[emoji] ?? emoji, cellFrame(cell).intersection(grid), .keyboardKey) { $0.pick(cell) })
            }
        }
        elements.append(element(KeyWord.letters.text(words), bottom.letters, .keyboardKey) { $0.host?.emojiPanelCloses() })
        for (index, tab) in tabs.enumerated() {
            let label = tab == Self.recent ? KeyWord.emojiRecent.text(words) : names?.categoryNames[tab] ?? tab
            elements.append(element(label, bottom.tabs[index], tab == category ? [.button, .selected] : .button) { $0.show(tab) })
        }
        elements.append(element(KeyWord.delete.text(words), bottom.backspace, .keyboardKey) { $0.host?.emojiPanelDeletesBackward() })
        cachedElements = (signature, elements)
        return elements
    }
}
