// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The layout of anthy's dictionary file (`mkworddic`'s output), read to see that a file is whole
/// before anthy maps it: anthy trusts every offset in it, so a truncated file makes it read past
/// the end of its mapping, which crashes it or, when another mapping happens to follow, hands it
/// garbage. Which of the two depends on where the mapping lands, so only reading the layout is
/// a check that gives the same answer every time.
///
/// The file starts with a count of sections and, for each, the offsets of its name and contents
/// (big-endian 32-bit); the word dictionary's own header holds offsets into it; the corpus
/// sections hold a 64-byte header and eight bytes per entry, their count second in the header.
enum AnthyDictionaryFile {
    /// The sections every anthy dictionary has: anthy looks them up by name and uses them unchecked.
    static let requiredSections = ["word_dic", "dep_dic"]

    /// Why the file at `path` is not a whole anthy dictionary, or nil when its layout holds.
    static func problem(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "it cannot be read" }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= 16 else { return "it is too short to be one" }
        func integers(at offset: UInt64, count: Int) -> [Int]? {
            guard offset + UInt64(count * 4) <= size else { return nil }
            try? handle.seek(toOffset: offset)
            guard let data = try? handle.read(upToCount: count * 4), data.count == count * 4 else { return nil }
            return (0..<count).map { i in
                data[data.startIndex + i * 4..<data.startIndex + i * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
            }
        }
        guard let first = integers(at: 0, count: 1), let count = first.first, (1...64).contains(count),
            let table = integers(at: 4, count: count * 3)
        else { return "its table of sections is not one (the file is not an anthy dictionary, or is damaged)" }
        var sections: [(name: String, start: Int)] = []
        for i in 0..<count {
            let (nameOffset, nameLength, start) = (table[i * 3], table[i * 3 + 1], table[i * 3 + 2])
            guard nameOffset > 0, (1...64).contains(nameLength), UInt64(nameOffset + nameLength) <= size else {
                return "the name of section \(i + 1) lies outside the file"
            }
            try? handle.seek(toOffset: UInt64(nameOffset))
            guard let bytes = try? handle.read(upToCount: nameLength),
                let name = String(bytes: bytes, encoding: .ascii),
                name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.properties.isLowercase && $0.isASCII) })
            else { return "the name of section \(i + 1) is damaged" }
            guard start > 0, UInt64(start) < size else {
                return "section \(name) starts at byte \(start), past the end of the file (\(size) bytes): it is truncated"
            }
            sections.append((name, start))
        }
        for required in requiredSections where !sections.contains(where: { $0.name == required }) {
            return "it has no \(required) section"
        }
        sections.sort { $0.start < $1.start }
        for (i, section) in sections.enumerated() {
            let end = i + 1 < sections.count ? sections[i + 1].start : Int(size)
            switch section.name {
            case "word_dic":
                // Eight offsets from the section's start, each inside it.
                guard let offsets = integers(at: UInt64(section.start), count: 8) else { return "its word dictionary is cut short" }
                if let outside = offsets.first(where: { $0 < 0 || section.start + $0 > end }) {
                    return
                        "its word dictionary points at byte \(section.start + outside), past the section's end (\(end)): it is truncated or damaged"
                }
            case "corpus_array", "corpus_bucket":
                guard let header = integers(at: UInt64(section.start), count: 2) else { return "its \(section.name) is cut short" }
                let needed = 64 + header[1] * 8
                if header[1] < 0 || section.start + needed > end {
                    return "its \(section.name) needs \(needed) bytes and has \(end - section.start): it is truncated"
                }
            default:
                break
            }
        }
        return nil
    }
}
