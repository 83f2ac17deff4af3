// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a text view turns into links while it is not editable (UIKit's `UIDataDetectorTypes`).
public struct DataDetectorTypes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// Creates a set.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Web addresses (`https://…`, `www.…`).
    public static let link = DataDetectorTypes(rawValue: 1 << 0)
    /// Telephone numbers.
    public static let phoneNumber = DataDetectorTypes(rawValue: 1 << 1)
    /// Everything Caret detects.
    public static let all: DataDetectorTypes = [.link, .phoneNumber]
}
