// SPDX-License-Identifier: Apache-2.0
import Caret
import Testing

@Suite(.serialized) @MainActor
struct StackViewTests {
    private func frames(_ stack: StackView) -> [Rect] {
        stack.layoutIfNeeded()
        return stack.arrangedSubviews.filter { !$0.isHidden }.map(\.frame)
    }

    @Test func fillGivesLeftoverToViewsWithoutIntrinsicSize() {
        let flexible = View()
        let stack = StackView(
            arrangedSubviews: [FixedSizeView(50, 20), flexible, FixedSizeView(30, 10)], axis: .horizontal, spacing: 10)
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 40)
        #expect(
            frames(stack) == [
                Rect(x: 0, y: 0, width: 50, height: 40), Rect(x: 60, y: 0, width: 100, height: 40),
                Rect(x: 170, y: 0, width: 30, height: 40),
            ])
    }

    @Test func fillStretchesTheLastViewWhenAllHaveSizesAndShrinksFromTheEnd() {
        let stack = StackView(arrangedSubviews: [FixedSizeView(50, 20), FixedSizeView(30, 10)], axis: .vertical, spacing: 5)
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(frames(stack).map(\.height) == [20, 75])
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 22)
        #expect(frames(stack).map(\.height) == [17, 0])
    }

    @Test func everyDistribution() {
        func make(_ d: StackView.Distribution) -> StackView {
            let s = StackView(arrangedSubviews: [FixedSizeView(20, 10), FixedSizeView(60, 10)], axis: .horizontal, spacing: 10)
            s.distribution = d
            s.frame = Rect(x: 0, y: 0, width: 170, height: 10)
            return s
        }
        #expect(frames(make(.fillEqually)).map(\.minX) == [0, 90])
        #expect(frames(make(.fillEqually)).map(\.width) == [80, 80])
        #expect(frames(make(.fillProportionally)).map(\.width) == [40, 120])
        #expect(frames(make(.equalSpacing)).map(\.minX) == [0, 110])
        // Centres equally spaced: first flush left (centre 10), last flush right (centre 140).
        let centred = frames(make(.equalCentering))
        #expect(centred.map(\.midX) == [10, 140])
    }

    @Test func alignmentsAcrossTheAxis() {
        for (alignment, expectedY, expectedHeight) in [
            (StackView.Alignment.fill, 0.0, 40.0), (.leading, 0, 10), (.center, 15, 10), (.trailing, 30, 10),
        ] {
            let stack = StackView(arrangedSubviews: [FixedSizeView(20, 10)], axis: .horizontal)
            stack.alignment = alignment
            stack.frame = Rect(x: 0, y: 0, width: 20, height: 40)
            let f = frames(stack)[0]
            #expect(f.minY == expectedY && f.height == expectedHeight, "alignment \(alignment)")
        }
    }

    @Test func hiddenViewsTakeNoSpaceAndShowingThemRelayouts() {
        let middle = FixedSizeView(30, 10)
        let stack = StackView(
            arrangedSubviews: [FixedSizeView(20, 10), middle, FixedSizeView(40, 10)], axis: .horizontal, spacing: 10)
        stack.distribution = .equalSpacing
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        middle.isHidden = true
        #expect(stack.needsLayout)
        #expect(frames(stack).map(\.minX) == [0, 60])
        #expect(stack.intrinsicContentSize == Size(width: 70, height: 10))
    }

    @Test func marginsAndIntrinsicSize() {
        let stack = StackView(arrangedSubviews: [FixedSizeView(20, 10), FixedSizeView(30, 15)], axis: .vertical, spacing: 4)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(stack.intrinsicContentSize == Size(width: 36, height: 33))
        stack.frame = Rect(origin: .zero, size: stack.intrinsicContentSize)
        #expect(frames(stack) == [Rect(x: 2, y: 1, width: 30, height: 10), Rect(x: 2, y: 15, width: 30, height: 15)])
    }

    @Test func removingArrangedViewsKeepsThemAsSubviewsUntilRemoved() {
        let a = FixedSizeView(10, 10)
        let stack = StackView(arrangedSubviews: [a])
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.isEmpty && a.superview === stack)
        stack.addArrangedSubview(a)
        a.removeFromSuperview()
        #expect(stack.arrangedSubviews.isEmpty)
    }
}
