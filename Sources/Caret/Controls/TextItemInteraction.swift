// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How the user interacted with a link (UIKit's `UITextItemInteraction`).
public enum TextItemInteraction: Int, Hashable, Sendable {
    /// A tap: open it.
    case invokeDefaultAction
    /// A long press: show what can be done with it.
    case presentActions
    /// A preview.
    case preview
}
