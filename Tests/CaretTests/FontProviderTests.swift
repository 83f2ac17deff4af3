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
