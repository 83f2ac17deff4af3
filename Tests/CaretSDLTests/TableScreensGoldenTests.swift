// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Goldens of the demo's table screens at two sizes (issue 45 item 6): the form in a table with
/// its date picker and its country picker in the keyboard's place, and the chat screen with its
/// input bar grown to three lines on the keyboard. Each names what it shows (the picker's
/// selection band, the bar), where no pixel may differ, and each is shown to notice a fault.
@Suite @MainActor
struct TableScreensGoldenTests {
    nonisolated static let sizes = [Size(width: 800, height: 600), Size(width: 414, height: 800)]

    private func host(_ size: Size) throws -> (HeadlessWindow, FormScreen) {
        let host = try HeadlessWindow(size: size, fonts: .bundled)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        form.tracer.onEvent = nil
        host.rootView = form
        host.window.keyboard.policy = .always
        host.layout()
        return (host, form)
    }

    private func name(_ base: String, _ size: Size) -> String { "\(base)-\(Int(size.width))x\(Int(size.height))" }

    /// The band across a picker's middle, where the chosen row is, in window points.
    private func band(of picker: View) -> Rect {
        picker.convert(Rect(x: 0, y: picker.bounds.midY - 18, width: picker.bounds.width, height: 36), to: nil)
    }

    @Test(arguments: sizes)
    func theFormInATableWithItsDatePicker(_ size: Size) throws {
        let (host, form) = try host(size)
        form.showTableForm()
        host.settle()
        let screen = try #require(form.tableForm)
        let name = try #require(screen.fields["name"])
        #expect(name.becomeFirstResponder())
        host.input.type("Ada Lovelace")
        let birth = try #require(screen.fields["birth"])
        #expect(birth.becomeFirstResponder())
        host.settle()
        #expect(host.window.keyboard.frame.height >= 216, "the date picker stands in the keyboard's place")
        // The keyboard the name field had is gone: a touch on the picker's middle reaches the picker.
        let middle = screen.datePicker.convert(Point(x: screen.datePicker.bounds.midX, y: screen.datePicker.bounds.midY), to: nil)
        #expect(host.window.hitTest(middle, with: nil)?.isDescendant(of: screen.datePicker) == true)
        screen.datePicker.setDate(Date(timeIntervalSince1970: 345_600_000), animated: false)  // 14 December 1980
        host.settle()
        let golden = self.name("table-form-date", size)
        try expectGolden(host, named: golden, showing: [band(of: screen.datePicker)])
        screen.table.separatorColor = .clear
        host.settle()
        try expectGoldenNoticesFault(host, named: golden)
        screen.table.separatorColor = .separator
        screen.datePicker.setDate(Date(timeIntervalSince1970: 350_000_000), animated: false)
        host.settle()
        try expectGoldenNoticesFault(host, named: golden, showing: [band(of: screen.datePicker)])
    }

    @Test(arguments: sizes)
    func theFormInATableWithItsCountryPicker(_ size: Size) throws {
        let (host, form) = try host(size)
        form.showTableForm()
        host.settle()
        let screen = try #require(form.tableForm)
        let country = try #require(screen.fields["country"])
        #expect(country.becomeFirstResponder())
        host.settle()
        screen.countryPicker.selectRow(12, inComponent: 0, animated: false)  // India
        host.settle()
        let golden = self.name("table-form-country", size)
        try expectGolden(host, named: golden, showing: [band(of: screen.countryPicker)])
        screen.countryPicker.selectRow(13, inComponent: 0, animated: false)
        host.settle()
        try expectGoldenNoticesFault(host, named: golden, showing: [band(of: screen.countryPicker)])
    }

    @Test(arguments: sizes)
    func theChatBarGrownToThreeLinesOnTheKeyboard(_ size: Size) throws {
        let (host, form) = try host(size)
        form.showChat()
        host.settle()
        let chat = try #require(form.chat)
        #expect(chat.messageView.becomeFirstResponder())
        host.settle()
        chat.messageView.insertText("One line,\na second\nand a third.")
        host.settle()
        let bar = chat.inputBar.convert(chat.inputBar.bounds, to: nil)
        #expect(bar.maxY == host.window.keyboard.frame.minY, "the bar sits on the keyboard")
        let golden = self.name("chat-bar", size)
        try expectGolden(host, named: golden, showing: [bar])
        chat.messageView.text = "One line"
        chat.textViewDidChange(chat.messageView)
        host.settle()
        try expectGoldenNoticesFault(host, named: golden, showing: [bar])
    }
}
