// SPDX-License-Identifier: Apache-2.0
/// The fonts of views that are in no window.
@preconcurrency @MainActor
public enum FontProviders {
    /// Measures and draws text for a view in no window whose ancestors were given no provider
    /// (`View.detachedFontProvider`): fixed advances of half the point size. It is a constant, so
    /// no window, test or app changes how another's detached views measure.
    public static let detached: FontProvider = FixedAdvanceFontProvider()

    /// The fonts of the app's window, set by the platform that opens it: a view measured before it
    /// is in a window (`sizeToFit` in `viewDidLoad`) measures as it will draw, as in UIKit.
    @_spi(Backend) public static var application: FontProvider?
}
