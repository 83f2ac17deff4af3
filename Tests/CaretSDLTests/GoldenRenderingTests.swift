// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretDemoKit
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@Suite(.serialized) @MainActor
struct GoldenRenderingTests {
    @Test func labelAlignments() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 150), fonts: .bundled)
        let root = whiteRoot()
        for (i, alignment) in [TextAlignment.left, .center, .right, .natural].enumerated() {
            let label = Label(text: "Aligned \(alignment) — Äpfel & jQuery")
            label.textAlignment = alignment
            label.backgroundColor = Color(rgb: 0xEEF4FF)
            label.frame = Rect(x: 10, y: 10 + Double(i) * 34, width: 340, height: 28)
            root.addSubview(label)
        }
        host.rootView = root
        try expectGolden(host, named: "label-alignments")
    }

    @Test func everyTruncationAndWrapMode() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 330), fonts: .bundled)
        let root = whiteRoot()
        let text = "/srv/kiosk/screens/checkout/confirmation-final.png and more"
        var y = 8.0
        for mode in LineBreakMode.allCases {
            let label = Label(text: text, font: .systemFont(ofSize: 15))
            label.lineBreakMode = mode
            label.backgroundColor = Color(rgb: 0xF2F2F7)
            label.frame = Rect(x: 8, y: y, width: 260, height: 22)
            root.addSubview(label)
            y += 28
        }
        let wrapped = Label(
            text: "A multi-line label wraps by words and truncates its last line at the tail when it runs out of lines.",
            font: .systemFont(ofSize: 15))
        wrapped.numberOfLines = 3
        wrapped.backgroundColor = Color(rgb: 0xEEF4FF)
        wrapped.frame = Rect(x: 8, y: y, width: 220, height: 60)
        root.addSubview(wrapped)
        y += 66
        let chars = Label(text: "Characterwrappingbreaksanywhereinsideawordthatislong", font: .monospacedSystemFont(ofSize: 14))
        chars.numberOfLines = 0
        chars.lineBreakMode = .byCharWrapping
        chars.frame = Rect(x: 8, y: y, width: 200, height: 60)
        root.addSubview(chars)
        host.rootView = root
        try expectGolden(host, named: "truncation-modes")
    }

    @Test func buttonStylesAndStates() throws {
        let host = try HeadlessWindow(size: Size(width: 420, height: 210), fonts: .bundled)
        let root = whiteRoot()
        let styles: [Button.Style] = [.plain, .filled, .tinted, .gray]
        for (row, style) in styles.enumerated() {
            for (column, state) in ["Normal", "Pressed", "Disabled"].enumerated() {
                let button = Button(title: state, style: style)
                button.frame = Rect(x: 10 + Double(column) * 135, y: 8 + Double(row) * 50, width: 125, height: 44)
                if state == "Pressed" { button.isHighlighted = true }
                if state == "Disabled" { button.isEnabled = false }
                root.addSubview(button)
            }
        }
        host.rootView = root
        try expectGolden(host, named: "button-states")
    }

    @Test func scrollViewWithIndicators() throws {
        let host = try HeadlessWindow(size: Size(width: 240, height: 200), fonts: .bundled)
        let scroll = ScrollView()
        scroll.backgroundColor = .white
        scroll.contentSize = Size(width: 480, height: 1000)
        for i in 0..<25 {
            let row = Label(text: "Row \(i) with a long line of text that scrolls sideways too", font: .systemFont(ofSize: 14))
            row.frame = Rect(x: 0, y: Double(i) * 40, width: 480, height: 40)
            row.backgroundColor = i % 2 == 0 ? .white : .systemGray6
            scroll.addSubview(row)
        }
        host.rootView = scroll
        scroll.setContentOffset(Point(x: 120, y: 400), animated: false)
        scroll.flashScrollIndicators()
        try expectGolden(host, named: "scroll-indicators")
    }

    @Test func demoFormScreen() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 600), fonts: .bundled)
        let images = FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark"))
        host.rootView = FormScreen(images: images, locale: Locale(identifier: "en_US"))
        try expectGolden(host, named: "demo-form")
    }

    @Test func modalDialogAboveTheForm() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let screen = FormScreen(
            images: FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark")),
            locale: Locale(identifier: "en_US"))
        host.rootView = screen
        host.layout()
        let show = try #require(screen.buttons["Show dialog"])
        screen.scrollView.scrollRectToVisible(show.convert(show.bounds, to: screen.scrollView), animated: false)
        host.layout()
        host.input.tap(show)
        #expect(host.window.isShowingModal)
        try expectGolden(host, named: "demo-dialog")
        host.input.tap(try #require(screen.buttons["Close"]))
        #expect(!host.window.isShowingModal)
    }

    @Test func resizingTheWindowRelaysOutTheContent() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 400), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = screen
        host.layout()
        #expect(screen.scrollView.frame.width == 640)
        try host.resize(to: Size(width: 400, height: 640))  // rotated to portrait
        host.layout()
        #expect(screen.frame.size == Size(width: 400, height: 640))
        #expect(screen.scrollView.frame == Rect(x: 0, y: 52, width: 400, height: 588))
        #expect(screen.form.frame.width == 400)
        let image = try host.render()
        #expect(image.pixelWidth == 400 && image.pixelHeight == 640)
        let result = goldens.compare(image, named: "demo-form-portrait")
        #expect(result.matches, "\(result)")
    }

    @Test func doubleScaleRendersSharpAtTwiceThePixels() throws {
        let host = try HeadlessWindow(size: Size(width: 200, height: 60), scale: 2, fonts: .bundled)
        let root = whiteRoot()
        let label = Label(text: "HiDPI ×2")
        label.frame = Rect(x: 10, y: 10, width: 180, height: 40)
        root.addSubview(label)
        host.rootView = root
        let image = try host.render()
        #expect(image.pixelWidth == 400 && image.pixelHeight == 120 && image.size == Size(width: 200, height: 60))
        let result = goldens.compare(image, named: "hidpi-label")
        #expect(result.matches, "\(result)")
    }

    @Test func theComparisonCatchesADifferenceAndWritesADiff() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 150), fonts: .bundled)
        let root = whiteRoot()
        let label = Label(text: "Not what the reference shows")
        label.frame = Rect(x: 10, y: 10, width: 340, height: 28)
        root.addSubview(label)
        host.rootView = root
        let folder = try TemporaryFolder()
        var reference = GoldenImage(directory: folder.path)
        reference.recordMode = false
        let blank = try Image(pixels: [UInt8](repeating: 255, count: 360 * 150 * 4), pixelWidth: 360, pixelHeight: 150)
        try blank.writePNG(to: folder.path + "/sample.png")
        let result = reference.compare(try host.render(), named: "sample")
        #expect(!result.matches && result.differingPixels > 100)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/sample.diff.png"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/sample.actual.png"))
        let missing = reference.compare(blank, named: "absent")
        #expect(!missing.matches && missing.message.contains("CARET_RECORD_GOLDENS"))
    }

    /// A first run of an app's golden test, before its folder exists: the image it got is still
    /// written (to look at before recording), the folder made for it.
    @Test func aMissingReferenceInAFolderNotYetMadeStillWritesWhatWasDrawn() throws {
        let folder = try TemporaryFolder()
        var reference = GoldenImage(directory: folder.path + "/Golden/New")
        reference.recordMode = false
        let blank = try Image(pixels: [UInt8](repeating: 255, count: 40 * 30 * 4), pixelWidth: 40, pixelHeight: 30)
        let result = reference.compare(blank, named: "first")
        #expect(!result.matches)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Golden/New/first.actual.png"), "\(result.message)")
    }

    /// A glyph larger than an atlas page (a 900-point "W" is about 850 pixels wide) gets a page
    /// of its size and is drawn; the glyphs after it pack into the room left there.
    @Test func aGlyphLargerThanAnAtlasPageIsDrawn() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 1000, height: 1000))
        let big = canvas.fonts.shape("W", font: .systemFont(ofSize: 900))
        let small = canvas.fonts.shape("small", font: .systemFont(ofSize: 20))
        let renderer = canvas.renderer
        renderer.beginFrame(clearColor: .white, damage: nil)
        renderer.drawText(big, at: Point(x: 0, y: 0), color: .black)
        renderer.drawText(small, at: Point(x: 0, y: 960), color: .black)
        renderer.endFrame()
        let image = try canvas.snapshot()
        var inked = 0
        for y in stride(from: 0, to: 900, by: 10) {
            for x in stride(from: 0, to: image.pixelWidth, by: 10) where image.pixel(x: x, y: y).r < 128 { inked += 1 }
        }
        #expect(inked > 500, "the big glyph left \(inked) dark samples")
        #expect(renderer.atlasPageCount == 1)
        #expect(renderer.rasterisedGlyphCount == 5)  // W, s, m, a, l
    }

    @Test func theGlyphAtlasStaysBoundedAndStartsOverWhenFull() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 400, height: 300))
        // More than 150 distinct glyphs at 400 points (one a page) overflow thirty-two 512×512 pages.
        let ranges: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0xFF, 0x391...0x3A1, 0x3B1...0x3C9]
        var text = ""
        for range in ranges {
            for value in range { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        }
        #expect(Set(text).count > 150)
        let run = canvas.fonts.shape(text, font: .systemFont(ofSize: 400))
        let renderer = canvas.renderer
        renderer.beginFrame(clearColor: .white, damage: nil)
        renderer.drawText(run, at: Point(x: 400 - run.width, y: -100), color: .black)  // the end of the run lands on the canvas
        renderer.endFrame()
        #expect(renderer.atlasPageCount <= 32)
        #expect(renderer.rasterisedGlyphCount == Set(text).count)
        let image = try canvas.snapshot()
        var inked = 0
        for y in stride(from: 0, to: image.pixelHeight, by: 4) {
            for x in stride(from: 0, to: image.pixelWidth, by: 4) where image.pixel(x: x, y: y).r < 128 { inked += 1 }
        }
        #expect(inked > 50)  // the last glyphs were drawn, in black, after the atlas started over
        renderer.beginFrame(clearColor: .white, damage: nil)
        renderer.drawText(run, at: Point(x: 400 - run.width, y: -100), color: .black)
        renderer.endFrame()
        #expect(renderer.rasterisedGlyphCount > Set(text).count)  // glyphs dropped by the reset came back
        #expect(renderer.atlasPageCount <= 32)
    }

    @Test func eachGlyphIsRasterisedOnce() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 60), fonts: .bundled)
        let root = whiteRoot()
        let label = Label(text: "abcabcabc")
        label.frame = Rect(x: 0, y: 0, width: 300, height: 60)
        root.addSubview(label)
        host.rootView = root
        _ = try host.render()
        let first = try #require(host.renderer).rasterisedGlyphCount
        #expect(first == 3)
        label.text = "cab cab"
        _ = try host.render()
        #expect(host.renderer?.rasterisedGlyphCount == 3)
        #expect(host.renderer?.atlasPageCount == 1)
    }
}
