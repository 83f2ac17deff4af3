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
        /// The pixel at a point (window points), as sRGB components 0...1.
        func rgb(atPixel x: Int, _ y: Int) -> [Double] {
            let i = (y * image.pixelWidth + x) * 4
            return (0..<3).map { Double(image.pixels[i + $0]) / 255 }
        }
        func differs(from other: Pixels, atPixel x: Int, _ y: Int) -> Bool {
            zip(rgb(atPixel: x, y), other.rgb(atPixel: x, y)).contains { abs($0 - $1) > 0.02 }
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

    /// What a ring changed along a line going out from a point at an edge: its width in points
    /// and the contrast of its innermost and outermost pixels with their neighbours beyond it.
    private struct Measure: CustomStringConvertible {
        var width: Double
        var inner: Double
        var outer: Double
        var description: String { "width \(width) pt, contrast inside \(inner):1, outside \(outer):1" }
        var passes: Bool { width >= 2 && inner >= 3 && outer >= 3 }
    }

    /// Walks from `start` (window points, just inside the ring's inner edge) outwards by `step`
    /// (a unit vector) and finds the run of pixels that differ between the two renders.
    private func measure(_ with: Pixels, _ without: Pixels, from start: Point, step: (Int, Int), reach: Double = 16) -> Measure {
        let s = with.scale
        let x0 = Int((start.x * s).rounded(.down)), y0 = Int((start.y * s).rounded(.down))
        let steps = Int(reach * s)
        var first: Int?, last: Int?
        for i in 0...steps {
            let x = x0 + step.0 * i, y = y0 + step.1 * i
            guard x >= 0, y >= 0, x < with.image.pixelWidth, y < with.image.pixelHeight else { break }
            if with.differs(from: without, atPixel: x, y) {
                if first == nil { first = i }
                last = i
            } else if first != nil {
                break
            }
        }
        guard let first, let last, first > 0 else { return Measure(width: 0, inner: 0, outer: 0) }
        func at(_ i: Int) -> [Double] { with.rgb(atPixel: x0 + step.0 * i, y0 + step.1 * i) }
        return Measure(
            width: Double(last - first + 1) / s,
            inner: Self.contrast(at(first), at(first - 1)),
            outer: Self.contrast(at(last), at(last + 1)))
    }

    /// Measures on all four sides of a rectangle, from half a point inside each edge.
    private func measureAround(_ rect: Rect, _ with: Pixels, _ without: Pixels) -> [Measure] {
        [
            measure(with, without, from: Point(x: rect.minX + 0.5, y: rect.midY), step: (-1, 0)),
            measure(with, without, from: Point(x: rect.maxX - 0.5, y: rect.midY), step: (1, 0)),
            measure(with, without, from: Point(x: rect.midX, y: rect.minY + 0.5), step: (0, -1)),
            measure(with, without, from: Point(x: rect.midX, y: rect.maxY - 0.5), step: (0, 1)),
        ]
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
        host.window.switchControl = scanner
        let row = try #require(scanner.highlightedItem)
        #expect(row.elements.count > 1)
        let with = Pixels(image: try host.render())
        for (side, m) in zip(["left", "right", "top", "bottom"], measureAround(row.frame.insetBy(dx: -2, dy: -2), with, plain)) {
            #expect(m.passes, "keyboard row \(side), high contrast \(highContrast): \(m)")
        }
    }
}
