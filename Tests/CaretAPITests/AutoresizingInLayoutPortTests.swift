// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Views placed by autoresizing masks inside views placed by constraints, as UIKit code writes
// them, renamed only (issue 45): an effect view's or a cell's `contentView`, made with the card's
// (zero) frame and flexible width and height, its subviews pinned to it with constraints. UIKit
// turns the masks into constraints tied to the card's solved size; the card takes its height
// from what its content view holds.

/// `UIVisualEffectView`'s shape: a content view that always fills the card.
@MainActor
final class FrostedCard: View {
    let contentView: View

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        contentView = View(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        // A badge kept 8 points from the card's right edge by its flexible left margin.
        badge.frame = CGRect(x: frame.width - 8 - 24, y: 8, width: 24, height: 24)
        badge.autoresizingMask = [.flexibleLeftMargin]
        contentView.addSubview(badge)
    }

    let badge = View()
}

@MainActor
final class CardViewController: ViewController {
    let card = FrostedCard(frame: .zero)
    let message = Label()

    override func viewDidLoad() {
        super.viewDidLoad()
        card.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(card)
        message.translatesAutoresizingMaskIntoConstraints = false
        message.numberOfLines = 0
        message.text = "Your table is ready. Please come to the desk."
        card.contentView.addSubview(message)
        NSLayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40),
            card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            card.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),

            message.topAnchor.constraint(equalTo: card.contentView.topAnchor, constant: 16),
            message.leadingAnchor.constraint(equalTo: card.contentView.leadingAnchor, constant: 16),
            message.trailingAnchor.constraint(equalTo: card.contentView.trailingAnchor, constant: -48),
            message.bottomAnchor.constraint(equalTo: card.contentView.bottomAnchor, constant: -16),
        ])
    }
}

@Suite @MainActor
struct AutoresizingInLayoutPortTests {
    @Test func aContentViewWithFlexibleMasksFillsItsCardAndSizesIt() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let screen = CardViewController()
        host.window.rootViewController = screen
        host.settle()
        let card = screen.card
        #expect(card.frame.minX == 20 && card.frame.width == 360)
        // The content view fills the card, whose height is the message's and its margins.
        #expect(card.contentView.frame == card.bounds)
        let messageHeight = screen.message.sizeThatFits(CGSize(width: 360 - 64, height: 0)).height
        #expect(messageHeight > 0)
        #expect(screen.message.frame == CGRect(x: 16, y: 16, width: 360 - 64, height: messageHeight))
        #expect(card.frame.height == messageHeight + 32)
        #expect(card.badge.frame == CGRect(x: 360 - 8 - 24, y: 8, width: 24, height: 24), "8 points from the right")
        #expect(!card.hasAmbiguousLayout && !screen.message.hasAmbiguousLayout)
        // A wider window: the card, its content view and the badge follow.
        try host.resize(to: Size(width: 600, height: 600))
        host.settle()
        #expect(card.frame.width == 560 && card.contentView.frame == card.bounds)
        #expect(card.badge.frame.maxX == CGFloat(560 - 8))
    }
}
