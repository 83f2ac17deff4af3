// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Testing

// A card view as a real app writes it (renamed only): the shadow's shape given as a path, so
// that it is cast whatever the view draws.
@MainActor
final class RoundedShadowCardView: View {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.shadowColor = .black
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = Size(width: 0, height: 10)
        layer.shadowPath = BezierPath(roundedRect: bounds, cornerRadius: 10).cgPath
    }
}

@Suite @MainActor
struct ShadowPathPortTests {
    private func pixel(_ image: Image, _ x: Double, _ y: Double) -> [UInt8] {
        let p = image.pixel(x: Int(x * image.scale), y: Int(y * image.scale))
        return [p.r, p.g, p.b]
    }

    @Test func aClearViewWithAShadowPathCastsThePathsShadow() throws {
        let host = try HeadlessWindow(size: Size(width: 300, height: 300), fonts: .bundled)
        let screen = ViewController()
        screen.view.backgroundColor = .white
        host.window.rootViewController = screen
        let card = RoundedShadowCardView(frame: Rect(x: 50, y: 50, width: 100, height: 100))  // draws nothing itself
        screen.view.addSubview(card)
        host.settle()
        let image = try host.render()
        // The path moved down 10 points: black below the view's bottom edge, in the middle.
        #expect(pixel(image, 100, 155) == [0, 0, 0])
        #expect(pixel(image, 100, 165) == [255, 255, 255], "the shadow ends 10 points below the view")
        // Its rounded corner: the very corner of the moved path stays white.
        #expect(pixel(image, 50.5, 159.5) == [255, 255, 255])
        // A path smaller than the view casts a smaller shadow, inside it.
        let plain = View(frame: Rect(x: 180, y: 50, width: 100, height: 100))
        plain.layer.shadowOpacity = 1
        plain.layer.shadowRadius = 0
        plain.layer.shadowOffset = .zero
        plain.layer.shadowPath = BezierPath(rect: Rect(x: 40, y: 40, width: 20, height: 20)).cgPath
        screen.view.addSubview(plain)
        host.settle()
        let again = try host.render()
        #expect(pixel(again, 230, 100) == [0, 0, 0])
        #expect(pixel(again, 230, 70) == [255, 255, 255], "the view's own shape casts none")
        #expect(BezierPath(ovalIn: Rect(x: 0, y: 0, width: 20, height: 10)) == nil, "no ellipse: nil, not a wrong shape")
    }
}
