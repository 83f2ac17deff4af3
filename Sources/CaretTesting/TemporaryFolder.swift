// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A folder of its own in the temporary folder, removed with everything in it when the value is
/// dropped: where a test writes its files (a suite holding one gets a new folder for each test).
package final class TemporaryFolder {
    /// The folder's path.
    package let path: String

    /// Makes the folder.
    package init() throws {
        path = NSTemporaryDirectory() + "caret-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of a file or folder in it.
    package func item(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Writes a file in it; its path.
    package func file(_ name: String, bytes: [UInt8]) -> String {
        let path = item(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
