// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// The demo's live panel and `--trace` show the keyboard's notifications next to the delegate
/// calls, in the order SPEC §1a posts them (issue 16, item 6).
@Suite(.serialized) @MainActor
struct DemoTraceTests {
    @Test func keyboardNotificationsAreTracedWithTheirFramesBetweenTheDelegateCalls() throws {
        let host = try makeHost(width: 800, height: 600)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        var lines: [String] = []
        form.onTrace = { lines.append($0.name) }
        host.layout()
        let name = try #require(form.fields["name"])
        #expect(name.becomeFirstResponder())
        host.settle()
        #expect(
            lines == [
                "shouldBeginEditing", "keyboardWillChangeFrame", "keyboardWillShow", "didBeginEditing",
                "textDidBeginEditing", "keyboardDidChangeFrame", "keyboardDidShow",
            ])
        let show = try #require(form.tracer.recent.first { $0.name == "keyboardWillShow" })
        #expect(show.field == "keyboard")
        let begin = try #require(show.details["begin"]?.split(separator: ",").compactMap { Int($0) })
        #expect(begin.count == 4 && begin[1] == 600)  // x,y,width,height: it comes up from below the window
        let end = try #require(show.details["end"]?.split(separator: ",").compactMap { Int($0) })
        #expect(end.count == 4 && end[1] + end[3] == 600)  // the keyboard's frame at the bottom
        #expect(form.eventLog.text?.contains("keyboardDidShow keyboard") == true)  // the live panel
    }
}
