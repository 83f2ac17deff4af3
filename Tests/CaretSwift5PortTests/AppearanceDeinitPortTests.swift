// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// UIKit code in Swift 5 language mode, as most UIKit apps still build: a controller's `deinit`
// (not on the main actor) resets the window's appearance. UIKit's main-actor annotations come in
// as `@preconcurrency`, so Swift 5 mode lets this compile; Caret's public UI types are marked the
// same way, so it compiles here too (without that, this file is an error: "main actor-isolated
// property 'overrideUserInterfaceStyle' can not be mutated from a nonisolated context").

final class AppearanceStyleViewController: ViewController {
    weak var styledWindow: Window?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        styledWindow = view.window
        view.window?.overrideUserInterfaceStyle = .dark
    }

    deinit {
        styledWindow?.overrideUserInterfaceStyle = .unspecified
    }
}

@Suite @MainActor
struct AppearanceDeinitPortTests {
    @Test func aControllersDeinitResetsTheWindowsAppearance() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        var controller: AppearanceStyleViewController? = AppearanceStyleViewController()
        weak let released = controller
        host.window.rootViewController = controller
        host.settle()
        #expect(host.window.overrideUserInterfaceStyle == .dark)
        #expect(host.window.traitCollection.userInterfaceStyle == .dark)
        controller = nil
        host.window.rootViewController = ViewController()
        host.settle()
        #expect(released == nil, "the controller was released")
        #expect(host.window.overrideUserInterfaceStyle == .unspecified)
        #expect(host.window.traitCollection.userInterfaceStyle == .light)
    }
}
