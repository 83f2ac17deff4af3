// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Alerts as UIKit apps write them, renamed only: "enter a name" with a text field, a cancel and a
// preferred action reading `alert.textFields`; a destructive action sheet.

@MainActor
final class FoldersViewController: ViewController {
    var folders: [String] = ["Inbox"]

    func addFolderTapped() {
        let alert = AlertController(title: "New Folder", message: "Enter a name for this folder.", preferredStyle: .alert)
        alert.addTextField { textField in
            textField.placeholder = "Name"
            textField.autocapitalizationType = .words
        }
        let save = AlertAction(title: "Save", style: .default) { [weak self, weak alert] _ in
            guard let name = alert?.textFields?.first?.text, !name.isEmpty else { return }
            self?.folders.append(name)
        }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(save)
        alert.preferredAction = save
        present(alert, animated: true)
    }

    func deleteTapped() {
        let sheet = AlertController(title: nil, message: "Delete this folder?", preferredStyle: .actionSheet)
        sheet.addAction(
            AlertAction(title: "Delete Folder", style: .destructive) { _ in
                self.folders.removeLast()
            })
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(sheet, animated: true, completion: nil)
    }
}

/// A screen that counts its appearance callbacks and has a field being edited when it alerts.
@MainActor
final class EditingScreen: ViewController {
    let field = TextField(frame: CGRect(x: 20, y: 40, width: 300, height: 40))
    var callbacks: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
    }
    override func viewWillDisappear(_ animated: Bool) { callbacks.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { callbacks.append("didDisappear") }
    override func viewWillAppear(_ animated: Bool) { callbacks.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { callbacks.append("didAppear") }

    func confirmDiscard() {
        let alert = AlertController(title: "Discard changes?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Keep Editing", style: .cancel))
        alert.addAction(AlertAction(title: "Discard", style: .destructive) { _ in })
        present(alert, animated: true)
    }
}

@Suite(.serialized) @MainActor
struct AlertControllerPortTests {
    /// As in UIKit, an alert covers its presenter without taking it off screen (no disappear or
    /// appear callbacks), and the field edited before it is edited again after it.
    @Test func anAlertLeavesItsPresenterOnScreenAndGivesFocusBack() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let screen = EditingScreen()
        host.window.rootViewController = screen
        host.settle()
        screen.callbacks.removeAll()
        #expect(screen.field.becomeFirstResponder())
        screen.confirmDiscard()
        host.settle()
        let alert = try #require(screen.presentedViewController as? AlertController)
        #expect(!screen.field.isFirstResponder)
        host.input.key(.keyboardEscape)  // the cancel action: Keep Editing
        host.settle()
        #expect(alert.presentingViewController == nil)
        #expect(screen.callbacks.isEmpty, "the presenter never left the screen: \(screen.callbacks)")
        #expect(screen.field.isFirstResponder, "the field edited before the alert is edited again")
    }

    private func host() throws -> (HeadlessWindow, FoldersViewController) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .always
        let controller = FoldersViewController()
        host.window.rootViewController = controller
        host.layout()
        return (host, controller)
    }

    private func button(_ title: String, in alert: AlertController) throws -> Button {
        try #require(alert.view.allSubviews.compactMap { $0 as? Button }.first { $0.title(for: .normal) == title })
    }

    @Test func anAlertAsksForANameWithTheKeyboardClearOfItsFieldAndSaveReadsTheField() throws {
        let (host, controller) = try host()
        controller.addFolderTapped()
        host.settle()
        let alert = try #require(controller.presentedViewController as? AlertController)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder, "the alert's first field takes the keyboard at once")
        #expect(host.window.keyboard.isVisible)
        #expect(KeyboardAvoidanceAudit.isClear(field, in: host.window), "the field above the keyboard: \(field.convert(field.bounds, to: nil))")
        host.input.type("Photos")
        let save = try button("Save", in: alert)
        host.input.tap(save)  // at the button's pixels
        host.settle()
        #expect(controller.folders == ["Inbox", "Photos"])
        #expect(controller.presentedViewController == nil && !host.window.isShowingModal)
    }

    @Test func returnRunsThePreferredActionAndCancelRunsNothing() throws {
        let (host, controller) = try host()
        controller.addFolderTapped()
        host.settle()
        host.input.type("Work")
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(controller.folders == ["Inbox", "Work"])
        controller.addFolderTapped()
        host.settle()
        let alert = try #require(controller.presentedViewController as? AlertController)
        host.input.type("Drafts")
        host.input.tap(try button("Cancel", in: alert))
        host.settle()
        #expect(controller.folders == ["Inbox", "Work"] && controller.presentedViewController == nil)
    }

    @Test func anActionSheetRisesFromTheBottomAndItsCancelIsLastOrEscape() throws {
        let (host, controller) = try host()
        controller.deleteTapped()
        host.settle()
        let sheet = try #require(controller.presentedViewController as? AlertController)
        let delete = try button("Delete Folder", in: sheet), cancel = try button("Cancel", in: sheet)
        let deleteFrame = delete.convert(delete.bounds, to: nil), cancelFrame = cancel.convert(cancel.bounds, to: nil)
        #expect(cancelFrame.minY > deleteFrame.maxY, "cancel last: \(cancelFrame) under \(deleteFrame)")
        #expect(cancelFrame.maxY > 600 - 60, "at the bottom of the window: \(cancelFrame)")
        #expect(delete.titleColor(for: .normal) == .systemRed)
        host.input.key(.keyboardEscape)
        host.settle()
        #expect(controller.presentedViewController == nil && controller.folders == ["Inbox"])
        controller.deleteTapped()
        host.settle()
        let again = try #require(controller.presentedViewController as? AlertController)
        host.input.tap(try button("Delete Folder", in: again))
        host.settle()
        #expect(controller.folders.isEmpty)
    }

    @Test func screenReadersReadOnlyTheAlertAndASwitchReachesItsButtons() throws {
        let (host, controller) = try host()
        let behind = Label()
        behind.text = "Folders"
        behind.frame = CGRect(x: 20, y: 20, width: 200, height: 30)
        controller.view.addSubview(behind)
        controller.addFolderTapped()
        host.settle()
        let labels = host.window.accessibilityLeaves.compactMap(\.accessibilityLabel)
        #expect(labels.contains("New Folder") && labels.contains("Enter a name for this folder.") && labels.contains("Save"), "\(labels)")
        #expect(!labels.contains("Folders"), "what is behind the alert is not read: \(labels)")
        let scanner = SwitchControl(select: .key(.keyboardSpacebar), scanInterval: 1)
        host.window.switchControl = scanner
        host.settle()
        let names = scanner.items.map(\.label)
        #expect(names.contains("Save") && names.contains("Cancel"), "\(names)")
        #expect(!names.contains("Folders"))
    }
}

extension View {
    /// Every view under this one.
    fileprivate var allSubviews: [View] { subviews.flatMap { [$0] + $0.allSubviews } }
}

extension AlertControllerPortTests {
    @Test func escapeInTheFieldCancelsAndAMessageSetLaterIsLaidOut() throws {
        let (host, controller) = try host()
        let progress = AlertController(title: "Downloading", message: "0%", preferredStyle: .alert)
        progress.addAction(AlertAction(title: "Cancel", style: .cancel))
        controller.present(progress, animated: true)
        host.settle()
        let label = try #require(progress.view.allSubviews.compactMap { $0 as? Label }.first { $0.text == "0%" })
        let oneLine = label.frame.height
        progress.message = "45% of the photos, the videos and the documents of the last three years"
        host.settle()
        #expect(label.text == progress.message && label.frame.height > oneLine, "the longer message wraps: \(label.frame)")
        progress.dismiss(animated: true)
        host.settle()
        controller.addFolderTapped()
        host.settle()
        host.input.type("Temp")
        host.input.key(.keyboardEscape)
        host.settle()
        #expect(controller.presentedViewController == nil && controller.folders == ["Inbox"], "Escape in the field ran Cancel")
    }

    @Test func aCellMadeWithNoArgumentsIsADefaultCell() {
        let cell = TableViewCell()
        #expect(cell.reuseIdentifier == nil)
    }
}
