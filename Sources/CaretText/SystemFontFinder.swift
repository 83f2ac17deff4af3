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

/// Finds an installed font that covers some characters: the last step of font fallback.
public protocol SystemFontFinder: Sendable {
    /// The first installed face covering every scalar, a colour face first when `color` is set,
    /// with the forms of `language` (BCP 47) when given; nil when none covers them.
    func font(covering scalars: [Unicode.Scalar], language: String?, color: Bool) -> FontFileReference?
}

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

/// No system fonts: only the bundled and registered ones draw (a locked-down kiosk image, or a
/// test of what happens without fontconfig).
public struct NoSystemFonts: SystemFontFinder {
    /// Creates the finder.
    public init() {}

    public func font(covering scalars: [Unicode.Scalar], language: String?, color: Bool) -> FontFileReference? { nil }
}

extension String {
    /// The text of a NUL-terminated C string held in an array.
    init(nulTerminated chars: [CChar]) {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
