// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The focus ring and the switch-access highlight measured from rendered pixels (issue 40 item 6):
/// each is at least 2 points wide and stands out by WCAG's 3:1 non-text contrast from the pixels
/// on both of its sides, in the default and the high-contrast theme.
@Suite(.serialized) @MainActor
struct FocusRingContrastTests {
    // MARK: Pixels and WCAG contrast, from sRGB values

    private struct Pixels {
        let image: Image
        var scale: Double { image.scale }
        /// The pixel at (x, y), as sRGB components 0...1.
        func rgb(atPixel x: Int, _ y: Int) -> [Double] {
            let i = (y * image.pixelWidth + x) * 4
            return (0..<3).map { Double(image.pixels[i + $0]) / 255 }
        }
        func contains(pixel x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < image.pixelWidth && y < image.pixelHeight }
        func differs(from other: Pixels, atPixel x: Int, _ y: Int) -> Bool {
            zip(rgb(atPixel: x, y), other.rgb(atPixel: x, y)).contains { abs($0 - $1) > 1.5 / 255 }
        }
    }

    /// WCAG 2.x relative luminance of sRGB components.
    private static func luminance(_ c: [Double]) -> Double {
        let l = c.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
    }

    private static func contrast(_ a: [Double], _ b: [Double]) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// What focus changed on a line going out from a control's edge, measured as WCAG measures a
    /// focus indicator: `width` is how much of the changed run changed by 3:1 or more from the
    /// unfocused frame; `inner` and `outer` are the contrast of the run's innermost and outermost
    /// pixels with the unchanged pixels beside them (the control's edge, the background around).
    private struct Measure: CustomStringConvertible {
        var width: Double
        var inner: Double
        var outer: Double
        var description: String { "width \(width) pt, contrast inside \(inner):1, outside \(outer):1" }
        var passes: Bool { width >= 2 && inner >= 3 && outer >= 3 }
        static let none = Measure(width: 0, inner: 0, outer: 0)
        /// The ring runs off the frame's edge on this side.
        static let offFrame = Measure(width: -1, inner: 0, outer: 0)
        var isOffFrame: Bool { width < 0 }
    }

    /// Walks out from `edge` (the first pixel outside the control) by `step`. The changed run must
    /// touch the control to within one pixel (anti-aliasing may blend one pixel either way), and
    /// at each end of it one blended pixel may be passed over to find its colour: no more.
    private func measure(_ with: Pixels, _ without: Pixels, edge: (Int, Int), step: (Int, Int), reach: Double = 16) -> Measure {
        func pixel(_ i: Int) -> (Int, Int) { (edge.0 + step.0 * i, edge.1 + step.1 * i) }
        func inside(_ i: Int) -> Bool { with.contains(pixel: pixel(i).0, pixel(i).1) }
        func changed(_ i: Int) -> Bool { inside(i) && with.differs(from: without, atPixel: pixel(i).0, pixel(i).1) }
        func at(_ i: Int) -> [Double] { with.rgb(atPixel: pixel(i).0, pixel(i).1) }
        guard inside(-2), !changed(-2), let first = (-1...1).first(where: changed) else { return .none }
        var last = first
        while last < Int(reach * with.scale), changed(last + 1) { last += 1 }
        guard inside(last + 1) else { return .offFrame }  // nothing outside it to compare with
        let inner = max(Self.contrast(at(first), at(first - 1)), Self.contrast(at(min(first + 1, last)), at(first - 1)))
        let outer = max(Self.contrast(at(last), at(last + 1)), Self.contrast(at(max(last - 1, first)), at(last + 1)))
        let strong = (first...last).filter {
            Self.contrast(at($0), without.rgb(atPixel: pixel($0).0, pixel($0).1)) >= 3
        }.count
        return Measure(width: Double(strong) / with.scale, inner: inner, outer: outer)
    }

    /// Measures on all four sides of a rectangle (window points), across the middle of each side.
    private func measureAround(_ rect: Rect, _ with: Pixels, _ without: Pixels) -> [Measure] {
        let s = with.scale
        func px(_ v: Double) -> Int { Int((v * s).rounded()) }
        let midX = Int((rect.midX * s).rounded(.down)), midY = Int((rect.midY * s).rounded(.down))
        return [
            measure(with, without, edge: (px(rect.minX) - 1, midY), step: (-1, 0)),
            measure(with, without, edge: (px(rect.maxX), midY), step: (1, 0)),
            measure(with, without, edge: (midX, px(rect.minY) - 1), step: (0, -1)),
            measure(with, without, edge: (midX, px(rect.maxY)), step: (0, 1)),
        ]
    }

    /// Saves a frame where `CARET_RING_FRAMES` names a folder, to look at.
    private func keep(_ pixels: Pixels, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["CARET_RING_FRAMES"] else { return }
        try? pixels.image.writePNG(to: (folder as NSString).appendingPathComponent(name + ".png"))
    }

    // MARK: The scene

    /// Controls of every look on the grouped background, and some on a dark panel.
    private func scene(highContrast: Bool) throws -> (HeadlessWindow, [View]) {
        let host = try HeadlessWindow(size: Size(width: 520, height: 420), scale: 2, fonts: .bundled)
        let root = View()
        root.backgroundColor = .systemGroupedBackground
        host.rootView = root
        var controls: [View] = []
        for (i, style) in [Button.Style.filled, .tinted, .gray, .plain].enumerated() {
            let button = Button(title: "Button", style: style)
            button.frame = Rect(x: 20 + Double(i) * 120, y: 20, width: 100, height: 44)
            controls.append(button)
        }
        let field = TextField(frame: Rect(x: 20, y: 90, width: 220, height: 36))
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        let notes = TextView(frame: Rect(x: 260, y: 90, width: 220, height: 80))
        notes.text = "Notes"
        controls += [field, notes]
        let panel = View(frame: Rect(x: 0, y: 200, width: 520, height: 220))
        panel.backgroundColor = Color(rgb: 0x1C1C1E)
        let dark = Button(title: "On dark", style: .filled)
        dark.frame = Rect(x: 20, y: 30, width: 120, height: 44)
        let darkPlain = Button(title: "Plain", style: .plain)
        darkPlain.frame = Rect(x: 160, y: 30, width: 120, height: 44)
        darkPlain.setTitleColor(.white, for: .normal)
        let darkField = TextField(frame: Rect(x: 20, y: 110, width: 220, height: 36))
        darkField.borderStyle = .line
        darkField.backgroundColor = .white
        for view in controls { root.addSubview(view) }
        for view in [dark, darkPlain, darkField] as [View] { panel.addSubview(view) }
        root.addSubview(panel)
        controls += [dark, darkPlain, darkField]
        host.window.keyboard.policy = .never
        host.window.prefersHighContrast = highContrast
        host.layout()
        return (host, controls)
    }

    @Test(arguments: [false, true])
    func theFocusRingStandsOutOnBothSidesOfEveryControl(highContrast: Bool) throws {
        let (host, controls) = try scene(highContrast: highContrast)
        let without = Pixels(image: try host.render())
        // Keyboard focus, control by control (Tab from nothing focuses the first).
        for (i, control) in controls.enumerated() {
            let editing = (host.window.firstResponder as? TextView)?.isEditing == true
            host.input.key(.keyboardTab, modifiers: editing ? .control : [])  // Ctrl+Tab leaves a text view
            #expect(control.isFirstResponder, "Tab \(i) reached \(String(describing: host.window.firstResponder))")
            host.settle()
            let with = Pixels(image: try host.render())
            keep(with, "ring-\(highContrast ? "hc" : "default")-\(i)")
            let frame = control.convert(control.bounds, to: nil)
            for (side, m) in zip(["left", "right", "top", "bottom"], measureAround(frame, with, without)) {
                #expect(m.passes, "\(type(of: control)) \(i) \(side), high contrast \(highContrast): \(m)")
            }
        }
    }

    @Test func aTapFocusesWithoutARing() throws {
        let (host, controls) = try scene(highContrast: false)
        let field = controls[4]
        let without = Pixels(image: try host.render())
        host.input.tap(field)
        host.settle()
        #expect(field.isFirstResponder)
        let with = Pixels(image: try host.render())
        let frame = field.convert(field.bounds, to: nil)
        #expect(measureAround(frame, with, without).allSatisfy { $0.width == 0 })
        host.input.key(.keyboardTab, modifiers: .shift)  // a key moves focus: the ring shows
        host.input.key(.keyboardTab)
        let keyed = Pixels(image: try host.render())
        let measures = measureAround(frame, keyed, without)
        #expect(measures.allSatisfy { $0.passes }, "\(measures)")
    }

    @Test func aScrollViewClipsTheRingAsItClipsTheControl() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), scale: 2, fonts: .bundled)
        let root = View()
        root.backgroundColor = .systemGroupedBackground
        let scroll = ScrollView(frame: Rect(x: 20, y: 40, width: 300, height: 200))
        scroll.backgroundColor = .white
        scroll.contentSize = Size(width: 300, height: 600)
        let button = Button(title: "Half hidden", style: .filled)
        button.frame = Rect(x: 20, y: 80, width: 160, height: 44)
        scroll.addSubview(button)
        root.addSubview(scroll)
        host.rootView = root
        host.window.keyboard.policy = .never
        host.input.key(.keyboardTab)
        #expect(button.isFirstResponder)
        scroll.contentOffset = Point(x: 0, y: 90)  // the button's top 10 points above the scroll view's
        host.layout()
        let withRing = Pixels(image: try host.render())
        keep(withRing, "ring-clipped")
        host.input.tap(at: Point(x: 360, y: 280))  // a click hides the ring, focus stays
        host.layout()
        #expect(button.isFirstResponder)
        let without = Pixels(image: try host.render())
        let frame = button.convert(button.bounds, to: nil)
        #expect(frame.minY < scroll.frame.minY)
        // Nothing of the ring above the scroll view; below, inside it, the ring shows.
        var changedAbove = 0
        for y in 0..<Int(scroll.frame.minY * 2) {
            for x in Int((frame.minX - 6) * 2)..<Int((frame.maxX + 6) * 2) where withRing.differs(from: without, atPixel: x, y) {
                changedAbove += 1
            }
        }
        #expect(changedAbove == 0)
        let bottom = measureAround(frame, withRing, without)[3]
        #expect(bottom.passes, "\(bottom)")
    }

    @Test(arguments: [false, true])
    func theSwitchHighlightStandsOutOnBothSides(highContrast: Bool) throws {
        let (host, controls) = try scene(highContrast: highContrast)
        host.window.keyboard.policy = .always
        let without = Pixels(image: try host.render())
        let scanner = SwitchControl(select: .key(.keyboardSpacebar), next: .key(.keyboardRightArrow))
        host.window.switchControl = scanner
        defer { host.window.switchControl = nil }
        var measured = 0
        // Around each control on both backgrounds.
        for _ in 0..<controls.count {
            guard let item = scanner.highlightedItem else { break }
            let with = Pixels(image: try host.render())
            keep(with, "switch-\(highContrast ? "hc" : "default")-\(measured)")
            let frame = item.frame.insetBy(dx: -2, dy: -2)  // the highlight keeps 2 points clear
            for (side, m) in zip(["left", "right", "top", "bottom"], measureAround(frame, with, without)) {
                #expect(m.passes, "\(item.label) \(side), high contrast \(highContrast): \(m)")
            }
            measured += 1
            scanner.advance()
        }
        #expect(measured == controls.count)
        // Around a row of the keyboard.
        controls[4].becomeFirstResponder()
        host.settle()
        host.window.switchControl = nil
        let plain = Pixels(image: try host.render())
        keep(plain, "switch-\(highContrast ? "hc" : "default")-row-before")
        host.window.switchControl = scanner
        let row = try #require(scanner.highlightedItem)
        #expect(row.elements.count > 1)
        let with = Pixels(image: try host.render())
        keep(with, "switch-\(highContrast ? "hc" : "default")-row")
        let sides = measureAround(row.frame.insetBy(dx: -2, dy: -2), with, plain)
        // The row spans the window: its highlight's ends run off the frame, nothing beyond them.
        #expect(sides[0].isOffFrame && sides[1].isOffFrame, "\(sides)")
        #expect(sides[2].passes, "keyboard row top, high contrast \(highContrast): \(sides[2])")
        // In high contrast the next row's key outlines meet the highlight's bands in darker
        // colours now (named colours' high-contrast variants): it stands out on both sides.
        #expect(sides[3].passes, "keyboard row bottom, high contrast \(highContrast): \(sides[3])")
    }
}
