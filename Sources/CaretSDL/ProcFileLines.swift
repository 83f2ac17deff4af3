// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The lines of a /proc file, read 16 KiB at a time: /proc/self/smaps runs to a megabyte, and
/// reading it whole (as data, then as a string, then split) raised the very peak it reports by
/// about 2 MiB. Its size cannot be asked beforehand (/proc files say they are empty).
enum ProcFileLines {
    /// Calls `body` with each line's bytes, without its newline (valid only during the call); a
    /// line is made a string only by a reader that wants it, so the thousands of lines of smaps
    /// that are skipped cost no allocation. False when the file cannot be read.
    static func forEachLine(inFile path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
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
            chunk.withUnsafeBufferPointer { bytes in
                var start = 0
                for index in 0..<count where bytes[index] == 0x0A {
                    if partial.isEmpty {
                        body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    } else {
                        partial.append(contentsOf: bytes[start..<index])
                        partial.withUnsafeBufferPointer(body)
                        partial.removeAll(keepingCapacity: true)
                    }
                    start = index + 1
                }
                partial.append(contentsOf: bytes[start..<count])
            }
        }
        if !partial.isEmpty { partial.withUnsafeBufferPointer(body) }
        return true
    }

    /// The path of a mapping's line of /proc/self/maps or a header line of smaps: what follows
    /// the address, permissions, offset, device and inode (empty for anonymous memory; a path
    /// may hold spaces). Nil for a line with fewer fields.
    static func mappingPath(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var index = line.startIndex, field = 0
        while index < line.endIndex && field < 5 {
            while index < line.endIndex && line[index] != 0x20 { index += 1 }
            while index < line.endIndex && line[index] == 0x20 { index += 1 }
            field += 1
        }
        return field == 5 ? UnsafeBufferPointer(rebasing: line[index...]) : nil
    }
}
