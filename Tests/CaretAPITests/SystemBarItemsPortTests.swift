// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A message screen's bars as UIKit apps build them from system items (renamed only).
@MainActor
final class MessageViewController: ViewController {
    var did: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItems = [
            BarButtonItem(barButtonSystemItem: .compose, target: self, action: MessageViewController.compose),
            BarButtonItem(barButtonSystemItem: .refresh, target: self, action: MessageViewController.refresh),
        ]
        navigationItem.leftBarButtonItem = BarButtonItem(barButtonSystemItem: .action, target: self, action: MessageViewController.share(_:))
    }

    func compose() { did.append("compose") }
    func refresh() { did.append("refresh") }
    func share(_ sender: BarButtonItem) { did.append("share") }
}

@Suite @MainActor
struct SystemBarItemsPortTests {
    @Test func iconItemsShowUIKitsSymbolsAreReadInTheWindowsLanguageAndRunTheirActions() throws {
        let host = try HeadlessWindow(size: Size(width: 500, height: 400), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        host.window.preferredLanguages = ["de"]
        let message = MessageViewController()
        let navigation = NavigationController(rootViewController: message)
        host.window.rootViewController = navigation
        host.settle()
        let buttons = navigation.navigationBar.subviews.compactMap { $0 as? Button }.filter { !$0.isHidden }
            .sorted { $0.frame.minX < $1.frame.minX }
        #expect(buttons.count == 3)
        #expect(buttons.allSatisfy { $0.currentImage?.isSymbolImage == true && $0.currentTitle == nil }, "symbols, no words")
        #expect(Set(buttons.compactMap(\.accessibilityLabel)) == ["Teilen", "Verfassen", "Aktualisieren"])
        for button in buttons { host.input.tap(button) }
        host.settle()
        #expect(Set(message.did) == ["share", "compose", "refresh"])
        #expect(message.did.count == 3)
    }

    /// Every system item drawn as a symbol has one and a name in every language Caret has.
    @Test(arguments: [
        BarButtonItem.SystemItem.compose, .action, .reply, .refresh, .camera, .bookmarks, .undo, .redo, .stop, .close, .play,
        .pause, .rewind, .fastForward, .trash, .search,
    ])
    func eachIconItemHasItsSymbolAndAName(_ item: BarButtonItem.SystemItem) throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let screen = ViewController()
        let toolbar = Toolbar()
        toolbar.frame = Rect(x: 0, y: 256, width: 400, height: 44)
        toolbar.items = [BarButtonItem(systemItem: item)]
        screen.view.addSubview(toolbar)
        host.window.rootViewController = screen
        for language in ["en", "ja", "ar"] {
            host.window.preferredLanguages = [language]
            host.settle()
            let button = try #require(toolbar.subviews.compactMap { $0 as? Button }.first)
            #expect(button.currentImage?.isSymbolImage == true)
            let name = try #require(button.accessibilityLabel)
            #expect(!name.isEmpty && !name.hasPrefix("bar."), "\(item) in \(language): \(name)")
        }
    }
}
