// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A form of stacked fields in a scroll view as Interface Builder scenes and most code before
// `contentLayoutGuide` write it, renamed only (issue 45): the content pinned to the scroll view's
// own edges, its width equal to the scroll view's. UIKit attaches edge constraints to the content
// area, so the form scrolls and keyboard avoidance scrolls it rather than panning the screen.

@MainActor
final class SignUpFormViewController: ViewController {
    let scrollView = ScrollView()
    let stackView = StackView()
    var fields: [TextField] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scrollView)
        stackView.axis = .vertical
        stackView.spacing = 12
        stackView.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stackView)
        for name in [
            "First name", "Last name", "Email", "Phone", "Street", "City", "Postcode", "Country", "Company", "Job title", "Website", "Notes",
        ] {
            let field = TextField()
            field.placeholder = name
            field.borderStyle = .roundedRect
            field.heightAnchor.constraint(equalToConstant: 44).isActive = true
            stackView.addArrangedSubview(field)
            fields.append(field)
        }
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            stackView.topAnchor.constraint(equalTo: scrollView.topAnchor, constant: 20),
            stackView.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor, constant: 16),
            stackView.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor, constant: -16),
            stackView.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor, constant: -20),
            stackView.widthAnchor.constraint(equalTo: scrollView.widthAnchor, constant: -32),
        ])
    }
}

@Suite @MainActor
struct ScrollFormPortTests {
    @Test func aFormPinnedToTheScrollViewsEdgesScrollsAndAvoidanceScrollsIt() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 500), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .always
        let form = SignUpFormViewController()
        host.window.rootViewController = form
        host.settle()
        // The content is the stack and its margins: 12 fields of 44 with 11 gaps of 12, and 20 above and below.
        let stackHeight: CGFloat = 12 * 44 + 11 * 12
        #expect(form.stackView.frame == CGRect(x: 16, y: 20, width: 368, height: stackHeight))
        #expect(form.scrollView.contentSize == CGSize(width: 400, height: stackHeight + 40))
        #expect(!form.scrollView.hasAmbiguousLayout && !form.stackView.hasAmbiguousLayout)
        // A drag scrolls it.
        let center = form.scrollView.convert(CGPoint(x: 200, y: 300), to: nil)
        host.input.drag(from: center, to: CGPoint(x: center.x, y: center.y - 150), duration: 0.3)
        host.settle()
        #expect(form.scrollView.contentOffset.y > 100)
        form.scrollView.contentOffset = .zero
        host.settle()
        // The last field, focused, is scrolled into view above the keyboard; the screen is not panned.
        let last = try #require(form.fields.last)
        #expect(last.becomeFirstResponder())
        host.settle()
        let keyboardTop = host.window.keyboard.frame.minY
        let onScreen = last.convert(last.bounds, to: nil)
        #expect(onScreen.maxY <= keyboardTop && onScreen.minY >= 0, "\(onScreen) above \(keyboardTop)")
        #expect(form.scrollView.contentOffset.y > 0)
        #expect(form.view.frame.minY == 0, "avoidance scrolled the form rather than panning the screen")
    }
}
