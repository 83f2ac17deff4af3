// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

/// The fixed-advance font makes every character 10 points wide at 20 points.
@Suite(.serialized) @MainActor
struct LabelTests {
    private func breaker() -> LineBreaker {
        LineBreaker(fontProvider: FixedAdvanceFontProvider(advanceRatio: 0.5), font: .systemFont(ofSize: 20))
    }

    @Test func truncationModesKeepTheRightEnds() {
        let b = breaker()
        let text = "abcdefghijklmnop"  // 160 points
        #expect(b.truncate(text, width: 80, mode: .byTruncatingTail) == "abcdefg…")
        #expect(b.truncate(text, width: 80, mode: .byTruncatingHead) == "…jklmnop")
        #expect(b.truncate(text, width: 80, mode: .byTruncatingMiddle) == "abcd…nop")
        #expect(b.truncate(text, width: 80, mode: .byClipping) == "abcdefgh")
        #expect(b.truncate(text, width: 200, mode: .byTruncatingTail) == text)
        #expect(b.truncate(text, width: 5, mode: .byTruncatingTail) == "…")
    }

    @Test func truncationNeverSplitsAGraphemeCluster() {
        let b = breaker()
        let text = "ae\u{301}👍🏽🇩🇪xyz"  // é combining; skin tone and flag are one character each
        for width in stride(from: 0.0, through: 120, by: 5) {
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping] {
                let shown = b.truncate(text, width: width, mode: mode)
                for character in shown where character != "…" {
                    #expect(text.contains(character), "\(mode) at \(width) produced a split cluster in \(shown)")
                }
            }
        }
    }

    @Test func wordWrapFallsBackToCharactersForLongWords() {
        let b = breaker()
        #expect(b.wrap("the quick brown fox", width: 100, byWord: true) == ["the quick", "brown fox"])
        #expect(b.wrap("abcdefghijklmnopqrstuvwxy", width: 100, byWord: true) == ["abcdefghij", "klmnopqrst", "uvwxy"])
        #expect(b.wrap("the quick brown", width: 60, byWord: false) == ["the qu", "ick br", "own"])
        #expect(b.lines(for: "one\n\ntwo", width: 100, mode: .byWordWrapping, maxLines: 0) == ["one", "", "two"])
    }

    /// A paragraph that fits its width is one line without asking the segmenter (so a label that
    /// fits never opens ICU); one that does not fit asks it once.
    @Test func textThatFitsIsNotSegmented() {
        let provider = CountingSegmenterFontProvider()
        let b = LineBreaker(fontProvider: provider, font: .systemFont(ofSize: 20))
        #expect(b.wrap("Tap to check in.", width: 160, byWord: true) == ["Tap to check in."])
        #expect(b.lines(for: "Welcome\nback", width: 100, mode: .byWordWrapping, maxLines: 0) == ["Welcome", "back"])
        #expect(provider.counter.asked == 0)
        #expect(b.wrap("Tap to check in.", width: 159, byWord: true) == ["Tap to check", "in."])
        #expect(provider.counter.asked == 1)
    }

    @Test func multiLineLabelsTruncateTheirLastLine() {
        let b = breaker()
        let lines = b.lines(
            for: "the quick brown fox jumps over", width: 100, mode: .byWordWrapping, maxLines: 2,
            lastLineMode: .byTruncatingTail)
        #expect(lines == ["the quick", "brown fox…"])  // ten characters: exactly 100 points
    }

    @Test func wrappingModesCutOffWithoutAnEllipsis() {
        let b = breaker()
        #expect(b.lines(for: "the quick brown fox", width: 100, mode: .byWordWrapping, maxLines: 1) == ["the quick"])
        #expect(b.lines(for: "the quick brown fox", width: 100, mode: .byCharWrapping, maxLines: 1) == ["the quick "])
        #expect(
            b.lines(
                for: "the quick brown fox", width: 100, mode: .byWordWrapping, maxLines: 2,
                lastLineMode: .byWordWrapping) == ["the quick", "brown fox"])
        #expect(b.lines(for: "abcdefghijklm", width: 100, mode: .byClipping, maxLines: 1) == ["abcdefghij"])
        #expect(b.lines(for: "abcdefghijklm", width: 100, mode: .byTruncatingTail, maxLines: 1) == ["abcdefghi…"])
    }

    @Test func labelSizesToItsText() throws {
        let host = try makeHost()
        let label = Label(text: "hello", font: .systemFont(ofSize: 20))
        host.rootView = label
        #expect(label.intrinsicContentSize == Size(width: 50, height: 24))
        label.numberOfLines = 0
        label.text = "hello world again"
        #expect(label.sizeThatFits(Size(width: 110, height: 0)) == Size(width: 110, height: 48))
        #expect(label.lines(forWidth: 110) == ["hello world", "again"])
        label.text = nil
        #expect(label.sizeThatFits(Size(width: 100, height: 0)) == .zero)
    }

    @Test func remeasuredSizesFollowEveryChangeOfTextFontAndLines() throws {
        let host = try makeHost()
        let label = Label(text: "four")
        host.rootView = View()
        host.rootView!.addSubview(label)
        let proposal = Size(width: 100, height: 0)
        let first = label.sizeThatFits(proposal)
        #expect(label.sizeThatFits(proposal) == first)  // asked again: the same answer
        label.text = "eight ch"
        #expect(label.sizeThatFits(proposal).width == first.width * 2)
        label.font = .systemFont(ofSize: 34)
        #expect(label.sizeThatFits(proposal).height > first.height * 1.8)
        label.font = .systemFont(ofSize: Font.labelFontSize)
        label.text = "one two three four five six"
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(proposal)
        #expect(wrapped.height > first.height && wrapped.width <= 100)
        label.numberOfLines = 1
        #expect(label.sizeThatFits(proposal).height == first.height)
    }
}

/// The fixed-advance font, its segmenter counting the line-break questions it is asked.
@MainActor
private final class CountingSegmenterFontProvider: FontProvider {
    final class Counter: TextSegmenter, @unchecked Sendable {
        var asked = 0
        func wordSegments(in text: String) -> [(range: Range<Int>, isWord: Bool)] { SimpleTextSegmenter().wordSegments(in: text) }
        func lineBreakOpportunities(in text: String) -> [Int] {
            asked += 1
            return SimpleTextSegmenter().lineBreakOpportunities(in: text)
        }
    }
    let counter = Counter()
    private let font = FixedAdvanceFontProvider(advanceRatio: 0.5)
    func metrics(for font: Font) -> FontMetrics { self.font.metrics(for: font) }
    func shape(_ text: String, font: Font) -> TextRun { self.font.shape(text, font: font) }
    var segmenter: TextSegmenter { counter }
}
