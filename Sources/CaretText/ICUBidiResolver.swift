// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Caret

/// The Unicode Bidirectional Algorithm (UAX #9) from the system's ICU (`ubidi`): embedding
/// levels per UTF-16 unit, numbers and neutrals resolved as the standard says.
public struct ICUBidiResolver: BidiResolver {
    /// Creates the resolver.
    public init() {}

    public func resolve(_ text: String, direction: WritingDirection, fallback: WritingDirection) -> BidiParagraph {
        let units = Array(text.utf16)
        var levels = [UInt8](repeating: 0, count: units.count)
        let base: Int32
        switch direction {
        case .leftToRight: base = 0
        case .rightToLeft: base = 1
        case .natural: base = fallback == .rightToLeft ? -2 : -1
        }
        let level = units.withUnsafeBufferPointer { buffer in
            caret_bidi_levels(buffer.baseAddress, Int32(buffer.count), base, &levels)
        }
        guard level >= 0 else { return SimpleBidiResolver().resolve(text, direction: direction, fallback: fallback) }
        return BidiParagraph(baseLevel: UInt8(level), levels: levels)
    }
}
