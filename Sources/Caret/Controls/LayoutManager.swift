// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a text view's lines are (UIKit's `NSLayoutManager`), in the text view's coordinates
/// (its content: they move with scrolling).
@preconcurrency @MainActor
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
