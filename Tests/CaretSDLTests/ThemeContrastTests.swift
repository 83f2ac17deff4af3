// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
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
                    // The border's pixel is the one that stands out most from the inside (darker in
                    // the light appearance, lighter in the dark).
                    let inside = pixels.rgb(edge + Int(6 * s), y), outside = pixels.rgb(edge - Int(3 * s), y)
                    let border = line.max { Self.contrast($0, inside) < Self.contrast($1, inside) } ?? line[0]
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

    private func demoForm(highContrast: Bool, style: UserInterfaceStyle = .unspecified) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        host.window.prefersHighContrast = highContrast
        host.window.overrideUserInterfaceStyle = style
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

    /// The dark appearance draws the form dark (its background's pixels under 10 % luminance) and
    /// meets the same AA contrast as the light one.
    @Test func theDarkAppearancesFormMeetsAA() throws {
        let host = try demoForm(highContrast: false, style: .dark)
        try expectContrast(host, text: 4.5, border: 3, "demo form, dark")
        let (_, borders) = try measure(host)
        #expect(borders.count >= 5)
        let pixels = Pixels(image: try host.render())
        let corner = pixels.rgb(2, pixels.image.pixelHeight - 3)
        #expect(Self.luminance(corner) < 0.1, "the form's background is dark: \(corner)")
    }

    /// A switch's state shows at WCAG's 3:1 for a control's state in both appearances, on and
    /// off: the thumb against the track, and the track against the background around it.
    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func aSwitchShowsItsStateAtThreeToOne(style: UserInterfaceStyle) throws {
        let host = try HeadlessWindow(size: Size(width: 200, height: 100), fonts: .bundled)
        host.window.overrideUserInterfaceStyle = style
        let screen = ViewController()
        host.window.rootViewController = screen
        screen.view.backgroundColor = .systemBackground
        let toggle = Switch(frame: Rect(x: 40, y: 30, width: 51, height: 31))
        screen.view.addSubview(toggle)
        for on in [false, true] {
            toggle.isOn = on
            host.settle()
            let pixels = Pixels(image: try host.render())
            let s = pixels.image.scale
            func at(_ x: Double, _ y: Double) -> [Double] { pixels.rgb(Int((40 + x) * s), Int((30 + y) * s)) }
            // The thumb's middle, the track's middle on the other side, and the background beside it.
            let thumb = at(on ? 36 : 15, 15.5), track = at(on ? 12 : 40, 15.5), background = at(-10, 15.5)
            #expect(Self.contrast(thumb, track) >= 3, "\(style) \(on ? "on" : "off"): thumb on track at \(Self.contrast(thumb, track)):1")
            #expect(
                Self.contrast(track, background) >= 3, "\(style) \(on ? "on" : "off"): track on background at \(Self.contrast(track, background)):1")
        }
    }

    /// The keyboard's keys in both appearances: every label against its key's face at 4.5:1.
    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func theKeyboardsLabelsMeetAA(style: UserInterfaceStyle) throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 600), fonts: .bundled)
        host.window.overrideUserInterfaceStyle = style
        host.window.keyboard.policy = .always
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let root = View()
        root.backgroundColor = .systemBackground
        root.addSubview(field)
        host.rootView = root
        _ = field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let pixels = Pixels(image: try host.render())
        var measured = 0
        for entry in keyboard.keyFrames where !entry.key.label.isEmpty && entry.key.action != .space {
            let frame = keyboard.convert(entry.frame, to: nil).insetBy(dx: 4, dy: 4)
            guard let c = textContrast(pixels.region(frame)) else { continue }
            measured += 1
            #expect(c >= 4.5, "\(style) key \(entry.key.label) at \(c):1")
        }
        #expect(measured >= 20)
        let face = keyboard.convert(try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == "q" }).frame, to: nil)
        let lum = Self.luminance(pixels.rgb(Int(face.minX * pixels.image.scale) + 3, Int(face.minY * pixels.image.scale) + 3))
        #expect(style == .dark ? lum < 0.3 : lum > 0.8, "a \(style) key face: luminance \(lum)")
    }

    @Test func highContrastReachesSevenToOneOnEveryViewOfTheForm() throws {
        try expectContrast(try demoForm(highContrast: true), text: 7, border: 4.5, "demo form, high contrast")
    }

    /// High contrast in the dark appearance keeps the dark colours (its darker variants are for
    /// light grounds): AA there, with the fields black inside and white-bordered.
    @Test(arguments: [(false, UserInterfaceStyle.light), (true, .light), (false, .dark), (true, .dark)])
    func everyKioskPageMeetsItsTheme(highContrast: Bool, style: UserInterfaceStyle) throws {
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
        var options = CheckInFlow.Options()
        options.highContrast = highContrast
        options.userInterfaceStyle = style
        let flow = CheckInFlow(window: host.window, options: options)
        host.window.keyboard.policy = .never
        let (text, border) = highContrast && style != .dark ? (7.0, 4.5) : (4.5, 3.0)
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
