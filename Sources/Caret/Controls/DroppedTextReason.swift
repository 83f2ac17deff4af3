// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Why a window drops a text event before any view sees it.
@_spi(Testing)
public enum DroppedTextReason: Sendable {
    /// An input method's echo of a composition the editor committed already.
    case echo
    /// The text of the key that woke a blanked kiosk screen.
    case wakingInput
}
