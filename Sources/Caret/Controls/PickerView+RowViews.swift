// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a delegate that gives no row views returns: the wheel draws the rows' titles.
final class PickerTitleRowView: View {}

/// The views a picker's delegate gives a wheel's rows (UIKit's
/// `pickerView(_:viewForRow:forComponent:reusing:)`), in place of titles: the rows on the front of
/// the cylinder each get a view, as tall as a row and as wide as the wheel, centred where the
/// row's title would be and faded as it turns away; a view whose row turned off the wheel is
/// handed back to the delegate as `reusing` for the next row that comes on.
@MainActor
final class PickerRowViews {
    /// The views of the rows on the wheel now, by row.
    private(set) var shown: [Int: View] = [:]
    /// Views off the wheel, for the delegate to reuse.
    private var spare: [View] = []
    /// Whether the delegate gives views (asked again at every reload).
    private(set) var isActive = false

    /// The wheel's rows were reloaded: the views go, and the delegate is asked whether it gives views.
    func reload(for wheel: PickerWheel) {
        for view in shown.values { view.removeFromSuperview() }
        shown.removeAll()
        spare.removeAll()
        isActive = false
        guard wheel.rowCount > 0, let delegate = wheel.picker.delegate else { return }
        let first = delegate.pickerView(wheel.picker, viewForRow: 0, forComponent: wheel.component, reusing: nil)
        isActive = !(first is PickerTitleRowView)
        if isActive { spare.append(first) }
    }

    /// Puts a view on every row on the wheel's front, where the row is now.
    func place(in wheel: PickerWheel) {
        guard isActive, let delegate = wheel.picker.delegate else { return }
        let rows = wheel.visibleRows
        let onWheel = Set(rows.map(\.row))
        for (row, view) in shown where !onWheel.contains(row) {
            view.removeFromSuperview()
            shown[row] = nil
            spare.append(view)
        }
        let bounds = wheel.bounds
        for (row, angle) in rows {
            let view =
                shown[row]
                ?? delegate.pickerView(wheel.picker, viewForRow: row, forComponent: wheel.component, reusing: spare.popLast())
            shown[row] = view
            if view.superview !== wheel { wheel.addSubview(view) }
            let centre = bounds.midY + wheel.radius * sin(angle)
            view.frame = Rect(x: 0, y: centre - wheel.rowHeight / 2, width: bounds.width, height: wheel.rowHeight)
            view.alpha = cos(angle) * cos(angle)
        }
    }

    /// A row's words for assistive technology: the first accessibility label in its view.
    func spokenTitle(forRow row: Int) -> String? {
        guard let view = shown[row] else { return nil }
        return Self.firstLabel(in: view)
    }

    private static func firstLabel(in view: View) -> String? {
        if let label = view.accessibilityLabel, !label.isEmpty { return label }
        for subview in view.subviews { if let label = firstLabel(in: subview) { return label } }
        return nil
    }
}
