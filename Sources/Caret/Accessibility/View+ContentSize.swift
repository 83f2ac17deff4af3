// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Views whose fonts follow the window's content size category (UIKit's `UIContentSizeCategoryAdjusting`).
@preconcurrency @MainActor
public protocol ContentSizeCategoryAdjusting: View {}

extension ContentSizeCategoryAdjusting {
    /// Whether the fonts follow the window's `preferredContentSizeCategory` (on by default here,
    /// so that a kiosk's setting reaches every view; set false to keep a font as it is).
    public var adjustsFontForContentSizeCategory: Bool {
        get { followsContentSize }
        set { followsContentSize = newValue }
    }
}

extension Label: ContentSizeCategoryAdjusting {}
extension Button: ContentSizeCategoryAdjusting {}
extension TextField: ContentSizeCategoryAdjusting {}
extension TextView: ContentSizeCategoryAdjusting {}

extension View {
    /// Brings this view and its subviews to a content size scale (1 at `.large`).
    func applyContentSizeScale(_ scale: Double) {
        if scale != appliedContentSizeScale {
            let factor = scale / appliedContentSizeScale
            appliedContentSizeScale = scale
            if followsContentSize {
                contentSizeScaleDidChange(by: factor)
                setNeedsLayout()
                setNeedsDisplay()
            }
        }
        for subview in subviews { subview.applyContentSizeScale(scale) }
    }
}

extension Font {
    /// The same font at a size multiplied by a factor (content size changes).
    func scaled(by factor: Double) -> Font {
        Font(familyName: familyName, size: pointSize * factor, weight: weight, italic: isItalic)
    }
}
