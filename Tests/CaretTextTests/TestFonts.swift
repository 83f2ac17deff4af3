// SPDX-License-Identifier: Apache-2.0
import Caret
@_spi(Testing) import CaretText
import Testing

/// The shaping provider with the suite's own fontconfig configuration (Tests/Fonts/caret-tests.conf):
/// which face covers a script does not depend on what else the machine has installed.
@MainActor
func testFonts(language: String) throws -> ShapingFontProvider {
    try FontconfigFinder.useTestConfiguration()
    return try ShapingFontProvider(language: language)
}

/// The suite's fonts are only those its set-up installs (issue 41 item 5): with the suite's
/// configuration fontconfig offers no face from anywhere else (a machine with WenQuanYi, which
/// fontconfig prefers for Japanese, passes the same), and Japanese still finds Noto CJK.
@Suite(.serialized) @MainActor
struct HermeticFontTests {
    @Test func onlyThePackagesFacesAreOffered() throws {
        _ = try testFonts(language: "ja")
        let files = FontconfigFinder.availableFontFiles()
        #expect(files.count > 20)
        let allowed = ["/usr/share/fonts/truetype/noto/", "/usr/share/fonts/opentype/noto/", "/usr/share/fonts/truetype/dejavu/"]
        let strangers = files.filter { file in !allowed.contains { file.hasPrefix($0) } }
        #expect(strangers.isEmpty, "\(strangers.prefix(5))")
        #expect(files.contains { $0.contains("NotoSansCJK") || $0.contains("NotoSerifCJK") })
    }
}
