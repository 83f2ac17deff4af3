// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The form at the accessibility text sizes: the subtitle goes under the title and wraps, the
/// title bar's language button shows its globe alone (its name is still read), and each row of
/// buttons becomes a column, so that nothing is cut off or truncated.
extension FormScreen {
    /// Follows the window's text size from now on (the window posts each change).
    func followTextSize() {
        textSizeObserver = NotificationCenter.default.addObserver(
            forName: ContentSizeCategory.didChangeNotification, object: nil, queue: nil
        ) { [weak self] note in
            let window = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated {
                guard let self, let shown = self.window, window == ObjectIdentifier(shown) else { return }
                self.adaptToTextSize()
            }
        }
    }

    /// Switches the layout when the window's text size crosses into or out of the accessibility sizes.
    func adaptToTextSize() {
        let large = window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
        guard large != laidOutForLargeText else { return }
        laidOutForLargeText = large
        subtitleLabel.numberOfLines = large ? 0 : 1
        if !inlineSubtitle.isEmpty {
            NSLayoutConstraint.deactivate(large ? inlineSubtitle : stackedSubtitle)
            NSLayoutConstraint.activate(large ? stackedSubtitle : inlineSubtitle)
        }
        languageButton.setTitle(large ? nil : Self.ownName(of: words.language), for: .normal)
        let size = large ? Font.preferredFont(forTextStyle: .body, compatibleWith: window?.preferredContentSizeCategory ?? .large).pointSize : 17
        languageButton.setImage(Image(systemName: "globe", withConfiguration: .init(pointSize: size)), for: .normal)
        for row in buttonRows { row.axis = large ? .vertical : .horizontal }
        setNeedsLayout()
    }
}
