// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret

/// `--steady-caret`: carets that stay on, so that two screenshots of the same state agree pixel
/// for pixel whenever they are taken, and a window that nothing changes draws no frame at all
/// (Scripts/e2e-partial-frames.sh relies on both).
@MainActor
enum SteadyCaret {
    /// Makes every text editor under these views keep its caret on (its blink a day apart).
    static func keepCaretsOn(in views: [View]) {
        for view in views {
            if let editor = view as? TextEditingView { editor.appearance.caretBlinkInterval = 86_400 }
            keepCaretsOn(in: view.subviews)
        }
    }
}
