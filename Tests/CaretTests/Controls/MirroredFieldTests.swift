// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Right-to-left interfaces (SPEC §9, issue 15): a field under a view with
/// `semanticContentAttribute = .forceRightToLeft` mirrors; keyboard avoidance and the edit menu
/// work unchanged.
@Suite(.serialized) @MainActor
struct MirroredFieldTests {
    private func make(mirrored: Bool) throws -> (HeadlessWindow, TextField, View) {
        let host = try makeHost(width: 400, height: 500)
        let root = View(frame: host.window.bounds)
        if mirrored { root.semanticContentAttribute = .forceRightToLeft }
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 430, width: 360, height: 40))
        field.borderStyle = .roundedRect
        field.clearButtonMode = .always
        field.text = "abc"
        let left = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        field.leftViewMode = .always
        root.addSubview(field)
        host.layout()
        return (host, field, left)
    }

    @Test func sideViewsTheClearButtonAndTheTextSwapSides() throws {
        let (plainHost, plain, plainLeft) = try make(mirrored: false)
        let (host, field, left) = try make(mirrored: true)
        defer { withExtendedLifetime((plainHost, host)) {} }
        #expect(field.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(plain.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(plainLeft.frame.minX < 20 && left.frame.maxX > 340)  // the left view goes right
        #expect(plain.clearButtonRect.minX > 300 && field.clearButtonRect.maxX < 60)  // the clear button goes left
        // The text's area is mirrored and its line starts at the right.
        let editor = try #require(field.subviews.first { $0 is TextEditingView } as? TextEditingView)
        #expect(editor.appearance.isMirrored)
        #expect(editor.textOrigin.x > editor.bounds.width / 2)
        // A tap on the mirrored clear button clears.
        field.clearFromButton()
        #expect(field.text == "")
        // Forcing left to right below a mirrored view un-mirrors.
        field.semanticContentAttribute = .forceLeftToRight
        field.layoutIfNeeded()
        #expect(!editor.appearance.isMirrored && left.frame.minX < 20)
    }

    @Test func keyboardAvoidanceAndTheEditMenuWorkMirrored() throws {
        let (host, field, _) = try make(mirrored: true)
        host.window.keyboard.policy = .always
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window) == [])
        field.selectedRange = NSRange(location: 0, length: 3)
        host.window.backend.clipboard.string = "x"
        let editor = try #require(field.subviews.first { $0 is TextEditingView } as? TextEditingView)
        editor.interaction.showEditMenu()
        let menu = try #require(editor.interaction.editMenu)
        #expect(menu.actions.map(\.title) == ["Cut", "Copy", "Paste", "Delete", "Select All"])
        let frame = menu.convert(menu.bounds, to: nil)
        #expect(host.window.bounds.contains(frame))
    }
}
