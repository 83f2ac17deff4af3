// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How a cell lays out its standard labels and accessory, how tall it wants to be, and how it
/// draws its background, selection, accessory and separator.
extension TableViewCell {
    /// The accessory's width at the trailing edge, margin included.
    var accessoryWidth: Double { drawnAccessoryWidth + editing.reorderWidth }

    /// The accessory's own width, without the reorder control's.
    private var drawnAccessoryWidth: Double {
        if let accessoryView, !editing.isEditing { return accessoryView.frame.width + 16 }
        switch shownAccessoryType {
        case .none: return 0
        case .disclosureIndicator, .checkmark: return 34
        case .detailButton: return 44
        case .detailDisclosureButton: return 68
        }
    }

    /// The accessory drawn now: in editing mode, the editing one.
    var shownAccessoryType: AccessoryType { editing.isEditing ? editing.accessoryType : accessoryType }

    /// The info button's rectangle, for the types that have one.
    var detailButtonRect: Rect? {
        let type = shownAccessoryType
        guard type == .detailButton || type == .detailDisclosureButton else { return nil }
        let right = bounds.maxX - editing.reorderWidth
        let x = type == .detailButton ? right - 16 - 24 : right - 16 - 24 - 24
        return placed(Rect(x: x - 6, y: bounds.midY - 18, width: 36, height: 36))
    }

    /// Whether the row is laid out right to left: the accessory and reorder control at the left
    /// edge, the editing control and the text at the right, as UIKit mirrors a cell.
    var isMirrored: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// A rectangle worked out left to right, mirrored in a right-to-left row, then moved by the
    /// row's swipe (RowSwipe: the swipe's offset is in screen terms, not mirrored).
    func placed(_ rect: Rect) -> Rect {
        let r = isMirrored ? Rect(x: bounds.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
        return r.offsetBy(dx: swipeOffset, dy: 0)
    }

    /// The editing control's place: at the leading edge, or just past it while hidden.
    func editingControlFrame(shown: Bool) -> Rect { placed(Rect(x: shown ? 0 : -40, y: 0, width: 40, height: bounds.height)) }

    /// Places the accessory, the content view and the standard views.
    func layOutCell() {
        let b = bounds
        if let accessoryView {
            if accessoryView.frame.size == .zero { accessoryView.sizeToFit() }
            let size = accessoryView.frame.size
            accessoryView.frame = placed(
                Rect(x: b.maxX - 16 - size.width, y: (b.midY - size.height / 2).rounded(), width: size.width, height: size.height))
        }
        // A row swiped open (RowSwipe) moves its content aside for its actions; in editing mode
        // (TableEditor) the content moves aside for the editing control.
        let indent = editing.indent
        editing.control?.frame = editingControlFrame(shown: editing.isEditing)
        contentView.frame = placed(Rect(x: indent, y: 0, width: max(0, b.width - accessoryWidth - indent), height: b.height))
        selectedBackgroundView?.frame = b
        layoutStandardViews(in: contentView.bounds)
    }

    /// Places the standard labels and image in the content view's margins.
    private func layoutStandardViews(in bounds: Rect) {
        guard _textLabel != nil || _detailTextLabel != nil || _imageView != nil else { return }
        let margins = contentView.layoutMargins
        var x = margins.left
        let right = bounds.width - (accessoryWidth > 0 ? 0 : margins.right)
        if let imageView = _imageView, let image = imageView.image {
            let side = min(image.size.width, 40)
            imageView.frame = Rect(x: x, y: (bounds.midY - side / 2).rounded(), width: side, height: side)
            x += side + 12
        } else {
            _imageView?.frame = .zero
        }
        let width = max(0, right - x)
        let text = _textLabel, detail = _detailTextLabel
        switch cellStyle {
        case .default:
            text?.frame = Rect(x: x, y: 0, width: width, height: bounds.height)
        case .subtitle:
            let th = text.map { labelHeight($0, width) } ?? 0
            let dh = detail.map { labelHeight($0, width) } ?? 0
            let gap = th > 0 && dh > 0 ? 3.0 : 0
            let top = ((bounds.height - th - gap - dh) / 2).rounded(.down)
            text?.frame = Rect(x: x, y: top, width: width, height: th)
            detail?.frame = Rect(x: x, y: top + th + gap, width: width, height: dh)
        case .value1:
            let dw = min(detail.map { $0.sizeThatFits(Size(width: 0, height: 0)).width.rounded(.up) } ?? 0, width / 2)
            text?.frame = Rect(x: x, y: 0, width: max(0, width - dw - (dw > 0 ? 8 : 0)), height: bounds.height)
            detail?.frame = Rect(x: right - dw, y: 0, width: dw, height: bounds.height)
        case .value2:
            let tw = (width * 0.28).rounded()
            text?.frame = Rect(x: x, y: 0, width: tw, height: bounds.height)
            detail?.frame = Rect(x: x + tw + 6, y: 0, width: max(0, width - tw - 6), height: bounds.height)
        }
        // Right to left, the same places mirrored in the content view, and the labels UIKit
        // aligns to the right (value1's detail, value2's title) aligned to the left.
        let mirrored = isMirrored
        if cellStyle == .value1 { detail?.textAlignment = mirrored ? .left : .right }
        if cellStyle == .value2 { text?.textAlignment = mirrored ? .left : .right }
        guard mirrored else { return }
        // A label of natural alignment follows its own text's direction (Latin text starts at
        // the left): hugging its text, it stands at the right once mirrored, as UIKit shows it.
        let hugging = cellStyle == .value2 ? [] : cellStyle == .value1 ? [text] : [text, detail]
        for case let label? in hugging where label.textAlignment == .natural {
            let fit = label.sizeThatFits(Size(width: label.frame.width, height: 0)).width.rounded(.up)
            label.frame.size.width = min(label.frame.width, fit)
        }
        for view in [_imageView as View?, text, detail].compactMap({ $0 }) {
            view.frame.origin.x = bounds.width - view.frame.maxX
        }
    }

    private func labelHeight(_ label: Label, _ width: Double) -> Double {
        guard let text = label.text, !text.isEmpty else { return 0 }
        return label.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up)
    }

    /// The height the cell wants at a width: its standard labels' (at least 44), or what its
    /// content view's constraints give it.
    func fittingHeight(forWidth width: Double) -> Double {
        let contentWidth = max(0, width - accessoryWidth - editing.indent)
        let margins = contentView.layoutMargins
        let standard = [_textLabel, _detailTextLabel].compactMap { $0 } as [View] + [_imageView].compactMap { $0 }
        let custom = contentView.subviews.filter { view in !standard.contains { $0 === view } }
        if custom.isEmpty {
            var x = margins.left
            if let image = _imageView?.image { x += min(image.size.width, 40) + 12 }
            let labelWidth = max(0, contentWidth - x - (accessoryWidth > 0 ? 0 : margins.right))
            let th = _textLabel.map { labelHeight($0, labelWidth) } ?? 0
            let dh = _detailTextLabel.map { labelHeight($0, labelWidth) } ?? 0
            let labels = cellStyle == .subtitle ? th + dh + (th > 0 && dh > 0 ? 3 : 0) : max(th, dh)
            return max(44, (labels + margins.top + margins.bottom).rounded(.up))
        }
        return contentFittingHeight(forWidth: contentWidth)
    }

    // MARK: Drawing

    /// The background (rounded on a card's outer rows), the selection, the line and the accessory.
    func drawCell(in context: GraphicsContext) {
        let b = bounds
        let radius = 10.0
        let fill: Color?
        if showsSelection && selectedBackgroundView == nil {
            fill = .systemGray4
        } else {
            fill = backgroundColor == nil ? (tableStyle == .plain ? .systemBackground : .secondarySystemGroupedBackground) : nil
        }
        // A plain table's cell of the table's own colour is not filled again: the table's fill
        // shows through (a window-wide fill per row is most of a scrolled frame's cost).
        let table = superview as? TableView
        let sameAsTable = table.map { $0.style == .plain && $0.backgroundColor == fill && fill?.alpha == 1 } ?? false
        if let fill, !sameAsTable {
            if position.roundsTop || position.roundsBottom {
                // A card's first or last row: rounded on its outer side only (the other side's
                // corners fall outside the clip).
                context.saveGState()
                context.clip(to: b)
                let top = position.roundsTop ? b.minY : b.minY - radius
                let bottom = position.roundsBottom ? b.maxY : b.maxY + radius
                context.fillRoundedRect(Rect(x: b.minX, y: top, width: b.width, height: bottom - top), radius: radius, color: fill)
                context.restoreGState()
            } else {
                context.fill(b, color: fill)
            }
        }
        if let inset = position.separator {
            // The line starts under the text: from the right in a right-to-left row.
            let mirrored = isMirrored
            let left = b.minX + (mirrored ? inset.right : inset.left), right = b.maxX - (mirrored ? inset.left : inset.right)
            if right > left { context.fill(Rect(x: left, y: b.maxY - 1, width: right - left, height: 1), color: position.separatorColor) }
        }
        // A row swiped open (RowSwipe) moves its drawn accessory aside with its content.
        drawAccessory(context: context)
        if editing.reorderWidth > 0 {
            let control = RowReorder.controlWidth
            drawReorderControl(in: placed(Rect(x: b.maxX - control, y: b.minY, width: control, height: b.height)), context: context)
        }
    }

    private var tableStyle: TableView.Style { (superview as? TableView)?.style ?? .plain }

    /// The drawn accessory at the trailing edge (left of the reorder control in editing mode);
    /// the chevron points the other way in a right-to-left row.
    private func drawAccessory(context: GraphicsContext) {
        guard accessoryView == nil || editing.isEditing else { return }
        let b = bounds
        let edge = b.maxX - editing.reorderWidth
        func symbol(_ name: String, size: Double, color: Color, right: Double) {
            guard let image = AccessorySymbols.image(name, size: size, color: color.resolvedColor(with: context.userInterfaceStyle)) else { return }
            let s = image.size
            context.drawImage(
                image, in: placed(Rect(x: (right - s.width).rounded(), y: (b.midY - s.height / 2).rounded(), width: s.width, height: s.height)))
        }
        // The symbol's name, pointing to the trailing edge.
        var chevron = "chevron.right"
        if isMirrored { chevron = "chevron.left" }
        let type = shownAccessoryType
        switch type {
        case .none: break
        case .disclosureIndicator: symbol(chevron, size: 14, color: .systemGray2, right: edge - 12)
        case .checkmark: symbol("checkmark", size: 15, color: tintColor, right: edge - 14)
        case .detailButton, .detailDisclosureButton:
            if type == .detailDisclosureButton { symbol(chevron, size: 14, color: .systemGray2, right: edge - 12) }
            guard let button = detailButtonRect else { return }
            let circle = Rect(x: button.midX - 11, y: button.midY - 11, width: 22, height: 22)
            context.strokeRoundedRect(circle, radius: 11, lineWidth: 1.5, color: tintColor)
            let font = Font.systemFont(ofSize: 15, weight: .bold)
            let run = context.shape("i", font: font)
            let metrics = context.fontProvider.metrics(for: font)
            context.drawText(
                run, at: Point(x: (circle.midX - run.width / 2).rounded(), y: (circle.midY - metrics.lineHeight / 2).rounded()), color: tintColor)
        }
    }
}

extension TableViewCell {
    /// The height the content view's own views need at a width: their constraints, solved as
    /// `systemLayoutSizeFitting` does, or their frames' extent. Constraints that fix no height
    /// (a label centred vertically, nothing to the top and bottom) give UIKit's fallback, 44
    /// points, not a row of nothing.
    func contentFittingHeight(forWidth width: Double) -> Double {
        let constrained = contentView.subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
        guard constrained else {
            let bottom = contentView.subviews.filter { !$0.isHidden }.map(\.frame.maxY).max() ?? 0
            return max(44, bottom + contentView.layoutMargins.bottom)
        }
        let fitted = contentView.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let height = Double(fitted.height).rounded(.up)
        return height > 0 ? height : 44
    }
}

/// The accessories' symbols, made and tinted once: a new image each frame would be a new texture
/// for the renderer every time a row is drawn.
@MainActor
enum AccessorySymbols {
    private struct Key: Hashable {
        let name: String
        let size: Double
        let color: Color
    }
    private static var images: [Key: Image] = [:]

    static func image(_ name: String, size: Double, color: Color) -> Image? {
        let key = Key(name: name, size: size, color: color)
        if let image = images[key] { return image }
        guard let symbol = Image(systemName: name, withConfiguration: .init(pointSize: size)) else { return nil }
        if images.count > 32 { images.removeAll() }  // tint colours come and go; a few are in use at once
        let tinted = symbol.withTintColor(color)
        images[key] = tinted
        return tinted
    }
}
