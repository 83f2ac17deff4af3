// SPDX-License-Identifier: Apache-2.0

/// Whether spell checking runs (UIKit's `UITextSpellCheckingType`).
public enum TextSpellCheckingType: Int, Hashable, Sendable {
    /// The default.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}
