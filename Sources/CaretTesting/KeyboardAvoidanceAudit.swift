// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import Foundation

/// Checks a screen against docs/behaviour/avoidance.md the way a user would find a fault: with the on-screen keyboard
/// up, each view is focused in turn and must end clear of the keyboard (its focus rect inside the
/// window, its margin above the keyboard, not clipped by a scroll view around it); when editing
/// ends, every frame, offset and inset the avoidance pass moved must be back where it was.
@preconcurrency @MainActor
public enum KeyboardAvoidanceAudit {
    /// What an audit found.
    public struct Report: Sendable, CustomStringConvertible {
        /// Indices of views that would not take focus.
        public var unfocusable: [Int] = []
        /// Indices of views left under the keyboard, outside the window or clipped.
        public var occluded: [Int] = []
        /// Indices of views focused with the keyboard not shown (nothing to be clear of: not audited).
        public var keyboardNotShown: [Int] = []
        /// Geometry that did not come back once the keyboard went ("before → after").
        public var notRestored: [String] = []
        /// Whether the keyboard was still up after editing ended.
        public var keyboardStayed = false
        /// Whether nothing was found.
        public var isClean: Bool {
            unfocusable.isEmpty && occluded.isEmpty && keyboardNotShown.isEmpty && notRestored.isEmpty && !keyboardStayed
        }
        public var description: String {
            isClean
                ? "clean"
                : "unfocusable \(unfocusable), occluded \(occluded), keyboard not shown \(keyboardNotShown), not restored \(notRestored.prefix(3))"
                    + (keyboardStayed ? ", the keyboard stayed" : "")
        }
    }

    /// Audits `focusable` (in that order) in a window whose root view is already set.
    public static func run(_ host: HeadlessWindow, focusable: [View], policy: KeyboardAvoidance.Policy = .scroll) -> Report {
        var report = Report()
        host.window.keyboard.policy = .always
        host.window.keyboardAvoidance.policy = policy
        host.settle()
        let before = geometry(of: host.window)
        for (i, view) in focusable.enumerated() {
            guard view.becomeFirstResponder() else {
                report.unfocusable.append(i)
                continue
            }
            host.settle()
            if !host.window.keyboard.isVisible {
                report.keyboardNotShown.append(i)
            } else if !isClear(view, in: host.window) {
                report.occluded.append(i)
            }
        }
        _ = host.window.endEditing(true)
        host.settle()
        report.keyboardStayed = host.window.keyboard.isVisible
        let after = geometry(of: host.window)
        report.notRestored = zip(before, after).filter { $0 != $1 }.map { "\($0.0) → \($0.1)" }
        if before.count != after.count { report.notRestored.append("\(before.count) views before, \(after.count) after") }
        return report
    }

    /// Whether the keyboard is up and a view's focus rect lies inside the window with its margin
    /// above the keyboard, and no scroll view around it clips it away (with the keyboard hidden
    /// there is nothing to be clear of, and the answer is false: such a check proves nothing).
    /// A view whose screen the app lays out on the keyboard layout guide needs only to be wholly in
    /// view: avoidance keeps no margin there (docs/behaviour/avoidance.md).
    public static func isClear(_ view: View, in window: Window) -> Bool {
        guard window.keyboard.isVisible else { return false }
        let margin =
            laysOutOnKeyboardGuide(view, in: window) ? 0 : view.keyboardAvoidanceMargin ?? window.keyboardAvoidance.defaultMargin
        return isWhollyInView(view, in: window, margin: margin)
    }

    /// Whether the view's focus rect, with `margin` below it, is inside the window and above the
    /// keyboard, and no scroll view around it clips it away.
    public static func isWhollyInView(_ view: View, in window: Window, margin: Double = 0) -> Bool {
        let bare = view.convert(view.keyboardAvoidanceRect, to: nil)
        let top = window.keyboard.isVisible ? window.keyboard.frame.minY : window.bounds.height
        guard bare.minY >= -0.5, bare.maxY + margin <= top + 0.5 else { return false }
        var ancestor = view.superview
        while let scroll = ancestor {
            if scroll is ScrollView {
                let visible = scroll.convert(scroll.bounds, to: nil)
                if bare.minY < visible.minY - 0.5 || bare.maxY > visible.maxY + 0.5 { return false }
            }
            ancestor = scroll.superview
        }
        return true
    }

    /// Whether the app lays the view's screen (the window's root view, or the presented view or
    /// dialog holding it) out around the keyboard itself: a constraint installed there ties a view
    /// to a keyboard layout guide. Found from the constraints the app installed, not from the pass.
    public static func laysOutOnKeyboardGuide(_ view: View, in window: Window) -> Bool {
        var screen = view
        while let parent = screen.superview, parent !== window.contentLayer, parent !== window.modalLayer, !(parent is Window) {
            screen = parent
        }
        func ties(_ v: View) -> Bool {
            v.constraints.contains { $0.firstItem is KeyboardLayoutGuide || $0.secondItem is KeyboardLayoutGuide }
                || v.subviews.contains(where: ties)
        }
        return ties(screen)
    }

    /// Whether the view rides the keyboard on a bar that cannot fit above it: the view or an
    /// ancestor is tied to a keyboard layout guide by a constraint the app installed, and that
    /// ancestor is taller than the space the keyboard leaves. The app's layout then decides
    /// (docs/behaviour/avoidance.md: a view on the guide is the app's to place), as in UIKit.
    public static func ridesKeyboardOnBarTallerThanSpace(_ view: View, in window: Window) -> Bool {
        guard window.keyboard.isVisible else { return false }
        var screen = view
        while let parent = screen.superview, parent !== window.contentLayer, parent !== window.modalLayer, !(parent is Window) {
            screen = parent
        }
        var tied: [ObjectIdentifier] = []
        func collect(_ v: View) {
            for constraint in v.constraints where constraint.firstItem is KeyboardLayoutGuide || constraint.secondItem is KeyboardLayoutGuide {
                for case let item as View in [constraint.firstItem, constraint.secondItem] as [AnyObject?] { tied.append(ObjectIdentifier(item)) }
            }
            v.subviews.forEach(collect)
        }
        collect(screen)
        var ancestor: View? = view
        while let current = ancestor, !tied.contains(ObjectIdentifier(current)) { ancestor = current.superview }
        guard let bar = ancestor else { return false }
        return bar.frame.height > window.keyboard.frame.minY
    }

    /// What keeps a focused view from docs/behaviour/avoidance.md place as the avoidance pass works it out: its focus
    /// rect under the keyboard or above the window, with the margin that fits (empty when clear);
    /// a hidden keyboard is a problem too (the check would pass whatever the layout).
    public static func marginProblems(of view: View, in window: Window) -> [String] {
        guard window.keyboard.isVisible else { return ["the keyboard is not shown"] }
        if laysOutOnKeyboardGuide(view, in: window), isWhollyInView(view, in: window) { return [] }
        let rect = view.convert(view.keyboardAvoidanceRect, to: nil)
        let top = window.keyboardAvoidance.keyboardTop
        let margin = window.keyboardAvoidance.effectiveMargin(for: view)
        var problems: [String] = []
        if rect.maxY + margin > top + 0.5 { problems.append("\(rect) under the keyboard at \(top) (margin \(margin))") }
        if rect.minY - margin < -0.5 { problems.append("\(rect) above the window (margin \(margin))") }
        return problems
    }

    /// Everything keyboard avoidance may move, one line a view (the keyboard's own views left out).
    public static func geometry(of window: Window) -> [String] {
        var entries: [String] = []
        func visit(_ view: View, _ path: String) {
            var line = "\(path) frame=\(view.frame) origin=\(view.bounds.origin)"
            if let scroll = view as? ScrollView {
                line += " inset=\(scroll.contentInset) indicators=\(scroll.verticalScrollIndicatorInsets)"
            }
            entries.append(line.replacingOccurrences(of: "-0.0", with: "0.0"))
            for (i, subview) in view.subviews.enumerated() where !(subview is KeyboardView) {
                visit(subview, "\(path)/\(i)")
            }
        }
        if let root = window.rootView { visit(root, "root") }
        return entries
    }
}
