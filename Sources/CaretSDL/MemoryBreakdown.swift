// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where a process's resident memory is, by what is mapped (/proc/self/smaps): the app's own
/// binary, the heap and other anonymous memory, font files, and the shared libraries grouped by
/// what they are for. `CARET_FIRST_FRAME` prints it after the first frame (docs/performance.md).
struct MemoryBreakdown {
    /// Resident MiB by group, largest first.
    let groups: [(name: String, mebibytes: Double)]

    /// The groups a mapping's path falls in, first match wins.
    static let libraryGroups: [(name: String, prefixes: [String])] = [
        ("SDL", ["libSDL2"]),
        ("OpenGL (Mesa)", ["libGL", "libEGL", "libgbm", "libglapi", "libLLVM", "swrast_dri", "kms_swrast_dri", "libdrm", "libgallium"]),
        (
            "text (HarfBuzz, FreeType, fontconfig, ICU)",
            ["libharfbuzz", "libfreetype", "libfontconfig", "libicu", "libpng", "libbrotli", "libgraphite2", "libexpat", "libz.", "libbz2"]
        ),
        ("C and C++ runtime", ["libc.", "libc-", "libm.", "libstdc++", "libgcc_s", "ld-linux", "libpthread", "libdl"]),
        ("Swift runtime (shared)", ["libswift", "libFoundation", "lib_FoundationICU", "libdispatch", "libBlocksRuntime"]),
        ("X11 and Wayland clients", ["libX", "libxcb", "libwayland", "libxkbcommon", "libdecor"]),
        ("D-Bus, GLib, ATK", ["libdbus", "libglib", "libgio", "libgobject", "libatk", "libatspi", "libgmodule"]),
    ]

    /// Reads this process's mappings now, a line at a time; nil when /proc cannot be read. The
    /// executable is Linux's `/proc/self/exe` (Foundation's main bundle would list the files of
    /// the executable's folder first: 17 million instructions and their memory, after the frame
    /// measured but before the whole-life peak is).
    static func current(
        executable: String = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
    ) -> MemoryBreakdown? {
        var sums = Sums(executable: URL(fileURLWithPath: executable).resolvingSymlinksInPath().path)
        guard ProcFileLines.forEachLine(inFile: "/proc/self/smaps", { sums.add($0) }) else { return nil }
        return sums.breakdown
    }

    /// Sums the `Rss:` of each mapping of an smaps text into its group.
    static func parse(_ smaps: String, executable: String) -> MemoryBreakdown {
        var sums = Sums(executable: executable)
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) { sums.add(line) }
        return sums.breakdown
    }

    /// The resident KiB of each group so far, fed one smaps line at a time. Only a mapping's
    /// header line becomes a string (its path); the `Rss:` lines are read as bytes and the
    /// other lines (about twenty a mapping) are skipped by their first bytes: read as strings
    /// and split, the file's 25,000 lines took 200 million instructions after the first frame.
    struct Sums {
        let executable: String
        var kibibytes: [String: Int] = [:]
        var group = "other"

        /// A mapping's header line starts its group; its `Rss:` line adds to it.
        mutating func add(_ line: Substring) {
            var line = line
            line.withUTF8 { add($0) }
        }

        /// The same, for a line's bytes.
        mutating func add(_ line: UnsafeBufferPointer<UInt8>) {
            guard let first = line.first else { return }
            if line.starts(with: "Rss:".utf8) {
                // "Rss:" then spaces, then the size in kB.
                var value = 0, digits = 0
                for byte in line.dropFirst(4) {
                    if byte == 0x20 && digits == 0 { continue }
                    guard byte >= 0x30 && byte <= 0x39 else { break }
                    value = value * 10 + Int(byte - 0x30)
                    digits += 1
                }
                if digits > 0 { kibibytes[group, default: 0] += value }
                return
            }
            // A header starts with the mapping's start address, in hexadecimal (the kernel writes
            // it in lower case), then "-"; the other lines start with a field's name ("Size:").
            let isHexDigit = (first >= 0x30 && first <= 0x39) || (first >= 0x61 && first <= 0x66)
            guard isHexDigit, let dash = line.firstIndex(of: 0x2D), !line[..<dash].contains(0x20) else { return }
            guard let path = ProcFileLines.mappingPath(line) else { return }
            group = MemoryBreakdown.group(of: String(decoding: path, as: UTF8.self), executable: executable)
        }

        /// The groups with memory, largest first.
        var breakdown: MemoryBreakdown {
            let groups = kibibytes.filter { $0.value > 0 }.map { (name: $0.key, mebibytes: Double($0.value) / 1024) }
            return MemoryBreakdown(groups: groups.sorted { $0.mebibytes > $1.mebibytes })
        }
    }

    /// The group of a mapping by its path ("" for anonymous memory).
    static func group(of path: String, executable: String) -> String {
        if path.isEmpty || path == "[heap]" || path.hasPrefix("[anon") { return "heap and anonymous" }
        if path.hasPrefix("[") { return "kernel ([stack], [vvar], [vdso])" }
        if path == executable { return "the app's binary" }
        let name = (path as NSString).lastPathComponent
        let lowered = name.lowercased()
        if [".ttf", ".otf", ".ttc", ".pcf", ".pfb"].contains(where: { lowered.hasSuffix($0) }) { return "font files" }
        if lowered.hasSuffix(".cache-8") || lowered.hasSuffix(".cache-7") { return "fontconfig's cache" }
        if name.contains(".so") {
            return libraryGroups.first { group in group.prefixes.contains { name.hasPrefix($0) } }?.name ?? "other libraries"
        }
        return "other files"
    }

    /// One line: "the app's binary 12.3, heap and anonymous 5.1, …" (MiB).
    var line: String {
        groups.map { String(format: "%@ %.1f", $0.name, $0.mebibytes) }.joined(separator: ", ")
    }
}
