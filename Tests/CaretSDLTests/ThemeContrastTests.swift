// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretDemoKit
import CaretKioskKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The themes' contrast measured from rendered pixels (issue 40 item 8): in the default theme every
/// label, button title and placeholder of the demo's form and the kiosk's pages stands out from
/// what is behind it by WCAG AA's 4.5:1 and every field border by 3:1 on both sides; in the high
/// contrast theme every one of them reaches 7:1 (AAA), the app's own colours included. The text's
/// colour is the pixel inside the view that differs most from the view's most common pixel.
@Suite(.serialized) @MainActor
struct ThemeContrastTests {
    private struct Pixels {
        let image: Image
        func rgb(_ x: Int, _ y: Int) -> [Double] {
            let i = (y * image.pixelWidth + x) * 4
            return (0..<3).map { Double(image.pixels[i + $0]) / 255 }
        }
        /// The pixels of a rectangle in points, clipped to the image.
        func region(_ rect: Rect) -> [[Double]] {
            let s = image.scale
            let x0 = max(0, Int((rect.minX * s).rounded(.up))), x1 = min(image.pixelWidth, Int((rect.maxX * s).rounded(.down)))
            let y0 = max(0, Int((rect.minY * s).rounded(.up))), y1 = min(image.pixelHeight, Int((rect.maxY * s).rounded(.down)))
            guard x0 < x1, y0 < y1 else { return [] }
            return (y0..<y1).flatMap { y in (x0..<x1).map { x in rgb(x, y) } }
        }
    }

    private static func luminance(_ c: [Double]) -> Double {
        let l = c.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
    }

    private static func contrast(_ a: [Double], _ b: [Double]) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The contrast of a region's text with its background: the most common pixel is the
    /// background, the one most unlike it the text.
    private func textContrast(_ pixels: [[Double]]) -> Double? {
        var counts: [[Double]: Int] = [:]
        for p in pixels { counts[p, default: 0] += 1 }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        return pixels.map { Self.contrast($0, background) }.max()
    }

    /// Every readable thing in the window with its measured contrast, and the field borders' contrast
    /// with the pixels inside and outside them.
    private func measure(_ host: HeadlessWindow) throws -> (texts: [(String, Double)], borders: [(String, Double)]) {
        let pixels = Pixels(image: try host.render())
        var texts: [(String, Double)] = [], borders: [(String, Double)] = []
        let screen = host.window.bounds
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01, !(view is KeyboardView) else { return }
            let frame = view.convert(view.bounds, to: nil)
            guard screen.contains(frame) else {  // scrolled off: measured where it shows
                for subview in view.subviews { visit(subview) }
                return
            }
            switch view {
            case let label as Label where !(label.text ?? "").isEmpty:
                if let c = textContrast(pixels.region(frame)) { texts.append(("label \"\(label.text ?? "")\"", c)) }
            case let button as Button where button.isEnabled && !(button.currentTitle ?? "").isEmpty:
                if let c = textContrast(pixels.region(frame.insetBy(dx: 2, dy: 2))) { texts.append(("button \"\(button.currentTitle ?? "")\"", c)) }
            case let field as TextField:
                if !field.hasText, let placeholder = field.placeholder, !placeholder.isEmpty {
                    let width = view.fontProvider.shape(placeholder, font: field.font).width
                    let area = Rect(x: frame.minX + 4, y: frame.minY + 4, width: min(width + 6, frame.width - 8), height: frame.height - 8)
                    if let c = textContrast(pixels.region(area)) { texts.append(("placeholder \"\(placeholder)\"", c)) }
                }
                if field.borderStyle == .roundedRect {
                    // Along the middle of the left edge: the border's darkest pixel against the field's
                    // inside and the background outside.
                    let s = pixels.image.scale, y = Int((frame.midY * s).rounded())
                    let edge = Int((frame.minX * s).rounded())
                    let line = (edge - 1...edge + 3).map { pixels.rgb($0, y) }
                    let border = line.min { Self.luminance($0) < Self.luminance($1) } ?? line[0]
                    let inside = pixels.rgb(edge + Int(6 * s), y), outside = pixels.rgb(edge - Int(3 * s), y)
                    borders.append(("border of \(field.placeholder ?? "")", min(Self.contrast(border, inside), Self.contrast(border, outside))))
                }
            default: break
            }
            if view is Button || view is TextField { return }
            for subview in view.subviews { visit(subview) }
        }
        visit(host.window.contentLayer)
        return (texts, borders)
    }

    private func expectContrast(_ host: HeadlessWindow, text: Double, border: Double, _ what: String) throws {
        let (texts, borders) = try measure(host)
        #expect(texts.count >= 3, "\(what): found too little text to measure")
        for (name, c) in texts { #expect(c >= text, "\(what): \(name) at \(c):1, needs \(text):1") }
        for (name, c) in borders { #expect(c >= border, "\(what): \(name) at \(c):1, needs \(border):1") }
    }

    private func demoForm(highContrast: Bool) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        host.window.prefersHighContrast = highContrast
        host.rootView = FormScreen(
            images: FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark")),
            locale: Locale(identifier: "en_US"))
        host.layout()
        return host
    }

    @Test func theDefaultThemesFormMeetsAA() throws {
        let host = try demoForm(highContrast: false)
        try expectContrast(host, text: 4.5, border: 3, "demo form")
        let (_, borders) = try measure(host)
        #expect(borders.count >= 5)
    }

    @Test func highContrastReachesSevenToOneOnEveryViewOfTheForm() throws {
        try expectContrast(try demoForm(highContrast: true), text: 7, border: 4.5, "demo form, high contrast")
    }

    @Test(arguments: [false, true])
    func everyKioskPageMeetsItsTheme(highContrast: Bool) throws {
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
        var options = CheckInFlow.Options()
        options.highContrast = highContrast
        let flow = CheckInFlow(window: host.window, options: options)
        host.window.keyboard.policy = .never
        let (text, border) = highContrast ? (7.0, 4.5) : (4.5, 3.0)
        host.layout()
        try expectContrast(host, text: text, border: border, "kiosk start")
        flow.start.onAccessibility?()
        host.layout()
        try expectContrast(host, text: text, border: border, "kiosk accessibility")
        flow.showForm()
        flow.form.submitButton.sendActions(for: .primaryActionTriggered)  // the red problem line
        host.layout()
        try expectContrast(host, text: text, border: border, "kiosk form")
    }

    /// The high-contrast theme reaches an app's own views that use named colours.
    @Test func anAppsOwnViewDrawsInTheHighContrastVariants() throws {
        let host = try HeadlessWindow(size: Size(width: 200, height: 60), fonts: .bundled)
        let root = View()
        root.backgroundColor = .systemGroupedBackground
        let label = Label(text: "Secondary", font: .systemFont(ofSize: 20))
        label.textColor = .secondaryLabel
        label.frame = Rect(x: 10, y: 10, width: 180, height: 40)
        root.addSubview(label)
        host.rootView = root
        host.layout()
        let before = try #require(textContrast(Pixels(image: try host.render()).region(label.frame)))
        #expect(before >= 4.5 && before < 7)
        host.window.prefersHighContrast = true
        let after = try #require(textContrast(Pixels(image: try host.render()).region(label.frame)))
        #expect(after >= 7)
    }
}
