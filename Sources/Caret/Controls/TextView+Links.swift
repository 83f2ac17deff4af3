// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A text view's attributes and links: Bold, Italic and Underline in the edit menu, and links set
/// as attributes or detected (docs/behaviour/changing-text.md).
extension TextView {
    // MARK: Editing attributes

    /// Bold, Italic and Underline for the selection: each toggles from the selection's first character.
    func attributeActions() -> [EditMenuAction] {
        let first = editor.model.document.attributes(at: editor.selectedRange.lowerBound)
        let current = first.font ?? font
        let base = font
        let words = Localization.language(for: self)
        return [
            EditMenuAction(identifier: .bold, title: EditWord.bold.text(words)) { [weak self] in
                let bold = current.weight < .bold
                self?.editor.transformSelectedAttributes { attributes in
                    var changed = attributes
                    let f = attributes.font ?? base
                    changed.font = Font(
                        familyName: f.familyName, size: f.pointSize, weight: bold ? .bold : .regular, italic: f.isItalic)
                    return changed
                }
            },
            EditMenuAction(identifier: .italic, title: EditWord.italic.text(words)) { [weak self] in
                let italic = !current.isItalic
                self?.editor.transformSelectedAttributes { attributes in
                    var changed = attributes
                    let f = attributes.font ?? base
                    changed.font = Font(familyName: f.familyName, size: f.pointSize, weight: f.weight, italic: italic)
                    return changed
                }
            },
            EditMenuAction(identifier: .underline, title: EditWord.underline.text(words)) { [weak self] in
                let underline = (first.underlineStyle ?? UnderlineStyle.none) == UnderlineStyle.none
                self?.editor.transformSelectedAttributes { attributes in
                    var changed = attributes
                    changed.underlineStyle = underline ? .single : UnderlineStyle.none
                    return changed
                }
            },
        ]
    }

    // MARK: Links and data detection

    /// The link (set as an attribute, or detected) under a point in the editor, with its range.
    public func link(at point: Point) -> (url: URL, range: NSRange)? {
        let document = editor.display.document
        let offset = editor.offset(at: point)
        let origin = editor.textOrigin
        for candidate in [offset, offset - 1] where candidate >= 0 && candidate < document.utf16Count {
            let hit = editor.layout.selectionRects(for: candidate..<(candidate + 1)).contains {
                $0.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -2, dy: 0).contains(point)
            }
            guard hit, let link = document.attributes(at: candidate).link, let url = URL(string: link) else { continue }
            var lower = candidate, upper = candidate + 1
            while lower > 0, document.attributes(at: lower - 1).link == link { lower -= 1 }
            while upper < document.utf16Count, document.attributes(at: upper).link == link { upper += 1 }
            return (url, NSRange(location: lower, length: upper - lower))
        }
        return nil
    }

    /// Links are tappable only when the text is selectable and not editable (docs/behaviour/changing-text.md): a tap asks
    /// to open, a long press to present actions (the delegate decides; opening is the app's).
    func interactWithLink(at point: Point, _ interaction: TextItemInteraction) -> Bool {
        guard isSelectable, !isEditable, let (url, range) = link(at: point) else { return false }
        let allowed = textViewDelegate?.textView(self, shouldInteractWith: url, in: range, interaction: interaction) ?? true
        if allowed && interaction == .invokeDefaultAction { openURL?(url) }
        return true
    }

    func updateDataDetection() { editor.display.decorationsDidChange() }
}
