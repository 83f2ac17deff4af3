// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The display the app's window fills (UIKit's `UIScreen`): a Caret app's window is its screen.
/// `Screen.main` is the screen of the newest window still open.
@preconcurrency @MainActor
public final class Screen {
    /// The newest window still open.
    static weak var newestWindow: Window?
    /// The screen of a process with no window: empty bounds, scale 1.
    private static let detached = Screen(window: nil)

    /// The main screen: the newest open window's.
    public static var main: Screen { newestWindow?.screen ?? detached }

    weak var window: Window?
    /// The scale the window last drew at (pixels per point; 1 before its first frame).
    var drawnScale = 1.0

    init(window: Window?) { self.window = window }

    /// The screen's rectangle in points: the window's size (as rotated for a kiosk), at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: window?.bounds.size ?? .zero) }
    /// Pixels per point, as the window draws.
    public var scale: Double { drawnScale }
    /// Pixels per point of the display itself: the same as `scale` (Caret draws at the display's scale).
    public var nativeScale: Double { drawnScale }
}

extension Font {
    /// The provider that measures fonts for code outside a view: the main screen's window's, or
    /// the detached one with no window.
    @MainActor private var provider: FontProvider {
        Screen.main.window?.backend.fontProvider ?? FontProviders.detached
    }

    /// The distance between baselines of consecutive lines (UIKit's `UIFont.lineHeight`: ascender −
    /// descender + leading), from the font's real metrics as the main screen's window measures it.
    @MainActor public var lineHeight: Double { provider.metrics(for: self).lineHeight }
    /// The distance from the baseline to the top of the tallest glyphs (UIKit's `ascender`).
    @MainActor public var ascender: Double { provider.metrics(for: self).ascender }
    /// The distance from the baseline to the bottom of the lowest glyphs, negative (UIKit's `descender`).
    @MainActor public var descender: Double { provider.metrics(for: self).descender }
}
