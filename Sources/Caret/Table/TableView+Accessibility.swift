// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A table as assistive technology reads it: its shown rows, headers and footers in reading
/// order (the Linux bridge calls it a table and each row a table cell); a row of standard labels
/// is one element read as its labels, a row holding controls or fields lets each be reached.
extension TableView {
    /// What is shown, top to bottom: the table's header, section headers, rows and footers.
    var shownAccessibilityNodes: [AccessibilityNode] {
        layoutIfNeeded()
        var views: [View] = Array(visibleCells_.values) + Array(visibleHeaders.values) + Array(visibleFooters.values)
        views += [tableHeaderView, tableFooterView].compactMap { $0 }
        return views.filter { !$0.isHidden && $0.frame.intersects(bounds) }.sorted { $0.frame.minY < $1.frame.minY }
    }

    /// Whether a person may select the row (a tap would): the table allows it and the delegate
    /// lets the row highlight.
    func userCanSelectRow(at path: IndexPath) -> Bool {
        editor.tapSelects && (tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true)
    }

    /// Runs a tiling pass; when it shows other rows, headers or footers than before (the table
    /// scrolled), assistive technology hears that the table's children changed.
    func tellingAccessibilityOfTiling(_ body: () -> Void) {
        guard let window, window.hasAccessibilityObservers else { return body() }
        // What the shown rows, headers and footers are, before and after.
        func keys() -> [AnyHashable] { [Set(visibleCells_.keys), Set(visibleHeaders.keys), Set(visibleFooters.keys)] }
        let before = keys()
        body()
        if keys() != before { window.accessibilityChildrenDidChange(self) }
    }
}

extension TableViewCell {
    /// The standard views; anything else in the content view is the app's own.
    private var holdsOnlyStandardViews: Bool {
        let standard: [View] = [_textLabel, _detailTextLabel, _imageView].compactMap { $0 }
        return contentView.subviews.allSatisfy { view in standard.contains { $0 === view } } && accessoryView == nil
    }

    /// A row of standard labels is one element, read as its labels.
    var standardAccessibilityDefaults: AccessibilityDefaults {
        let texts = [_textLabel?.text, _detailTextLabel?.text].compactMap { $0 }.filter { !$0.isEmpty }
        let element = holdsOnlyStandardViews && !texts.isEmpty
        var defaults = AccessibilityDefaults(
            isElement: element, label: element ? texts.joined(separator: ", ") : nil,
            traits: isSelected ? .selected : [])
        // The row's swipe actions, by name, for those who cannot swipe (UIKit offers them so too).
        defaults.customActions = { [weak self] in
            guard let self, let table = self.superview as? TableView else { return nil }
            let actions = table.swipe.accessibilityActions(for: self)
            return actions.isEmpty ? nil : actions
        }
        return defaults
    }

    /// Selects the row as a tap would (a double tap under a screen reader, a switch's select).
    func activateRow() -> Bool {
        guard let table = superview as? TableView, let path = table.indexPath(for: self), table.userCanSelectRow(at: path) else { return false }
        table.userSelect(path)
        return true
    }
}
