// SPDX-License-Identifier: Apache-2.0
/// How a view's content is laid out for right-to-left languages (UIKit's
/// `UISemanticContentAttribute`, the cases that matter for text input).
public enum SemanticContentAttribute: Int, Hashable, Sendable {
    /// Follow the superview (the window's views are left to right unless one sets otherwise).
    case unspecified = 0
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left: fields align their text right and swap their side views.
    case forceRightToLeft = 4
}

extension View {
    /// The direction the view lays its content out in: its own `semanticContentAttribute`, else
    /// its superview's (so setting it on a form's root mirrors the whole form).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            switch current.semanticContentAttribute {
            case .forceRightToLeft: return .rightToLeft
            case .forceLeftToRight: return .leftToRight
            case .unspecified: view = current.superview
            }
        }
        return .leftToRight
    }

    /// Whether the view lays its content out right to left.
    public var isRightToLeftLayout: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }
}

extension View {
    /// The layout margins by leading and trailing edges, following the view's layout direction.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins, rtl = isRightToLeftLayout
            return NSDirectionalEdgeInsets(top: m.top, leading: rtl ? m.right : m.left, bottom: m.bottom, trailing: rtl ? m.left : m.right)
        }
        set { layoutMargins = newValue.edgeInsets(rightToLeft: isRightToLeftLayout) }
    }
}
