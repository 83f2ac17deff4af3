// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Foundation

/// A font file and the face within it (collections such as Noto CJK's `.ttc` hold several).
public struct FontFileReference: Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// The face's index in the file.
    public var index: Int

    /// Creates a reference.
    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}
