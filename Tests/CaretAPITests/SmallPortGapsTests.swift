// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Lines public UIKit code has, renamed only: a constraint made with `init(item:…toItem:)` from
// values typed `Any`, directional insets, and Xcode's template action whose sender is `Any?`.

@MainActor
final class TemplateMasterViewController: TableViewController {
    var objects: [Date] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let addButton = BarButtonItem(barButtonSystemItem: .add, target: self, action: TemplateMasterViewController.insertNewObject(_:))
        navigationItem.rightBarButtonItem = addButton
    }

    func insertNewObject(_ sender: Any?) {
        objects.insert(Date(timeIntervalSince1970: Double(objects.count)), at: 0)
    }
}

@MainActor
final class ClearableListViewController: TableViewController {
    var items = ["Milk", "Eggs"]
    var settingsOpened = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = BarButtonItem(barButtonSystemItem: .trash, target: self, action: ClearableListViewController.clearList)
        navigationItem.rightBarButtonItem = BarButtonItem(
            image: Image(systemName: "gearshape"), style: .plain, target: self, action: ClearableListViewController.openSettings)
    }

    func clearList() { items.removeAll() }
    func openSettings(_ sender: BarButtonItem) { settingsOpened += 1 }
}

@Suite @MainActor
struct SmallPortGapsTests {
    @Test func iconItemsShowTheirSymbolsAreReadByNameAndRunTheirActions() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        host.window.preferredLanguages = ["de"]
        let list = ClearableListViewController()
        let navigation = NavigationController(rootViewController: list)
        host.window.rootViewController = navigation
        host.settle()
        let buttons = navigation.navigationBar.subviews.compactMap { $0 as? Button }.filter { !$0.isHidden }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(buttons.count == 2)
        #expect(buttons.allSatisfy { $0.currentImage != nil && $0.currentTitle == nil }, "symbols, no words")
        #expect(buttons.first?.accessibilityLabel == "Löschen", "the trash item is read as Delete in the window's language")
        host.input.tap(buttons[1])
        host.settle()
        #expect(list.settingsOpened == 1)
        host.input.tap(buttons[0])
        host.settle()
        #expect(list.items.isEmpty)
    }

    /// Items UIKit code makes with `target: nil, action: nil` (spaces, a title shown as a label):
    /// made as written, with no action.
    @Test func itemsWithANilTargetAndActionAreMadeWithoutAnAction() {
        let space = BarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        let label = BarButtonItem(title: "Step 2 of 3", style: .plain, target: nil, action: nil)
        let owner = ViewController()
        let icon = BarButtonItem(image: Image(systemName: "star"), style: .plain, target: owner, action: nil)
        #expect(space.systemItem == .fixedSpace && space.primaryAction == nil)
        #expect(label.title == "Step 2 of 3" && label.style == .plain && label.primaryAction == nil)
        #expect(icon.image != nil && icon.primaryAction == nil)
    }

    @Test func aConstraintFromItemsTypedAnyLaysOut() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        host.window.addSubview(box)
        let item: Any = box
        let other: Any? = host.window
        NSLayoutConstraint.activate([
            NSLayoutConstraint(
                item: item, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 100),
            NSLayoutConstraint(item: item, attribute: .height, relatedBy: .equal, toItem: other, attribute: .height, multiplier: 0.5, constant: 0),
            NSLayoutConstraint(item: item, attribute: .leading, relatedBy: .equal, toItem: other, attribute: .leading, multiplier: 1, constant: 10),
            NSLayoutConstraint(item: item, attribute: .top, relatedBy: .equal, toItem: other, attribute: .top, multiplier: 1, constant: 20),
        ])
        host.settle()
        #expect(box.frame == CGRect(x: 10, y: 20, width: 100, height: 240))
    }

    @Test func directionalMarginsFollowTheLayoutDirection() {
        let view = View()
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 16, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == EdgeInsets(top: 1, left: 16, bottom: 3, right: 4))
        let rtl = View()
        rtl.semanticContentAttribute = .forceRightToLeft
        rtl.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 16, bottom: 3, trailing: 4)
        #expect(rtl.layoutMargins == EdgeInsets(top: 1, left: 4, bottom: 3, right: 16))
        #expect(rtl.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 1, leading: 16, bottom: 3, trailing: 4))
        #expect(NSDirectionalEdgeInsets.zero == NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    }

    @Test func theTemplatesAddButtonRunsAnActionWhoseSenderIsAny() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let master = TemplateMasterViewController()
        host.window.rootViewController = NavigationController(rootViewController: master)
        host.settle()
        // The add button at the bar's right edge.
        host.input.tap(at: Point(x: 380, y: 22))
        host.settle()
        host.input.tap(at: Point(x: 380, y: 22))
        host.settle()
        #expect(master.objects.count == 2)
    }
}
