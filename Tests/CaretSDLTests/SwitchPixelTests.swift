// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Testing

/// A switch as drawn by the software renderer: where its thumb rests and the track's colours.
@Suite @MainActor
struct SwitchPixelTests {
    /// The colour of the rendered window at a point of a view.
    private func color(_ host: HeadlessWindow, _ point: Point, in view: View) throws -> UInt32 {
        let image = try host.render()
        let at = view.convert(point, to: host.window)
        let scale = image.scale
        let p = image.pixel(x: Int(at.x * scale), y: Int(at.y * scale))
        return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
    }

    @Test func theThumbRestsAtTheTrailingEndWhenOnAndTheTrackTakesTheOnColour() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 240), fonts: .bundled)
        let screen = ViewController()
        host.window.rootViewController = screen
        screen.view.backgroundColor = .white
        let toggle = Switch(frame: Rect(x: 200, y: 40, width: 51, height: 31))
        screen.view.addSubview(toggle)
        toggle.onTintColor = Color(rgb: 0x0064D2)
        host.settle()
        let white: UInt32 = 0xFFFFFF
        #expect(try color(host, Point(x: 15.5, y: 15.5), in: toggle) == white, "off: the thumb at the leading end")
        let offTrack = try color(host, Point(x: 40, y: 15.5), in: toggle)
        #expect(offTrack == 0x787880, "off: the grey track, not \(String(offTrack, radix: 16))")
        toggle.isOn = true
        host.settle()
        #expect(try color(host, Point(x: 35.5, y: 15.5), in: toggle) == white, "on: the thumb at the trailing end")
        #expect(try color(host, Point(x: 10, y: 15.5), in: toggle) == 0x0064D2, "on: the track in the on colour")
        // Right to left: the trailing end is the left.
        toggle.semanticContentAttribute = .forceRightToLeft
        toggle.setNeedsLayout()
        host.settle()
        #expect(try color(host, Point(x: 15.5, y: 15.5), in: toggle) == white)
        #expect(try color(host, Point(x: 41, y: 15.5), in: toggle) == 0x0064D2)
    }

}
