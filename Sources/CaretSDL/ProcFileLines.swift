// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The lines of a /proc file, read 16 KiB at a time: /proc/self/smaps runs to a megabyte, and
/// reading it whole (as data, then as a string, then split) raised the very peak it reports by
/// about 2 MiB. Its size cannot be asked beforehand (/proc files say they are empty).
enum ProcFileLines {
    /// Calls `body` with each line, without its newline; false when the file cannot be read.
    static func forEach(inFile path: String, _ body: (Substring) -> Void) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var partial: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return false }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                partial.append(contentsOf: chunk[start..<index])
                body(Substring(String(decoding: partial, as: UTF8.self)))
                partial.removeAll(keepingCapacity: true)
                start = index + 1
            }
            partial.append(contentsOf: chunk[start..<count])
        }
        if !partial.isEmpty { body(Substring(String(decoding: partial, as: UTF8.self))) }
        return true
    }
}
