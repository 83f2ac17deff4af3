// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

@Suite(.serialized) @MainActor
struct DemoNotesScreenTests {
    @Test func aLinkTapIsHeardAndOpensNothingAndEditTurnsLinksIntoText() throws {
        let host = try makeHost(width: 1024, height: 700)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        var events: [String] = []
        form.onTrace = { events.append($0.jsonLine) }
        form.showNotes()
        host.settle()
        let notes = form.notesScreen
        let view = notes.textView
        let text = view.text as NSString
        let manual = text.range(of: "maintenance manual")
        let rect = view.editor.layout.selectionRects(for: (manual.location + 2)..<(manual.location + 3))[0]
        let origin = view.editor.textOrigin
        let point = view.editor.convert(Point(x: rect.midX + origin.x, y: rect.midY + origin.y), to: nil)
        host.input.tap(at: point)
        #expect(events.contains { $0.contains("\"event\":\"shouldInteractWith\"") && $0.contains("example.com\\/manual") })
        #expect(notes.linkLabel.text?.contains("https://example.com/manual") == true)
        // Edit: the view becomes editable and focused; a tap on the link now places the caret.
        host.input.tap(notes.editButton)
        host.settle()
        #expect(view.isEditable && view.isEditing)
        events.removeAll()
        host.advance(by: 1)
        host.input.tap(at: point)
        #expect(!events.contains { $0.contains("shouldInteractWith") })
        // The selection is kept between launches.
        view.selectedRange = NSRange(location: 4, length: 6)
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "caret-notes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try RestorationArchive(url: url).save(form, form.notesScreen)
        let next = FormScreen(locale: Locale(identifier: "en_US"))
        #expect(try RestorationArchive(url: url).restore(next, next.notesScreen) == 2)  // the form's notes view too
        #expect(next.notesScreen.textView.selectedRange == NSRange(location: 4, length: 6))
        #expect(next.notesScreen.textView.isEditable)
    }
}
