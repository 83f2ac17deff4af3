// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Foundation

/// Finds an installed font that covers some characters: the last step of font fallback.
public protocol SystemFontFinder: Sendable {
    /// The first installed face covering every scalar, a colour face first when `color` is set,
    /// with the forms of `language` (BCP 47) when given; nil when none covers them.
    func font(covering scalars: [Unicode.Scalar], language: String?, color: Bool) -> FontFileReference?
}

extension String {
    /// The text of a NUL-terminated C string held in an array.
    init(nulTerminated chars: [CChar]) {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
