// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Manages editing of a text view (UIKit's `UITextViewDelegate`); as in UIKit it is also the
/// view's scroll view delegate, set through `delegate`. Every method is optional: the defaults
/// are UIKit's behaviour when a method is not implemented.
@preconcurrency @MainActor
public protocol TextViewDelegate: ScrollViewDelegate {
    /// Asked before editing begins; `false` keeps the view from becoming first responder.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// Editing began.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Asked before editing ends; `false` keeps the view first responder (unless the end is forced).
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// Editing ended.
    func textViewDidEndEditing(_ textView: TextView)
    /// Asked before the user replaces the text in a range (UTF-16, as `NSRange` counts).
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: TextView)
    /// The selection moved.
    func textViewDidChangeSelection(_ textView: TextView)
    /// A link was tapped (in a selectable, non-editable view); `true` lets the view open it
    /// through its `openURL` handler (none by default: a kiosk opens nothing).
    func textView(_ textView: TextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: TextItemInteraction)
        -> Bool
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        true
    }
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
    public func textView(
        _ textView: TextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: TextItemInteraction
    ) -> Bool { true }
}
