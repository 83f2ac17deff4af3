// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A growing input bar as chat apps write it, renamed only: a text view with scrolling off sized
// by Auto Layout from its text, capped by a height constraint; when its text needs more than the
// cap, the delegate turns scrolling on (the commonest "growing UITextView" snippet).

@MainActor
final class CappedInputBar: View, TextViewDelegate {
    let textView = TextView()
    let maxHeight: CGFloat = 120

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        textView.isScrollEnabled = false
        textView.font = .systemFont(ofSize: 17)
        textView.delegate = self
        textView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(textView)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            textView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            textView.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            textView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            textView.heightAnchor.constraint(lessThanOrEqualToConstant: maxHeight),
        ])
    }

    func textViewDidChange(_ textView: TextView) {
        let fits = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude))
        textView.isScrollEnabled = fits.height > maxHeight
    }
}

@MainActor
final class GrowingBarScreen: ViewController {
    let bar = CappedInputBar()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        bar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])
    }
}

@Suite(.serialized) @MainActor
struct GrowingInputBarPortTests {
    @Test func aTextViewWithScrollingOffGrowsWhileTypingUpToItsCapThenScrolls() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let screen = GrowingBarScreen()
        host.window.rootViewController = screen
        host.layout()
        let textView = screen.bar.textView
        #expect(textView.becomeFirstResponder())
        host.drawFrame()
        let lineHeight = textView.font.lineHeight
        let oneLine = textView.frame.height
        #expect(oneLine >= lineHeight && oneLine < 2 * lineHeight, "one line tall: \(oneLine)")
        var heights: [CGFloat] = [oneLine]
        for line in 2...10 {
            host.input.key(.keyboardReturnOrEnter)
            host.input.type("line \(line)")
            host.drawFrame()  // the frame after the keystroke
            heights.append(textView.frame.height)
        }
        // Each line adds a line's height until the cap, then the view stays at the cap and scrolls
        // (within a point: the view's height is the text's, rounded up to whole points).
        for (index, height) in heights.enumerated() {
            let needed = oneLine + Double(index) * lineHeight
            let expected = min(needed, screen.bar.maxHeight)
            #expect(abs(height - expected) <= 1, "after \(index + 1) lines: \(height), not \(expected) (\(heights))")
        }
        #expect(textView.isScrollEnabled, "past the cap the delegate turned scrolling on")
        #expect(abs(screen.bar.frame.maxY - host.window.bounds.maxY) < 0.5, "the bar stays at the bottom: \(screen.bar.frame)")
        let caret = textView.caretRect(for: textView.endOfDocument)
        #expect(textView.bounds.contains(caret), "the caret's line scrolled into view: \(caret) in \(textView.bounds)")
        // Deleting back to one line shrinks it again, and scrolling goes off.
        textView.text = ""
        screen.bar.textViewDidChange(textView)  // code setting the text tells the delegate itself, as in UIKit
        host.drawFrame()
        #expect(abs(textView.frame.height - oneLine) < 0.5 && !textView.isScrollEnabled, "\(textView.frame)")
    }
}
