// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a press shows over the keys, in the window's top layer (docs/behaviour/world-input.md): the
/// preview of the pressed key or its alternates, the globe key's language list (scrolling while
/// the finger rests at its edge), and a swiping finger's trail. Key frames are in `anchor`'s
/// coordinates (the keyboard's).
@MainActor
package final class KeyPopups {
    /// The view the keys are laid out in.
    private unowned let anchor: View
    /// The popup showing the pressed key or its alternates, if any.
    package private(set) var popup: KeyPopupView?
    /// The globe key's language list, while a long press on the globe shows it.
    package private(set) var languageList: LanguageListView?
    /// The trail of a swiping finger.
    package private(set) var trail: SwipeTrailView?
    /// Where the finger is over the language list (its y there), for the list's scrolling.
    private var listY = 0.0
    private var listScroll: Animator.Token?

    /// How often the language list scrolls half a row while a finger rests at its edge.
    static let languageListScrollInterval = 0.12

    init(anchor: View) { self.anchor = anchor }

    /// Shows labels over a key: the key's own (a preview) or its alternates, one highlighted.
    /// Returns where the cells are, in the anchor's coordinates (nil: nothing shown, no window).
    @discardableResult
    func show(_ labels: [String], highlighted: Int?, over keyFrame: Rect, keyHeight: Double, font: Font)
        -> KeyPressMachine.AlternateCells?
    {
        guard let window = anchor.window else { return nil }
        hidePopup()
        let newPopup = KeyPopupView(labels: labels, font: font)
        newPopup.highlighted = highlighted
        let key = anchor.convert(keyFrame, to: nil)
        // Cells shrink so that a long row of alternates (Vietnamese a has 17) stays on screen.
        let cellWidth = min(max(key.width, keyHeight * 0.9), (window.bounds.width - 12) / Double(labels.count))
        let size = Size(width: cellWidth * Double(labels.count) + 8, height: (keyHeight * 1.25).rounded())
        var x = key.midX - cellWidth / 2 - 4
        x = min(max(2, x), window.bounds.width - size.width - 2)
        newPopup.cellWidth = cellWidth
        newPopup.frame = Rect(x: x.rounded(), y: (key.minY - size.height - 4).rounded(), width: size.width, height: size.height)
        window.topLayer.addSubview(newPopup)
        popup = newPopup
        // The finger may wander half a cell beside the popup and half a key below its key before
        // the lift backs out.
        let area = anchor.convert(newPopup.frame.union(key), from: nil).insetBy(dx: -cellWidth / 2, dy: -keyHeight / 2)
        return KeyPressMachine.AlternateCells(
            minX: anchor.convert(Point.zero, from: newPopup).x, cellWidth: cellWidth, count: labels.count, area: area)
    }

    func hidePopup() {
        popup?.removeFromSuperview()
        popup = nil
    }

    /// The language list over the globe key, the current language highlighted.
    func showLanguageList(_ names: [String], current: Int, over keyFrame: Rect, keyHeight: Double) {
        guard let window = anchor.window else { return }
        hidePopup()
        let rowHeight = (keyHeight * 0.9).rounded()
        let font = Font.systemFont(ofSize: (keyHeight * 0.4).rounded())
        let list = LanguageListView(names: names, current: current, rowHeight: rowHeight, font: font)
        let key = anchor.convert(keyFrame, to: nil)
        let widest = names.map { anchor.fontProvider.shape($0, font: font).width }.max() ?? 0
        let width = min(window.bounds.width - 4, max(200, widest + rowHeight * 0.7 + 32))
        let height = min(key.minY - 6, rowHeight * Double(names.count) + 8)
        let x = min(max(2, key.minX), window.bounds.width - width - 2)
        list.frame = Rect(x: x.rounded(), y: (key.minY - height - 4).rounded(), width: width.rounded(), height: height.rounded())
        window.topLayer.addSubview(list)
        list.reveal(row: list.current)
        languageList = list
    }

    /// The finger moved over the list: the row under it is highlighted, and at the list's top or
    /// bottom edge the rows scroll half a row at a time while it rests there.
    func trackLanguageList(at point: Point) {
        guard let list = languageList else { return }
        listY = list.convert(point, from: anchor).y
        list.highlighted = list.row(atY: listY)
        scrollLanguageList()
    }

    private func scrollLanguageList() {
        guard listScroll == nil, let list = languageList, list.scrollDirection(atY: listY) != 0 else { return }
        listScroll = anchor.window?.animator.schedule(after: Self.languageListScrollInterval) { [weak self] in
            guard let self, let list = self.languageList else { return }
            self.listScroll = nil
            if list.scroll(list.scrollDirection(atY: self.listY)) { list.highlighted = list.row(atY: self.listY) }
            self.scrollLanguageList()
        }
    }

    func hideLanguageList() {
        if let listScroll { anchor.window?.animator.cancel(listScroll) }
        listScroll = nil
        languageList?.removeFromSuperview()
        languageList = nil
    }

    /// A swipe's trail, from the points it went through so far (in the anchor's coordinates).
    func showTrail(_ points: [Point]) {
        guard let window = anchor.window else { return }
        hideTrail()
        let view = SwipeTrailView(frame: anchor.convert(anchor.bounds, to: nil))
        view.isUserInteractionEnabled = false
        window.topLayer.addSubview(view)
        trail = view
        for point in points { extendTrail(point) }
    }

    func extendTrail(_ point: Point) {
        guard let trail else { return }
        trail.add(anchor.convert(point, to: trail))
    }

    func hideTrail() {
        trail?.removeFromSuperview()
        trail = nil
    }
}
