// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A text view's text as an editable store (UIKit's `NSTextStorage`): edits made to it show in
/// the view at once, and, as in UIKit, ask no delegate and post no change notification.
@preconcurrency @MainActor
public final class TextStorage {
    /// The view whose text this is.
    public private(set) weak var textView: TextView?

    init(textView: TextView) { self.textView = textView }

    /// The plain text.
    public var string: String { textView?.text ?? "" }
    /// Its length in UTF-16 code units (`NSString.length`).
    public var length: Int { textView?.editor.model.utf16Count ?? 0 }

    /// The attributes of the character at a UTF-16 location.
    public func attributes(at location: Int) -> TextAttributes {
        textView?.attributedText.attributes(at: location) ?? .plain
    }

    /// Replaces a range with text; the selection keeps its place around the edit.
    public func replaceCharacters(in range: NSRange, with string: String) {
        textView?.editor.replaceProgrammatically(range.location..<(range.location + range.length), with: string)
        textView?.textStorageDidChange()
    }

    /// Sets the attributes of a range.
    public func setAttributes(_ attributes: TextAttributes, range: NSRange) {
        textView?.editor.setAttributesProgrammatically(attributes, range: range.location..<(range.location + range.length))
    }
}
