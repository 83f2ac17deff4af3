// SPDX-License-Identifier: Apache-2.0
import Foundation

extension IndexPath {
    /// An index path to a row in a section of a table view (UIKit's extension of Foundation's type).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section of a table view's row.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within its section.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
