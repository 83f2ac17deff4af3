// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// `Image(named:)` as UIKit code calls it (issue 45): an asset found by name in the app's bundle
/// or its asset folder, decoded by the backend SDL installed; nil when missing or corrupt. Here
/// (not in CaretAPITests) because decoding is the SDL backend's.
@Suite(.serialized) @MainActor
struct ImageNamedPortTests {
    /// The test's files (removed after it).
    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    /// A 2×3-pixel image, each pixel its own colour.
    private func pattern() throws -> Image {
        var bytes: [UInt8] = []
        for i in 0..<6 { bytes += [UInt8(40 * i), UInt8(255 - 40 * i), UInt8(i * 7), 255] }
        return try Image(pixels: bytes, pixelWidth: 2, pixelHeight: 3)
    }

    private func folder(_ name: String) throws -> String {
        let path = scratch.item("image-named-\(name)")
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path + "/Icons", withIntermediateDirectories: true)
        return path
    }

    @Test func anAssetIsFoundByNameInTheAppsAssetsAndInABundle() throws {
        _ = try HeadlessWindow(size: Size(width: 100, height: 100), fonts: .bundled)  // the backend, as an app starts it
        let sent = try pattern()
        let assets = try folder("assets")
        try sent.writePNG(to: assets + "/Icons/avatar@2x.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: assets + "/Icons/broken.png"))
        Assets.addSearchPath(assets)
        let bundlePath = try folder("bundle")
        try sent.writePNG(to: bundlePath + "/logo.png")
        let bundle = try #require(Bundle(path: bundlePath))

        // UIKit code as written.
        let avatar = try #require(Image(named: "avatar"))
        #expect(avatar.pixels == sent.pixels && avatar.pixelWidth == 2 && avatar.pixelHeight == 3)
        #expect(avatar.scale == 2 && avatar.size == CGSize(width: 1, height: 1.5))
        #expect(Image(named: "avatar.png")?.pixels == sent.pixels)
        let logo = try #require(Image(named: "logo", in: bundle))
        #expect(logo.pixels == sent.pixels && logo.scale == 1)
        #expect(Image(named: "logo") == nil, "not in the main bundle or the assets")
        #expect(Image(named: "broken") == nil)
        #expect(Image(named: "no-such-image") == nil)
        let imageView = ImageView(image: Image(named: "avatar"))
        #expect(imageView.image?.pixels == sent.pixels)
    }
}
