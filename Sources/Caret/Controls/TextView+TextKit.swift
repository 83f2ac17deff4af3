import Foundation

/// A text view's text as an editable store (UIKit's `NSTextStorage`): edits made to it show in
/// the view at once, and, as in UIKit, ask no delegate and post no change notification.
@MainActor
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

/// Where a text view's lines are (UIKit's `NSLayoutManager`), in the text view's coordinates
/// (its content: they move with scrolling).
@MainActor
public final class LayoutManager {
    /// The view laid out.
    public private(set) weak var textView: TextView?

    init(textView: TextView) { self.textView = textView }

    private var origin: Point {
        guard let view = textView else { return .zero }
        return view.editor.convert(view.editor.textOrigin, to: view)
    }

    /// The rectangle of the line holding a character, across the text container's width.
    public func lineFragmentRect(forCharacterAt index: Int) -> Rect {
        guard let view = textView else { return .zero }
        let layout = view.editor.layout
        let index = max(0, min(index, view.editor.model.utf16Count))
        let caret = layout.caretRect(at: layout.lineRange(containing: index).lowerBound)
        let width = view.textContainer.size.width
        return Rect(
            x: origin.x - view.textContainer.lineFragmentPadding, y: origin.y + caret.minY, width: width, height: caret.height)
    }

    /// The smallest rectangle around the glyphs of a character range.
    public func boundingRect(forCharacterRange range: NSRange) -> Rect {
        guard let view = textView else { return .zero }
        let layout = view.editor.layout
        let r = range.location..<(range.location + range.length)
        let rects = r.isEmpty ? [layout.caretRect(at: r.lowerBound)] : layout.selectionRects(for: r)
        return rects.reduce(Rect.null) { $0.union($1) }.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The UTF-16 location nearest a point (a caret position).
    public func characterIndex(for point: Point) -> Int {
        guard let view = textView else { return 0 }
        return view.editor.layout.offset(at: Point(x: point.x - origin.x, y: point.y - origin.y))
    }
}

/// The area a text view's text is laid out in (UIKit's `NSTextContainer`).
@MainActor
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
