// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// The first frame's memory breakdown sums each mapping's resident size into what it is for.
@Suite struct MemoryBreakdownTests {
    @Test func eachMappingsResidentSizeGoesToItsGroup() {
        let smaps = """
            55d0a0000000-55d0a1000000 r-xp 00000000 fe:01 100  /opt/app/hello
            Size:               4096 kB
            Rss:                2048 kB
            55d0a2000000-55d0a2100000 rw-p 00000000 00:00 0    [heap]
            Rss:                1024 kB
            7f0000000000-7f0000100000 rw-p 00000000 00:00 0
            Rss:                 512 kB
            AnonHugePages:         0 kB
            7f0001000000-7f0001100000 r-xp 00000000 fe:01 200  /usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0.2600.5
            Rss:                 768 kB
            7f0002000000-7f0002100000 r--p 00000000 fe:01 300  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
            Rss:                 256 kB
            7f0003000000-7f0003100000 r-xp 00000000 fe:01 400  /usr/lib/x86_64-linux-gnu/libharfbuzz.so.0.60000.0
            Rss:                 128 kB
            7f0004000000-7f0004100000 r-xp 00000000 fe:01 500  /usr/lib/x86_64-linux-gnu/libwhatever.so.3
            Rss:                  64 kB
            Pss:                 999 kB
            7f0005000000-7f0005100000 r--p 00000000 fe:01 600  /opt/my fonts/Noto Sans.ttf
            Rss:                  32 kB
            VmFlags: rd mr mw me
            """
        let breakdown = MemoryBreakdown.parse(smaps, executable: "/opt/app/hello")
        let mebibytes = Dictionary(uniqueKeysWithValues: breakdown.groups.map { ($0.name, $0.mebibytes) })
        #expect(mebibytes["the app's binary"] == 2)
        #expect(mebibytes["heap and anonymous"] == 1.5)
        #expect(mebibytes["SDL"] == 0.75)
        #expect(mebibytes["font files"] == 0.28125)  // DejaVu's 256 kB and the 32 kB of a path with spaces
        #expect(mebibytes["text (HarfBuzz, FreeType, fontconfig, ICU)"] == 0.125)
        #expect(mebibytes["other libraries"] == 0.0625)
        #expect(breakdown.groups.map(\.name).first == "the app's binary")
    }

    /// /proc files are read a chunk at a time; every line comes out whole, one spanning a chunk's
    /// end too, and the last without its newline.
    @Test func linesAreReadWholeAcrossChunks() throws {
        let folder = try TemporaryFolder()
        var written: [String] = []
        for index in 0..<3_000 { written.append(String(repeating: "x", count: index % 97) + " line \(index)") }
        written.append("")
        written.append("the last, without a newline")
        let path = folder.item("lines")
        try Data(written.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(written.joined(separator: "\n").utf8.count > 3 * 16_384)
        var read: [String] = []
        #expect(ProcFileLines.forEachLine(inFile: path) { read.append(String(decoding: $0, as: UTF8.self)) })
        #expect(read == written)
        #expect(!ProcFileLines.forEachLine(inFile: folder.item("missing")) { _ in })
    }

    /// A snapshot of this process's own smaps (the process's mappings change while other tests
    /// run, so both readings are of one copy) sums the same read a line at a time as read whole.
    @Test func theProcessesOwnMappingsSumAsTheWholeFile() throws {
        let executable = try #require(Bundle.main.executablePath)
        let data = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile())
        let folder = try TemporaryFolder()
        try data.write(to: URL(fileURLWithPath: folder.item("smaps")))
        var sums = MemoryBreakdown.Sums(executable: executable)
        #expect(ProcFileLines.forEachLine(inFile: folder.item("smaps")) { sums.add($0) })
        let whole = MemoryBreakdown.parse(String(decoding: data, as: UTF8.self), executable: executable)
        #expect(sums.breakdown.line == whole.line)
        #expect(whole.groups.count >= 4)
    }

    /// The shared libraries the first frame's line counts: the file names of the mappings whose
    /// paths name a shared object, each once, a replaced file's " (deleted)" left off, a folder
    /// with spaces read whole; anonymous memory, the kernel's and other files are not counted.
    @Test @MainActor func theLibrariesCountedAreTheSharedObjectsMapped() throws {
        let folder = try TemporaryFolder()
        let maps = """
            55d0a0000000-55d0a1000000 r-xp 00000000 fe:01 100                        /opt/app/hello
            7f0001000000-7f0001100000 r--p 00000000 fe:01 200                        /usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0.2600.5
            7f0001100000-7f0001200000 r-xp 00100000 fe:01 200                        /usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0.2600.5
            7f0002000000-7f0002100000 r-xp 00000000 fe:01 300                        /usr/lib/libqq.so.1 (deleted)
            7f0003000000-7f0003100000 r-xp 00000000 fe:01 400                        /opt/my  libs/libspaced.so
            7f0004000000-7f0004100000 rw-p 00000000 00:00 0 \u{20}
            7f0005000000-7f0005100000 r--p 00000000 fe:01 500                        /usr/share/fonts/DejaVuSans.ttf
            7f0006000000-7f0006100000 r--p 00000000 fe:01 600                        /usr/lib/locale/C.utf8/LC_CTYPE
            7ffd00000000-7ffd00100000 r-xp 00000000 00:00 0                          [vdso]
            7f0007000000-7f0007100000 r-xp 00000000 fe:01 700                        /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
            """
        try Data(maps.utf8).write(to: URL(fileURLWithPath: folder.item("maps")))
        #expect(
            Application.sharedLibrariesLoaded(maps: folder.item("maps")) == [
                "ld-linux-x86-64.so.2", "libSDL2-2.0.so.0.2600.5", "libqq.so.1", "libspaced.so",
            ])
        #expect(Application.sharedLibrariesLoaded(maps: folder.item("missing")).isEmpty)
    }

    /// A mapping's path is what follows its five fields, spaces inside it kept; anonymous memory
    /// has none, and a line of four fields is no mapping.
    @Test func aMappingsPathIsWhatFollowsItsFiveFields() {
        func path(_ line: String) -> String? {
            Array(line.utf8).withUnsafeBufferPointer { bytes in
                ProcFileLines.mappingPath(bytes).map { String(decoding: $0, as: UTF8.self) }
            }
        }
        #expect(path("7f00-7f01 r--p 00000000 fe:01 600    /opt/my  fonts/Noto Sans.ttf") == "/opt/my  fonts/Noto Sans.ttf")
        #expect(path("7f00-7f01 rw-p 00000000 00:00 0 ") == "")
        #expect(path("7f00-7f01 rw-p 00000000 00:00 0") == "")
        #expect(path("7f00-7f01 rw-p 00000000 00:00") == nil)
    }

    /// A chunk that ends just after a newline, and a line longer than two chunks, come out whole.
    @Test func linesOnAndOverChunkBoundariesAreWhole() throws {
        let folder = try TemporaryFolder()
        // 16,383 bytes and a newline fill the first 16 KiB read exactly; then a line of 40,000.
        let written = [String(repeating: "a", count: 16_383), String(repeating: "b", count: 40_000), "end"]
        try Data(written.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder.item("lines")))
        var read: [String] = []
        #expect(ProcFileLines.forEachLine(inFile: folder.item("lines")) { read.append(String(decoding: $0, as: UTF8.self)) })
        #expect(read == written)
    }
}
