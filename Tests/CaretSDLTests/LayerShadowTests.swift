// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Layer shadows set as UIKit code sets them (`layer.shadowOpacity`, `shadowRadius`,
/// `shadowOffset`, `shadowColor`; docs/behaviour/porting.md), drawn on the software renderer.
@Suite(.serialized) @MainActor
struct LayerShadowTests {
    /// A white window with a blue card at (50, 50, 100, 60) in the window, inside a plain
    /// container, styled by `style`.
    private func host(_ style: (View) -> Void = { _ in }) throws -> (HeadlessWindow, View) {
        let host = try HeadlessWindow(size: Size(width: 200, height: 220), fonts: .bundled)
        let root = View(frame: host.window.bounds)
        root.backgroundColor = .white
        let container = View(frame: Rect(x: 40, y: 40, width: 120, height: 80))  // plain, unclipped
        let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 60))
        card.backgroundColor = .blue
        style(card)
        container.addSubview(card)
        root.addSubview(container)
        host.rootView = root
        return (host, card)
    }

    /// How many bytes two images differ in (not the images: a failure prints this, not a megabyte).
    private func differences(_ a: Image, _ b: Image) -> Int { zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) } }

    /// The grey a black shadow of full opacity leaves on white at `distance` points outside the
    /// moved shape's straight edge: a Gaussian of standard deviation `sigma` over a half-plane.
    private func expectedGrey(distance: Double, sigma: Double) -> Double {
        255 * (1 - 0.5 * erfc(distance / (sigma * 2.0.squareRoot())))
    }

    /// The snippets' shape: a card with `shadowOpacity = 1`, `shadowRadius = 4`,
    /// `shadowOffset = .init(width: 0, height: 10)`. Below the card and beside it the window is as
    /// dark as the blurred edge of the moved card, pixel by pixel.
    @Test func aShadowIsTheViewsShapeMovedAndBlurred() throws {
        let sigma = 4.0, drop = 10.0
        let (host, _) = try host { card in
            card.layer.shadowColor = Color.black.cgColor
            card.layer.shadowOpacity = 1
            card.layer.shadowRadius = sigma
            card.layer.shadowOffset = .init(width: 0, height: drop)
        }
        let image = try host.render()
        var worst = 0.0
        // Under the card's bottom edge (y = 110), the moved edge is at 120.
        for y in 110..<140 {
            let grey = Double(image.pixel(x: 100, y: y).r)
            worst = max(worst, abs(grey - expectedGrey(distance: Double(y) + 0.5 - (110 + drop), sigma: sigma)))
        }
        // Left of the card, halfway down the moved shape (its left edge is the card's, x = 50).
        for x in 30..<50 {
            let grey = Double(image.pixel(x: x, y: 90).r)
            worst = max(worst, abs(grey - expectedGrey(distance: 50 - (Double(x) + 0.5), sigma: sigma)))
        }
        #expect(worst <= 4, "largest difference from the Gaussian edge: \(worst) of 255")
        let above = image.pixel(x: 100, y: 45), card = image.pixel(x: 100, y: 80)
        #expect(above.r > 240, "moved down 10 points, the shadow barely reaches above the card: \(above)")
        #expect(card.b == 255 && card.r == 0, "the card is drawn over its shadow: \(card)")
    }

    /// Core Animation's default: no shadow until `shadowOpacity` is above 0, whatever else is set.
    @Test func noShadowIsDrawnUntilItsOpacityIsSet() throws {
        let plain = try host().0.render()
        let styled = try host { card in
            card.layer.shadowRadius = 10
            card.layer.shadowOffset = .init(width: 0, height: -8)
            card.layer.shadowColor = Color.black.cgColor
        }.0.render()
        #expect(differences(styled, plain) == 0)
        let (host, card) = try host()
        _ = try host.render()
        card.layer.shadowOpacity = 0.25
        let shown = try host.render()
        let grey = Double(shown.pixel(x: 100, y: 112).r)
        let expected = 255 - 0.25 * (255 - expectedGrey(distance: 112.5 - (110 - 3), sigma: 3))
        #expect(abs(grey - expected) <= 4, "a quarter-opacity shadow, set after the first frame: \(grey), expected \(expected)")
    }

    /// Moving or restyling a card redraws where its shadow was: the next frame, drawn only where
    /// something changed, equals a frame drawn whole.
    @Test func movingAViewWithAShadowLeavesNoShadowBehind() throws {
        let (host, card) = try host { card in
            card.layer.shadowOpacity = 0.8
            card.layer.shadowRadius = 6
            card.layer.shadowOffset = .init(width: 0, height: 12)
        }
        _ = try host.render()
        let changes: [() -> Void] = [
            { card.frame.origin.y += 40 }, { card.layer.shadowRadius = 2 }, { card.layer.shadowOffset = .zero },
            { card.layer.shadowOffset = .init(width: 0, height: 12) }, { card.layer.shadowRadius = 6 },
            { card.alpha = 0 }, { card.alpha = 1 }, { card.backgroundColor = nil }, { card.backgroundColor = .blue },
            { card.frame.size.width -= 40 }, { card.layer.cornerRadius = 20 }, { card.layer.masksToBounds = true },
            { card.layer.masksToBounds = false }, { card.layer.shadowColor = nil }, { card.layer.shadowColor = Color.black.cgColor },
            { card.superview?.isHidden = true }, { card.superview?.isHidden = false }, { card.removeFromSuperview() },
        ]
        for (index, change) in changes.enumerated() {
            change()
            let partial = try host.render()
            host.window.setNeedsFrame()
            let whole = try host.render()
            #expect(differences(partial, whole) == 0, "after change \(index)")
        }
    }

    /// The blur matches the Gaussian at radii whose three standard deviations are no whole
    /// number of points, and with no blur the shadow is the moved shape, hard-edged.
    @Test func everyRadiusDrawsTheGaussianEdge() throws {
        for sigma in [0.0, 1.7, 5, 6, 10] {
            let (host, _) = try host { card in
                card.layer.shadowOpacity = 1
                card.layer.shadowRadius = sigma
                card.layer.shadowOffset = .init(width: 0, height: 12)
            }
            let image = try host.render()
            var worst = 0.0
            for y in 110..<(122 + Int(3 * sigma) + 2) {
                let grey = Double(image.pixel(x: 100, y: y).r)
                let expected = sigma == 0 ? (Double(y) < 122 ? 0 : 255) : expectedGrey(distance: Double(y) + 0.5 - 122, sigma: sigma)
                worst = max(worst, abs(grey - expected))
            }
            #expect(worst <= 4, "radius \(sigma): largest difference from the Gaussian edge \(worst) of 255")
        }
    }

    /// As in Core Animation: a layer that masks to its bounds clips its shadow away, and a nil
    /// shadow colour draws none.
    @Test func aClippingLayerOrANilColourCastsNoShadow() throws {
        let plain = try host().0.render()
        for style in [{ (card: View) in card.layer.masksToBounds = true }, { (card: View) in card.layer.shadowColor = nil }] {
            let styled = try host { card in
                card.layer.shadowOpacity = 1
                card.layer.shadowOffset = .init(width: 0, height: 8)
                style(card)
            }.0.render()
            #expect(differences(styled, plain) == 0)
        }
    }

    /// A view with no background of its own casts the shadows of the subviews that draw one,
    /// as a UIKit layer's shadow follows the pixels drawn in it.
    @Test func aClearViewCastsItsSubviewsShadows() throws {
        let (host, _) = try host { card in
            card.backgroundColor = nil
            let inner = View(frame: Rect(x: 0, y: 40, width: 100, height: 20))
            inner.backgroundColor = .blue
            card.addSubview(inner)
            card.layer.shadowOpacity = 1
            card.layer.shadowRadius = 2
            card.layer.shadowOffset = .init(width: 0, height: 6)
        }
        let image = try host.render()
        #expect(image.pixel(x: 100, y: 113).r < 128, "under the subview: \(image.pixel(x: 100, y: 113))")
        #expect(image.pixel(x: 100, y: 60).r == 255, "no shadow where the card draws nothing: \(image.pixel(x: 100, y: 60))")
    }
}
