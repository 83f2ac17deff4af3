// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The small UIKit gaps ported snippets met (issue 29, item 7): `view.layer` styling, the
/// semantic colours, and `text = nil`.
@Suite @MainActor
struct LayerPortTests {
    /// A card styled the UIKit way, through `layer`, and a twin styled through the view's own
    /// properties: the same pixels, corners rounded and border drawn.
    @Test func aCardStyledThroughItsLayerDrawsAsTheViewsOwnProperties() throws {
        func render(_ style: (View) -> Void) throws -> Image {
            let host = try HeadlessWindow(size: Size(width: 120, height: 80), fonts: .bundled)
            let root = View(frame: host.window.bounds)
            root.backgroundColor = .systemBackground
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
            card.backgroundColor = .secondarySystemBackground
            style(card)
            root.addSubview(card)
            host.rootView = root
            return try host.render()
        }
        let throughLayer = try render { card in
            card.layer.cornerRadius = 12
            card.layer.borderWidth = 2
            card.layer.borderColor = Color.systemBlue.cgColor
            card.layer.masksToBounds = true
        }
        let throughView = try render { card in
            card.layer.cornerRadius = 12
            card.layer.borderWidth = 2
            card.layer.borderColor = .systemBlue
            card.clipsToBounds = true
        }
        #expect(throughLayer.pixels == throughView.pixels)
        let corner = throughLayer.pixel(x: 11, y: 11), inside = throughLayer.pixel(x: 60, y: 40), edge = throughLayer.pixel(x: 60, y: 10)
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255, "the rounded corner shows the white background \(corner)")
        #expect(inside.r == 0xF2 && inside.b == 0xF7, "the card is secondarySystemBackground \(inside)")
        #expect(edge.b > 200 && edge.r < 60, "the border is blue \(edge)")
    }

    @Test func textSetToNilEmptiesFieldsAndTextViews() {
        let field = TextField()
        field.text = "something"
        field.text = nil
        #expect(field.text == "")
        let textView = TextView()
        textView.text = "notes"
        textView.text = nil
        #expect(textView.text == "" && textView.text.isEmpty)
    }
}
