// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The layout of a zinnia model (`zinnia_learn`'s output), read to see that a file is whole
/// before zinnia maps it: zinnia checks only that the file's size matches its header, then
/// trusts every record, so a damaged one makes it read past the end of its mapping.
///
/// The file starts with a magic number (0x0ef71821 xor the file's size), the version (1) and the
/// count of characters (little-endian 32-bit); then per character its UTF-8 text in 16 bytes, a
/// bias (a float) and its features, (index, value) pairs of 8 bytes ended by index -1.
///
/// This is the whole of what zinnia reads (zinnia 0.06, `RecognizerImpl::open` and `classify`):
/// opening walks these records exactly, and classifying only takes each character's text as a
/// C string and its bias and features (merged with the written character's by ascending index,
/// stopping at the first negative one). A model whose layout holds here is one zinnia reads
/// within its file, so no process of its own is needed to try it.
enum ZinniaModelFile {
    /// Why the file at `path` is not a whole zinnia model, or nil when its layout holds.
    static func problem(at path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return "it cannot be read" }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            let size = bytes.count
            guard size >= 12 else { return "it is too short to be one (\(size) bytes)" }
            func word(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
            guard word(0) ^ 0x0ef7_1821 == UInt32(truncatingIfNeeded: size) else {
                return "its header does not match its size (\(size) bytes): it is truncated or not a zinnia model"
            }
            guard word(4) == 1 else { return "its version is \(word(4)), not 1" }
            let count = Int(word(8))
            var offset = 12
            for index in 0..<count {
                guard offset + 20 <= size else { return "character \(index + 1) of \(count) lies past the end of the file" }
                let text = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 16])
                guard let end = text.firstIndex(of: 0), end > 0,
                    String(validating: text[..<end], as: UTF8.self) != nil
                else { return "the text of character \(index + 1) is damaged" }
                guard Float(bitPattern: word(offset + 16)).isFinite else { return "the bias of character \(index + 1) is not a number" }
                offset += 20
                while true {
                    guard offset + 8 <= size else { return "the features of character \(index + 1) run past the end of the file" }
                    let feature = Int32(bitPattern: word(offset))
                    offset += 8
                    if feature == -1 { break }
                    guard feature >= 0, Float(bitPattern: word(offset - 4)).isFinite else {
                        return "character \(index + 1) has a damaged feature"
                    }
                }
            }
            guard offset == size else { return "it has \(size - offset) bytes after its last character" }
            return nil
        }
    }
}
