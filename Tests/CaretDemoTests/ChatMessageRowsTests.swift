// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Testing

/// The demo's chat: a sent message comes in as a new row (the others keep their cells), and a
/// message swiped to the left is deleted by its Delete button or by name from a screen reader.
@Suite(.serialized) @MainActor
struct ChatMessageRowsTests {
    private func chat() throws -> (HeadlessWindow, ChatScreen) {
        let host = try HeadlessWindow(size: Size(width: 600, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        let chat = ChatScreen()
        host.rootView = chat
        host.settle()
        return (host, chat)
    }

    @Test func aSentMessageIsInsertedAndASwipedOneDeleted() throws {
        let (host, chat) = try chat()
        let first = try #require(chat.table.cellForRow(at: IndexPath(row: 0, section: 0)))
        chat.messageView.text = "See you at noon"
        chat.textViewDidChange(chat.messageView)
        chat.send()
        host.settle()
        #expect(chat.messages.map(\.text).last == "See you at noon")
        #expect(chat.table.numberOfRows(inSection: 0) == 3)
        #expect(chat.table.cellForRow(at: IndexPath(row: 0, section: 0)) === first, "the old rows keep their cells")
        #expect(chat.table.cellForRow(at: IndexPath(row: 2, section: 0))?.accessibilityLabel == "You: See you at noon")
        // Swipe the first message to the left; Delete sits at the row's right edge.
        let row = chat.table.rectForRow(at: IndexPath(row: 0, section: 0))
        let y = chat.table.convert(Point(x: 0, y: row.midY), to: nil).y
        host.input.drag(from: Point(x: 500, y: y), to: Point(x: 380, y: y), duration: 0.25, holdBeforeRelease: 0.1)
        host.settle()
        host.input.tap(at: Point(x: chat.table.convert(Point(x: row.maxX, y: 0), to: nil).x - 20, y: y))
        host.settle()
        #expect(chat.messages.map(\.text) == ["It grows as you write, up to six lines or so, then scrolls.", "See you at noon"])
        #expect(chat.table.numberOfRows(inSection: 0) == 2)
        // A screen reader offers Delete by name on each message.
        let cell = try #require(chat.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let delete = try #require(cell.accessibilityCustomActions?.first { $0.name == "Delete" })
        #expect(delete.actionHandler())
        host.settle()
        #expect(chat.messages.map(\.text) == ["It grows as you write, up to six lines or so, then scrolls."])
    }
}

/// The chat's Edit: each message shows its delete control and the bars to drag it by.
@Suite(.serialized) @MainActor
struct ChatEditingTests {
    @Test func editDeletesByTheControlAndMovesByTheBarsAndDoneEnds() throws {
        let host = try HeadlessWindow(size: Size(width: 600, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        let chat = ChatScreen()
        host.rootView = chat
        host.settle()
        for text in ["One", "Two", "Three"] {
            chat.messageView.text = text
            chat.textViewDidChange(chat.messageView)
            chat.send()
        }
        host.settle()
        var expected = chat.messages.map(\.text)
        host.input.tap(chat.editButton)
        host.settle()
        #expect(chat.table.isEditing && chat.editButton.currentTitle == "Done")
        func rowPoint(_ row: Int, x: (Rect) -> Double) -> Point {
            let rect = chat.table.rectForRow(at: IndexPath(row: row, section: 0))
            return chat.table.convert(Point(x: x(rect), y: rect.midY), to: nil)
        }
        // The user's bubble moved clear of the bars at the trailing edge.
        let mine = try #require(chat.table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let bubble = try #require(mine.contentView.subviews.first)
        #expect(mine.contentView.convert(bubble.frame, to: mine).maxX <= mine.bounds.width - 44)
        // The delete control of the first message, then its Delete button.
        host.input.tap(at: rowPoint(0, x: { $0.minX + 20 }))
        host.settle()
        host.input.tap(at: rowPoint(0, x: { $0.maxX - 20 }))
        host.settle()
        expected.removeFirst()
        #expect(chat.messages.map(\.text) == expected)
        // "Three" (now the last row) dragged by its bars above "One".
        let last = expected.count - 1
        let from = rowPoint(last, x: { $0.maxX - 22 })
        let to = rowPoint(1, x: { $0.maxX - 22 })
        host.input.drag(from: from, to: Point(x: from.x, y: to.y - 10), duration: 0.5, steps: 30)
        host.settle()
        expected.insert(expected.removeLast(), at: 1)
        #expect(chat.messages.map(\.text) == expected)
        host.input.tap(chat.editButton)
        host.settle()
        #expect(!chat.table.isEditing && chat.editButton.currentTitle == "Edit")
    }
}
