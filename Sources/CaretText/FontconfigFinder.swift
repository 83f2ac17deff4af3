import CCaretText
import Foundation

/// The system's fonts through fontconfig (whatever `fc-list` shows).
public struct FontconfigFinder: SystemFontFinder {
    /// Creates the finder.
    public init() {}

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
