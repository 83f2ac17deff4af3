// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Says where a JSON file is wrong: the line and column of a syntax error, or the key path (and
/// its line) of a value of the wrong kind, so that whoever edits the file finds the place.
enum JSONFileError {
    /// A description of a decoding failure of `data`.
    static func describe(_ error: Error, in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation reports syntax errors "around character N" (a UTF-8 offset).
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let offset = message.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .punctuationCharacters)) }) {
                let (line, column) = position(ofByte: offset, in: data)
                return "line \(line), column \(column): not valid JSON (\(message))"
            }
            return "not valid JSON (\(message))"
        }
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch decoding {
        case let .typeMismatch(_, c), let .valueNotFound(_, c), let .keyNotFound(_, c), let .dataCorrupted(c): context = c
        @unknown default: return "\(error)"
        }
        var path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        if case let .keyNotFound(key, _) = decoding { path += ".\(key.stringValue)" }
        if path.hasPrefix(".") { path.removeFirst() }
        let key = context.codingPath.last(where: { $0.intValue == nil })?.stringValue
        let where_ = key.flatMap { lineNumber(ofKey: $0, in: data) }.map { "line \($0), " } ?? ""
        return "\(where_)\(path.isEmpty ? "the file" : path): \(context.debugDescription)"
    }

    private static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func lineNumber(ofKey key: String, in data: Data) -> Int? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains("\"\(key)\"") }.map { $0 + 1 }
    }
}
