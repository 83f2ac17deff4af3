// SPDX-License-Identifier: Apache-2.0
import Caret

/// A clipboard that lives in memory: for headless windows and as a fallback.
@preconcurrency @MainActor
public final class MemoryClipboard: Clipboard {
    /// Creates an empty clipboard.
    public init() {}
    /// The stored text.
    public var string: String?
    /// Whether any text is stored.
    public var hasStrings: Bool { !(string ?? "").isEmpty }
}
