// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A field's overlays and parts: when the clear button and side views show, the border's
/// padding, and where each part goes by default (UIKit's rectangle hooks call these), left to right
/// or mirrored in a right-to-left interface.
extension TextField {
    /// How the border is drawn (UIKit's `UITextField.BorderStyle`).
    public enum BorderStyle: Int, Hashable, Sendable, CaseIterable {
        /// No border.
        case none
        /// A thin dark rectangle.
        case line
        /// A bezelled rectangle.
        case bezel
        /// A rounded rectangle on white, the common style.
        case roundedRect
    }

    /// When an overlay (the clear button, side views) shows (UIKit's `UITextField.ViewMode`).
    public enum ViewMode: Int, Hashable, Sendable, CaseIterable {
        /// Never.
        case never
        /// Only while editing.
        case whileEditing
        /// Only while not editing.
        case unlessEditing
        /// Always.
        case always
    }

    /// Why editing ended (UIKit's `UITextField.DidEndEditingReason`).
    public enum DidEndEditingReason: Int, Hashable, Sendable {
        /// The user finished (Return, focus moved, resigned).
        case committed
        /// The user cancelled (Escape).
        case cancelled
    }

    /// A part of the field a rectangle hook places.
    enum Part { case text, clearButton, leftView, rightView }

    /// Whether an overlay shown in `mode` shows now.
    func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// Space between the border and what is inside it.
    var padding: EdgeInsets {
        switch borderStyle {
        case .none: return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        case .line, .bezel: return EdgeInsets(top: 2, left: 4, bottom: 2, right: 4)
        case .roundedRect: return EdgeInsets(top: 4, left: 7, bottom: 4, right: 7)
        }
    }

    /// A side view's size: its frame's, or, for one made with a zero frame (as UIKit code often
    /// does), what fits it, no taller than the field.
    private func sideViewSize(_ view: View, in area: Rect, bounds: Rect) -> Size {
        guard view.frame.size == .zero else { return view.frame.size }
        let fitting = view.sizeThatFits(area.size)
        return Size(width: min(fitting.width, area.width), height: min(fitting.height, bounds.height))
    }

    /// Where a part goes by default: side views keep their width and are centred vertically, the
    /// clear button sits left of a visible right view, the text gets what is left; mirrored right
    /// to left, the side views, the clear button and the text swap sides.
    func defaultRect(_ part: Part, forBounds bounds: Rect) -> Rect {
        var area = bounds.inset(by: padding)
        var left = Rect(x: area.minX, y: bounds.midY, width: 0, height: 0)
        if let leftView, shows(leftViewMode) {
            let size = sideViewSize(leftView, in: area, bounds: bounds)
            left = Rect(x: area.minX, y: (bounds.midY - size.height / 2).rounded(.down), width: size.width, height: size.height)
            area = Rect(x: left.maxX + 4, y: area.minY, width: max(0, area.maxX - left.maxX - 4), height: area.height)
        }
        var right = Rect(x: area.maxX, y: bounds.midY, width: 0, height: 0)
        if let rightView, shows(rightViewMode) {
            let size = sideViewSize(rightView, in: area, bounds: bounds)
            right = Rect(x: area.maxX - size.width, y: (bounds.midY - size.height / 2).rounded(.down), width: size.width, height: size.height)
            area.size.width = max(0, area.width - size.width - 4)
        }
        let side = 19.0
        let clear = Rect(x: area.maxX - side, y: bounds.midY - side / 2, width: side, height: side)
        if isClearButtonVisible { area.size.width = max(0, clear.minX - 4 - area.minX) }
        let rect =
            switch part {
            case .text: area
            case .clearButton: clear
            case .leftView: left
            case .rightView: right
            }
        guard isRightToLeftLayout else { return rect }
        return rect.offsetBy(dx: bounds.minX + bounds.maxX - 2 * rect.midX, dy: 0)
    }

    /// The clear button: a filled circle with a white cross.
    func drawClearButton(in context: GraphicsContext, fill: Color) {
        let r = clearButtonRect
        context.fillRoundedRect(r, radius: r.width / 2, color: fill)
        let inset = r.insetBy(dx: 6, dy: 6)
        context.drawLine(
            from: Point(x: inset.minX, y: inset.minY), to: Point(x: inset.maxX, y: inset.maxY), width: 1.5, color: .white)
        context.drawLine(
            from: Point(x: inset.maxX, y: inset.minY), to: Point(x: inset.minX, y: inset.maxY), width: 1.5, color: .white)
    }
}
