// SPDX-License-Identifier: Apache-2.0
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
            """
        let breakdown = MemoryBreakdown.parse(smaps, executable: "/opt/app/hello")
        let mebibytes = Dictionary(uniqueKeysWithValues: breakdown.groups.map { ($0.name, $0.mebibytes) })
        #expect(mebibytes["the app's binary"] == 2)
        #expect(mebibytes["heap and anonymous"] == 1.5)
        #expect(mebibytes["SDL"] == 0.75)
        #expect(mebibytes["font files"] == 0.25)
        #expect(mebibytes["text (HarfBuzz, FreeType, fontconfig, ICU)"] == 0.125)
        #expect(mebibytes["other libraries"] == 0.0625)
        #expect(breakdown.groups.map(\.name).first == "the app's binary")
    }
}
