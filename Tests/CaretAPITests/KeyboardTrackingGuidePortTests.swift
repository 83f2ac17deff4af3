// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// UIKit's tracking layout guide (issue 45, item 5): constraints active by where the keyboard is,
// as iPad code sets them up. Caret's keyboard is always docked at the bottom, full width.

/// A chat screen whose compose bar rides a docked keyboard and, were the keyboard away from the
/// bottom (floating near the top on an iPad), would sit on the safe area instead.
@MainActor
final class TrackingChatViewController: ViewController {
    let composeBar = View()
    var ridesKeyboard: [NSLayoutConstraint] = []
    var onSafeArea: [NSLayoutConstraint] = []
    var dockedBadge: [NSLayoutConstraint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        composeBar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(composeBar)
        view.keyboardLayoutGuide.followsUndockedKeyboard = true
        NSLayoutConstraint.activate([
            composeBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            composeBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            composeBar.heightAnchor.constraint(equalToConstant: 50),
        ])
        ridesKeyboard = [composeBar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor)]
        onSafeArea = [composeBar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor)]
        dockedBadge = [composeBar.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)]
        view.keyboardLayoutGuide.setConstraints(ridesKeyboard, activeWhenAwayFrom: .top)
        view.keyboardLayoutGuide.setConstraints(onSafeArea, activeWhenNearEdge: .top)
        view.keyboardLayoutGuide.setConstraints(dockedBadge, activeWhenNearEdge: [.bottom, .leading, .trailing])
    }
}

@Suite @MainActor
struct KeyboardTrackingGuidePortTests {
    @Test func constraintsForADockedKeyboardHoldAndTheBarRidesIt() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let chat = TrackingChatViewController()
        host.window.rootViewController = chat
        host.settle()
        // Docked (hidden: the guide at the bottom): away from the top, near the bottom and sides.
        #expect(chat.ridesKeyboard.allSatisfy { $0.isActive } && chat.dockedBadge.allSatisfy { $0.isActive })
        #expect(!chat.onSafeArea.contains { $0.isActive })
        #expect(chat.composeBar.frame == CGRect(x: 0, y: 550, width: 400, height: 50))
        let field = TextField(frame: CGRect(x: 10, y: 10, width: 300, height: 30))
        chat.composeBar.addSubview(field)
        host.window.keyboard.policy = .always
        #expect(field.becomeFirstResponder())
        host.settle()
        let top = Double(host.window.keyboard.frame.minY)
        #expect(host.window.keyboard.isVisible && top < 550)
        #expect(chat.ridesKeyboard.allSatisfy { $0.isActive } && !chat.onSafeArea.contains { $0.isActive })
        #expect(Double(chat.composeBar.frame.maxY) == top)
        // Replacing the "near the top" set deactivates what it held.
        chat.view.keyboardLayoutGuide.setConstraints([], activeWhenAwayFrom: .top)
        #expect(!chat.ridesKeyboard.contains { $0.isActive })
    }
}
