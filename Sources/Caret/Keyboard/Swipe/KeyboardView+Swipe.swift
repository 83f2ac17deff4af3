// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Swipe typing on the keys (docs/keyboard.md): a finger that lands on a letter and leaves its
/// key by a quarter of a key's width (half, after a letter) draws a trail (a view of the window's top layer, so the
/// rasterised keyboard is not drawn again as it moves); on lift the decoder's likeliest word goes
/// in with a space, and its next two words wait in the bar. A finger still on its key for the
/// long-press delay shows alternates instead, the space bar's trackpad and two fingers are
/// untouched, and a path no word fits types the key it lifts on, as before.
extension KeyboardView {
    /// The finger lifted (or another landed): the path's likeliest word goes in; with none, the
    /// key under the finger is typed.
    func finishSwipe(path: [Point], times: [Double]?, began: Double, key: KeyboardKey) {
        // The last swiped word is kept now: the guest's offset learns from it first.
        controller.swipe.learnKeptWord()
        let decoder = controller.swipe.decoder(for: self)
        let decoded = decoder?.candidates(for: path, times: times, guest: controller.swipe.touchOffset, limit: 3) ?? []
        guard !decoded.isEmpty, let client = controller.textClient as? TextInputClient else {
            // As a slide always did: the letter under the finger, or the last it slid over (a slide
            // that ends on Backspace or a key that is not text types no Backspace: soak seed 530000191).
            if let last = path.last, let index = keyIndex(at: last), keyFrames[index].key.isEnabled, case .text = keyFrames[index].key.action {
                typeKeyAction(keyFrames[index].key.action)
            } else {
                typeKeyAction(key.action)
            }
            return
        }
        // Spoken mode's double tap and slide: the first tap's lift typed the letter the slide
        // starts on; the word takes its place (capitalised if the letter was).
        var typed = ""
        // (The key the path started on, by its place: the press's key follows a finger that slid to
        // a neighbour first, and shift may have changed its letter since.)
        if let letter = activatedLetter, client.documentContextBeforeInput == letter.contextAfter,
            let first = path.first, let index = keyIndex(at: first), keyFrames[index].frame == letter.keyFrame,
            began - letter.time < Self.activatedLetterWindow
        {
            typed = letter.contextAfter.last.map { String($0) } ?? ""
        }
        activatedLetter = nil
        let shift = typed.first?.isUppercase == true && model.shift == .off ? .once : model.shift
        guard controller.swipe.insert(decoded.map(\.word), shift: shift, replacing: typed, into: client, path: path, times: times, decoder: decoder)
        else { return }
        model.letterTyped()
        if let word = controller.swipe.lastWord, let window {
            window.postAccessibility(
                .notification(.announcement, argument: Accessibility.announcement(word, language: window.keyboard.currentInputMode?.primaryLanguage)))
        }
        afterOutput()
    }

    /// The text the last swipe put in, while it is still just before the caret, and what each of
    /// its alternatives would put in its place (for test oracles).
    @_spi(Testing) public var swipeReplacements: (inserted: String, alternatives: [String])? {
        guard let client = controller.textClient as? TextInputClient, let last = controller.swipe.last,
            client.documentContextBeforeInput == last.contextAfter
        else { return nil }
        return (last.inserted, controller.swipe.alternatives(in: client).map { last.prefix + $0 + " " })
    }

    /// What an empty bar says until the first swipe, where swiping is on, in the keyboard's language.
    var swipeHint: String { BarHintWord.swipeHint.text(model.wordsLanguage) }

    /// Whether the empty bar shows the swipe hint: swiping is on and no word was swiped yet.
    @_spi(Testing) public var showsSwipeHint: Bool { !controller.swipe.hasSwiped && controller.swipe.isOn(for: self) }

    /// A swiped word's alternative was tapped in the bar: it replaces the word.
    func pickSwipeAlternative(_ word: String) {
        guard let client = controller.textClient as? TextInputClient, controller.swipe.replace(with: word, in: client) else { return }
        afterOutput()
    }
}

/// The line a swiping finger leaves over the keys, drawn as it grows (only the new segment's
/// rectangle is drawn again).
@MainActor
package final class SwipeTrailView: View {
    /// The trail's points, in its own coordinates.
    package private(set) var points: [Point] = []
    static let lineWidth = 6.0
    static let color = Color(rgb: 0x0A84FF)

    package override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = nil
    }

    package required init?(coder: NSCoder) { nil }

    func add(_ point: Point) {
        let previous = points.last
        points.append(point)
        let from = previous ?? point
        let area = Rect(x: min(from.x, point.x), y: min(from.y, point.y), width: abs(point.x - from.x), height: abs(point.y - from.y))
        setNeedsDisplay(area.insetBy(dx: -Self.lineWidth, dy: -Self.lineWidth))
    }

    package override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard points.count > 1 else { return }
        for i in 1..<points.count {
            context.drawLine(from: points[i - 1], to: points[i], width: Self.lineWidth, color: Self.color)
        }
    }
}
