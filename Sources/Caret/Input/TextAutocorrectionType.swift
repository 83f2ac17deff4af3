// SPDX-License-Identifier: Apache-2.0

/// Whether autocorrection runs (UIKit's `UITextAutocorrectionType`).
public enum TextAutocorrectionType: Int, Hashable, Sendable {
    /// The default for the text type.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}
