// SPDX-License-Identifier: Apache-2.0

import CCaretText
import Caret
import Foundation
import Synchronization

/// The system's fonts through fontconfig (whatever `fc-list` shows).
public struct FontconfigFinder: SystemFontFinder {
    /// Creates the finder.
    public init() {}

    /// Makes every lookup from now on use only the fontconfig configuration in a file (its font
    /// folders and rules), not the machine's: the tests' fonts stay the same whatever else a
    /// machine has installed (a Chinese desktop's WenQuanYi would win Japanese text otherwise).
    @_spi(Testing) public static func useConfiguration(at path: String) throws(CaretError) {
        guard FileManager.default.fileExists(atPath: path), caret_fontconfig_use(path) == 1 else {
            throw CaretError.assetUnreadable(path: path, reason: "fontconfig could not load it as a configuration")
        }
    }

    /// The test suite's own configuration (`Tests/Fonts/caret-tests.conf`: the fonts Caret's set-up
    /// installs, nothing else), loaded once per process; every test that shapes with system fonts
    /// calls it first.
    @_spi(Testing) public static func useTestConfiguration() throws(CaretError) {
        // Held while it loads: tests on other threads wait for it rather than load it again.
        try testConfigurationLoaded.withLock { (loaded: inout Bool) throws(CaretError) in
            if loaded { return }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            try useConfiguration(at: root.appendingPathComponent("Tests/Fonts/caret-tests.conf").path)
            loaded = true
        }
    }

    private static let testConfigurationLoaded = Mutex(false)

    /// The files of every face fontconfig offers now.
    @_spi(Testing) public static func availableFontFiles() -> [String] {
        var buffer = [CChar](repeating: 0, count: 1 << 20)
        guard caret_fontconfig_files(&buffer, buffer.count) >= 0 else { return [] }
        return String(nulTerminated: buffer).split(separator: "\n").map(String.init)
    }

    public func font(covering scalars: [Unicode.Scalar], language: String?, color: Bool) -> FontFileReference? {
        let points = scalars.map(\.value)
        var path = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = points.withUnsafeBufferPointer { buffer in
            caret_fontconfig_find(
                buffer.baseAddress, Int32(buffer.count), language, color ? 1 : 0, &path, path.count, &index)
        }
        guard found == 1 else { return nil }
        return FontFileReference(path: String(nulTerminated: path), index: Int(index))
    }
}
