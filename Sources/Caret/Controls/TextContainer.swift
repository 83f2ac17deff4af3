// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The area a text view's text is laid out in (UIKit's `NSTextContainer`).
@preconcurrency @MainActor
public final class TextContainer {
    /// Its size: the width lines wrap at (tracking the text view unless `widthTracksTextView` is false).
    public var size: Size {
        didSet { textView?.textContainerDidChange() }
    }
    /// Space at each end of every line (5 points).
    public var lineFragmentPadding = 5.0 { didSet { textView?.textContainerDidChange() } }
    /// Whether the width follows the text view's width (true).
    public var widthTracksTextView = true { didSet { textView?.textContainerDidChange() } }
    /// The text view using it.
    public internal(set) weak var textView: TextView?

    /// A container of a size (the default lets the text view decide).
    public init(size: Size = Size(width: 0, height: Double.greatestFiniteMagnitude)) {
        self.size = size
    }
}
