// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretHandwriting

/// A zinnia model is read whole before zinnia sees it, in this process and without running zinnia
/// on it: every record zinnia follows is checked, so a model that passes is one zinnia reads
/// within its file, and one that does not is an error naming why. Models are made here, record by
/// record, so that each damage zinnia would read past its file (or take as text) is tried alone.
@Suite struct ZinniaModelFileTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// One character of a model: its text (at most 15 UTF-8 bytes, NUL-padded to 16), its bias and
    /// its features as (index, value) pairs, ended by index -1 unless `terminated` is false.
    struct Character {
        var text: [UInt8]
        var bias: Float = 0.5
        var features: [(Int32, Float)] = [(1, 0.25), (7, -0.5), (12, 1)]
        var terminated = true

        init(_ text: String) {
            self.text = Array(text.utf8) + [UInt8](repeating: 0, count: 16 - text.utf8.count)
        }
    }

    /// The bytes of a model of these characters, with its header's magic number matching its size.
    static func model(_ characters: [Character], trailing: [UInt8] = []) -> Data {
        var body = Data()
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) } }
        append(1)  // version
        append(UInt32(characters.count))
        for character in characters {
            body.append(contentsOf: character.text)
            append(character.bias.bitPattern)
            for (index, value) in character.features {
                append(UInt32(bitPattern: index))
                append(value.bitPattern)
            }
            if character.terminated {
                append(UInt32(bitPattern: -1))
                append(0)
            }
        }
        body.append(contentsOf: trailing)
        var file = Data()
        let size = UInt32(body.count + 4)
        withUnsafeBytes(of: (0x0ef7_1821 ^ size).littleEndian) { file.append(contentsOf: $0) }
        file.append(body)
        return file
    }

    func write(_ data: Data, _ name: String) throws -> String {
        let url = URL(fileURLWithPath: scratch.item("\(name)-\(UUID().uuidString).model"))
        try data.write(to: url)
        return url.path
    }

    /// A whole model passes, and zinnia opens it and answers with its characters.
    @Test func aWholeModelIsReadByZinnia() throws {
        let path = try write(Self.model([Character("一"), Character("丨")]), "whole")
        #expect(ZinniaModelFile.problem(at: path) == nil)
        let recognizer = try ZinniaRecognizer(model: "test", path: path)
        #expect(recognizer.characters == ["一", "丨"])
        let stroke = HandwritingStroke(points: [Point(x: 10, y: 50), Point(x: 90, y: 50)])
        let found = recognizer.candidates(for: [stroke], guide: HandwritingGuide(size: Size(width: 100, height: 100)), limit: 2)
        #expect(Set(found.map(\.text)).isSubset(of: ["一", "丨"]) && found.count == 2)
    }

    /// Each damage the header and size leave unseen, which zinnia would follow out of its file or
    /// hand back as text: an error that says what is wrong, never a crash, and no recogniser.
    @Test(arguments: [
        "unterminated features", "text without its end", "empty text", "negative feature", "bias not a number",
        "value not a number", "bytes after the last", "more characters than there are",
    ])
    func aDamagedRecordIsAnError(_ damage: String) throws {
        var first = Character("一"), second = Character("丨")
        var trailing: [UInt8] = []
        var count: Int?
        switch damage {
        case "unterminated features": second.terminated = false  // zinnia reads on for index -1
        case "text without its end": first.text = [UInt8](repeating: 0x41, count: 16)
        case "empty text": first.text = [UInt8](repeating: 0, count: 16)
        case "negative feature": first.features[1].0 = -7
        case "bias not a number": first.bias = .nan
        case "value not a number": second.features[0].1 = .infinity
        case "bytes after the last": trailing = [1, 2, 3, 4, 5, 6, 7, 8]
        default: count = 3
        }
        var data = Self.model([first, second], trailing: trailing)
        if let count { data.replaceSubrange(8..<12, with: withUnsafeBytes(of: UInt32(count).littleEndian) { Data($0) }) }
        let path = try write(data, damage.replacingOccurrences(of: " ", with: "-"))
        let problem = ZinniaModelFile.problem(at: path)
        #expect(problem != nil, "\(damage): taken as whole")
        #expect(throws: CaretError.self) { try ZinniaRecognizer(model: "test", path: path) }
    }
}
