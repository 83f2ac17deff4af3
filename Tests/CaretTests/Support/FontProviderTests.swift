// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

/// Views measure with their window's fonts; detached views with the nearest provider given to
/// them, else a constant default that no window or test can change (issue 12).
@Suite(.serialized) @MainActor
struct FontProviderTests {
    @Test func detachedViewsMeasureTheSameWhateverWindowsWereMade() throws {
        let label = Label(text: "twelve chars")
        label.font = .systemFont(ofSize: 20)
        let before = label.intrinsicContentSize
        // Windows with other fonts come and go: the detached label is not affected.
        let wide = try HeadlessWindow(size: Size(width: 200, height: 100), fonts: .fixedAdvance(ratio: 0.9))
        let narrow = try HeadlessWindow(size: Size(width: 200, height: 100), fonts: .fixedAdvance(ratio: 0.3))
        #expect(label.intrinsicContentSize == before)
        #expect(label.fontProvider === FontProviders.detached)
        #expect(before.width == 12 * 20 * 0.5)  // the documented default: half the point size
        withExtendedLifetime((wide, narrow)) {}
    }

    @Test func aProviderGivenToADetachedTreeIsInheritedUntilAWindowTakesOver() throws {
        let given = FixedAdvanceFontProvider(advanceRatio: 1)
        let container = View()
        let label = Label(text: "abcd")
        label.font = .systemFont(ofSize: 10)
        container.addSubview(label)
        container.detachedFontProvider = given
        #expect(label.fontProvider === given)
        #expect(label.intrinsicContentSize.width == 40)
        let host = try HeadlessWindow(size: Size(width: 200, height: 100), fonts: .fixedAdvance(ratio: 0.25))
        host.rootView = container
        #expect(label.fontProvider === host.window.backend.fontProvider)
        #expect(label.intrinsicContentSize.width == 10)
        container.removeFromSuperview()
        host.rootView = nil
        #expect(label.fontProvider === given)
    }
}

/// Tab's order asks each view whether it can be focused, not what type it is (issue 12).
@Suite(.serialized) @MainActor
struct FocusOrderTests {
    final class Swatch: View {
        override var canBecomeFocused: Bool { true }
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test func aViewThatCanBeFocusedJoinsTabsOrderInReadingOrder() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        let swatch = Swatch(frame: Rect(x: 10, y: 60, width: 40, height: 40))
        let textView = TextView(frame: Rect(x: 10, y: 110, width: 200, height: 80))
        let hidden = Swatch(frame: Rect(x: 100, y: 60, width: 40, height: 40))
        hidden.isHidden = true
        for view in [textView, swatch, field, hidden] as [View] { root.addSubview(view) }
        host.layout()
        #expect(host.window.focus.focusableViewsInOrder().map { ObjectIdentifier($0) } == [field, swatch, textView].map { ObjectIdentifier($0) })
        field.isEnabled = false
        #expect(host.window.focus.focusableViewsInOrder().count == 2)
    }
}
