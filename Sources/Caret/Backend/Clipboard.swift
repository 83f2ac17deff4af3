// SPDX-License-Identifier: Apache-2.0
/// The system clipboard.
@preconcurrency @MainActor
public protocol Clipboard: AnyObject {
    /// The text on the clipboard, if any; invalid UTF-8 arrives repaired with U+FFFD.
    var string: String? { get set }
    /// Whether the clipboard holds text.
    var hasStrings: Bool { get }
}
