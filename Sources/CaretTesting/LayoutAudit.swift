// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret

/// Finds text a person could not read in a laid-out window (issue 40 item 8): a label, button
/// title, field or placeholder that needs more room than its view has (cut off or truncated), a
/// view that sticks out of its superview or off the screen, and two views with text that overlap.
/// What each view needs is measured from its text and font with the window's font provider, not
/// taken from the view's own layout. The keyboard is not audited (it has its own goldens).
@preconcurrency @MainActor
public enum LayoutAudit {
    /// One problem: the view (its type, accessibility identifier or text) and what is wrong.
    public struct Problem: CustomStringConvertible, Sendable {
        public let view: String
        public let issue: String
        public var description: String { "\(view): \(issue)" }
    }

    /// The problems in the window's content and modal layers; empty when everything fits. Views
    /// `ignoring` picks (a label that truncates on purpose) are passed over.
    public static func problems(in window: Window, tolerance: Double = 0.5, ignoring: (View) -> Bool = { _ in false }) -> [Problem] {
        var problems: [Problem] = []
        var texts: [(view: View, visible: Rect)] = []
        let screen = window.bounds
        for layer in [window.contentLayer, window.modalLayer] {
            var layerTexts: [(view: View, visible: Rect)] = []
            walk(layer, clip: screen, inScroll: false, tolerance: tolerance, ignoring: ignoring, problems: &problems, texts: &layerTexts)
            texts += layerTexts
            // Text views of one layer must not overlap (a dialog covers the content by design).
            for i in layerTexts.indices {
                for j in layerTexts.indices where j > i {
                    let a = layerTexts[i], b = layerTexts[j]
                    if a.view.isDescendant(of: b.view) || b.view.isDescendant(of: a.view) { continue }
                    let overlap = a.visible.intersection(b.visible)
                    if !overlap.isNull, overlap.width > tolerance, overlap.height > tolerance {
                        problems.append(Problem(view: name(a.view), issue: "overlaps \(name(b.view)) by \(overlap.width)×\(overlap.height) pt"))
                    }
                }
            }
        }
        return problems
    }

    private static func walk(
        _ view: View, clip: Rect, inScroll: Bool, tolerance: Double, ignoring: (View) -> Bool, problems: inout [Problem],
        texts: inout [(view: View, visible: Rect)]
    ) {
        guard !view.isHidden, view.alpha > 0.01, !ignoring(view) else { return }
        if view is KeyboardView { return }
        let frame = view.convert(view.bounds, to: nil)
        let visible = frame.intersection(clip)
        if let superview = view.superview, !(superview is ScrollView), !(superview is PassthroughView), showsText(view) {
            let outer = superview.bounds.insetBy(dx: -tolerance, dy: -tolerance)
            if !outer.contains(view.frame) {
                problems.append(Problem(view: name(view), issue: "sticks out of its \(type(of: superview)) (\(view.frame) in \(superview.bounds))"))
            }
        }
        if showsText(view) {
            if !inScroll, !screenContains(clip, frame, tolerance) {
                problems.append(Problem(view: name(view), issue: "is off the screen or cut by its container (\(frame) in \(clip))"))
            }
            if let issue = textIssue(view, tolerance: tolerance) { problems.append(Problem(view: name(view), issue: issue)) }
            if !visible.isNull, visible.width > 0, visible.height > 0 { texts.append((view, visible)) }
            if view is TextField || view is TextView || view is Button { return }  // their parts are theirs
        }
        let scrolls = view is ScrollView
        let inner = view.clipsToBounds ? clip.intersection(frame) : clip
        for subview in view.subviews {
            walk(subview, clip: inner, inScroll: inScroll || scrolls, tolerance: tolerance, ignoring: ignoring, problems: &problems, texts: &texts)
        }
    }

    private static func screenContains(_ clip: Rect, _ frame: Rect, _ tolerance: Double) -> Bool {
        clip.insetBy(dx: -tolerance, dy: -tolerance).contains(frame)
    }

    /// Views that show text or are controls a person reads.
    private static func showsText(_ view: View) -> Bool {
        switch view {
        case let label as Label: return !(label.text ?? "").isEmpty
        case is Button, is TextField, is TextView: return true
        default: return false
        }
    }

    /// What the view's text needs against what it has.
    private static func textIssue(_ view: View, tolerance: Double) -> String? {
        let fonts = view.fontProvider
        let size = view.bounds.size
        switch view {
        case let label as Label:
            let text = label.text ?? ""
            let lineHeight = fonts.metrics(for: label.font).lineHeight
            if label.numberOfLines == 1 {
                let width = fonts.shape(text, font: label.font).width
                if width > size.width + tolerance { return "\"\(text)\" is \(width) pt wide in \(size.width) (truncated)" }
                if lineHeight > size.height + tolerance { return "a line is \(lineHeight) pt tall in \(size.height) (cut off)" }
            } else {
                let needed = label.sizeThatFits(Size(width: size.width, height: 0)).height
                let lines = label.numberOfLines
                label.numberOfLines = 0
                let unlimited = label.sizeThatFits(Size(width: size.width, height: 0)).height
                label.numberOfLines = lines
                if unlimited > needed + tolerance { return "\"\(text)\" needs \(unlimited) pt in \(label.numberOfLines) lines (truncated)" }
                if needed > size.height + tolerance { return "\"\(text)\" needs \(needed) pt of height in \(size.height) (cut off)" }
            }
        case let button as Button:
            let need = button.intrinsicContentSize
            if need.width > size.width + tolerance { return "title needs \(need.width) pt of width in \(size.width)" }
            if need.height > 44 + tolerance, need.height > size.height + tolerance {
                return "title needs \(need.height) pt of height in \(size.height)"
            }
        case let field as TextField:
            let need = field.intrinsicContentSize.height
            if need > size.height + tolerance { return "a line of text needs \(need) pt in \(size.height) (cut off)" }
            if !field.hasText, let placeholder = field.placeholder, !placeholder.isEmpty {
                let width = fonts.shape(placeholder, font: field.font).width
                let room = size.width - 16 - (field.leftView?.frame.width ?? 0) - (field.rightView?.frame.width ?? 0)
                if width > room + tolerance { return "placeholder \"\(placeholder)\" is \(width) pt wide in \(room) (cut off)" }
            }
        case let textView as TextView:
            let lineHeight = fonts.metrics(for: textView.font).lineHeight
            if lineHeight > size.height + tolerance { return "a line is \(lineHeight) pt tall in \(size.height)" }
        default: break
        }
        return nil
    }

    private static func name(_ view: View) -> String {
        let kind = String(describing: type(of: view))
        if let id = view.accessibilityIdentifier { return "\(kind) \(id)" }
        switch view {
        case let label as Label: return "\(kind) \"\(label.text ?? "")\""
        case let button as Button: return "\(kind) \"\(button.currentTitle ?? "")\""
        case let field as TextField: return "\(kind) \"\(field.placeholder ?? "")\""
        default: return kind
        }
    }
}
