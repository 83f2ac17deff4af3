// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

@Suite(.serialized) @MainActor
struct EditMenuTests {
    private func make(_ text: String) throws -> (HeadlessWindow, TextEditingView) {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let view = TextEditingView(
            frame: Rect(x: 20, y: 100, width: 300, height: 100), singleLine: false, font: .systemFont(ofSize: 20))
        root.addSubview(view)
        view.text = text
        host.layout()
        #expect(view.becomeFirstResponder())
        return (host, view)
    }

    private func titles(_ view: TextEditingView) -> [String] { view.interaction.editMenu?.actions.map(\.title) ?? [] }

    @Test func actionsFollowTheState() throws {
        let (host, view) = try make("hello world")
        view.interaction.showEditMenu()
        #expect(titles(view) == ["Select", "Select All"])  // caret, empty clipboard
        host.window.backend.clipboard.string = "clip"
        view.interaction.showEditMenu()
        #expect(titles(view) == ["Select", "Select All", "Paste"])
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        #expect(titles(view) == ["Cut", "Copy", "Paste", "Delete", "Select All"])
        view.isSecure = true
        view.interaction.showEditMenu()
        #expect(titles(view) == ["Paste", "Delete", "Select All"])  // secure: never Cut or Copy
        view.text = ""
        view.interaction.showEditMenu()
        #expect(titles(view) == ["Paste"])
    }

    /// As in UIKit, a new selection takes the menu away, for it was for the old one (soak seed
    /// 261200002: a misspelt word's replacement, tapped after Select All by key, replaced that
    /// word); the menu's own Select All shows it again for the new selection.
    @Test func aSelectionChangedByKeysTakesTheMenuAway() throws {
        let (host, view) = try make("hello world")
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        #expect(view.interaction.editMenu != nil)
        host.input.key(.keyboardA, characters: "a", modifiers: .command)
        #expect(view.selectedRange == 0..<11)
        #expect(view.interaction.editMenu == nil, "the menu offered for \"hello\" stayed over the whole text selected")
        view.interaction.showEditMenu()
        host.input.key(.keyboardRightArrow)
        #expect(view.selectedRange == 11..<11 && view.interaction.editMenu == nil)
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        let selectAll = try #require(view.interaction.editMenu?.actions.first { $0.identifier == .selectAll })
        selectAll.handler()
        #expect(view.selectedRange == 0..<11 && view.interaction.editMenu != nil)
    }

    @Test func rightClickOpensItAndActionsRunAndCloseIt() throws {
        let (host, view) = try make("hello world")
        host.input.click(at: Point(x: 85, y: 110), button: .secondary)
        #expect(view.selectedRange == 6..<6 && titles(view) == ["Select", "Select All"])
        view.interaction.editMenu!.actions[0].handler()  // Select
        #expect(view.selectedRange == 6..<11 && titles(view).contains("Copy"))
        let copy = view.interaction.editMenu!.buttons[view.interaction.editMenu!.actions.firstIndex { $0.identifier == .copy }!]
        host.input.tap(copy)
        #expect(host.window.backend.clipboard.string == "world" && view.interaction.editMenu == nil)
    }

    @Test func itSitsAboveTheSelectionInsideTheWindowOrBelowWhenThereIsNoRoom() throws {
        let (host, view) = try make("hello world")
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        let menu = try #require(view.interaction.editMenu)
        #expect(menu.frame.maxY <= 100 && menu.frame.minX >= 0 && menu.frame.maxX <= 400)
        #expect(menu.superview === host.window.topLayer)
        view.frame.origin = Point(x: 300, y: 0)  // selection at the top-right corner
        view.interaction.showEditMenu()
        let low = try #require(view.interaction.editMenu)
        #expect(low.frame.minY >= 24 && low.frame.maxX <= 396)
    }

    /// The menu stays by the selection when the view moves under it, in the next frame's layout
    /// (soak seed 261450151: left where the field had been before the window shrank, it covered
    /// the keyboard's Delete key and took its touch).
    @Test func itFollowsTheSelectionWhenTheViewMoves() throws {
        let (host, view) = try make("hello world")
        view.autoresizingMask = [.flexibleTopMargin]  // keeps its distance to the window's bottom
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        let menu = try #require(view.interaction.editMenu)
        let before = menu.frame
        #expect(before.maxY <= 100 && before.maxY >= 100 - 16)  // above the view's first line
        try host.resize(to: Size(width: 400, height: 500))  // the view moves down by 200
        host.drawFrame()
        #expect(view.interaction.editMenu === menu && menu.frame == before.offsetBy(dx: 0, dy: 200), "the menu stayed at \(menu.frame)")
        view.frame.origin.y -= 50  // moved by the app
        host.drawFrame()
        #expect(menu.frame == before.offsetBy(dx: 0, dy: 150))
    }

    /// As UIKit's, the menu goes when what it points at leaves the screen (it is not left pinned
    /// to the window's edge pointing at nothing), and when the window grows too narrow for it.
    @Test func itGoesWhenItsSelectionLeavesTheScreenOrTheWindowNarrows() throws {
        let (host, view) = try make("hello world")
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        #expect(view.interaction.editMenu != nil)
        view.frame.origin.y = 400  // below the 300-point window
        host.layout()
        #expect(
            view.interaction.editMenu == nil && host.window.overlays.popups.isEmpty,
            "the menu stayed at \(view.interaction.editMenu?.frame ?? .null)")
        view.frame.origin.y = 100
        host.layout()
        view.interaction.showEditMenu()
        let menu = try #require(view.interaction.editMenu)
        try host.resize(to: Size(width: menu.frame.width, height: 300))
        host.layout()
        #expect(view.interaction.editMenu == nil && host.window.overlays.popups.isEmpty)
        view.frame.origin.y = 400
        host.layout()
        view.interaction.showEditMenu()  // nothing of the selection on screen: no menu
        #expect(view.interaction.editMenu == nil)
    }

    @Test func aMenuWiderThanTheWindowIsPaged() throws {
        let (host, view) = try make("hello world")
        host.window.backend.clipboard.string = "clip"
        view.selectedRange = 0..<5
        view.frame.size.width = 200
        try host.resize(to: Size(width: 220, height: 300))
        view.interaction.showEditMenu()
        let menu = try #require(view.interaction.editMenu)
        #expect(menu.pageCount > 1 && menu.frame.width <= 212 && menu.frame.minX >= 4)
        let first = menu.visibleActions.map(\.title)
        host.input.tap(menu.buttons.last!)  // ›
        #expect(menu.page == 1 && menu.visibleActions.map(\.title) != first && view.interaction.editMenu === menu)
        var all: [String] = []
        for _ in 0..<menu.pageCount {
            all += menu.visibleActions.map(\.title)
            host.input.tap(menu.buttons.last!)
        }
        #expect(Set(all) == Set(["Cut", "Copy", "Paste", "Delete", "Select All"]))
    }

    @Test func escapeOrATapElsewhereClosesIt() throws {
        let (host, view) = try make("hello world")
        let hooks = TestEditorHost.attach(to: view)
        var log: [String] = []
        hooks.onWillPresentEditMenu = { _ in log.append("present") }
        hooks.onWillDismissEditMenu = { _ in log.append("dismiss") }
        view.interaction.showEditMenu()
        host.input.key(.keyboardEscape)
        #expect(view.interaction.editMenu == nil && host.window.overlays.popups.isEmpty)
        view.interaction.showEditMenu()
        host.input.tap(at: Point(x: 390, y: 290))
        #expect(view.interaction.editMenu == nil && host.window.overlays.popups.isEmpty)
        #expect(log == ["present", "dismiss", "present", "dismiss"])
    }

    @Test func aProviderReplacesTheSuggestedMenu() throws {
        let (host, view) = try make("hello world")
        let hooks = TestEditorHost.attach(to: view)
        defer { withExtendedLifetime(host) {} }  // the window lives as long as its host
        var seen: (Range<Int>, [String])?
        hooks.editMenuProvider = { range, suggested in
            seen = (range, suggested.map(\.title))
            return [EditMenuAction(identifier: .custom("shout"), title: "Shout") { view.text = view.text.uppercased() }]
        }
        view.selectedRange = 0..<5
        view.interaction.showEditMenu()
        #expect(seen?.0 == 0..<5 && seen?.1.first == "Cut")
        #expect(titles(view) == ["Shout"])
        view.interaction.editMenu!.actions[0].handler()
        #expect(view.text == "HELLO WORLD")
        hooks.editMenuProvider = { _, _ in nil }
        view.selectedRange = 0..<5  // setting the text put the caret at the end
        view.interaction.showEditMenu()
        #expect(titles(view).first == "Cut")
    }
}
