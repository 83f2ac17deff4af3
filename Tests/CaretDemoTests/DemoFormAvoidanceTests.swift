// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// SPEC §8 over the demo's form: every field and the notes view, at the sizes kiosks use.
@Suite(.serialized) @MainActor
struct DemoFormAvoidanceTests {
    nonisolated static let sizes = [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
        Size(width: 1080, height: 1920),
    ]

    @Test(arguments: sizes)
    func noDemoFieldIsEverUnderTheKeyboard(_ size: Size) throws {
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        screen.tracer.onEvent = nil  // the live event panel grows the form: not what is checked here
        let order = ["name", "email", "password", "phone", "amount", "website"].map { screen.fields[$0]! as View }
        let host = try makeHost(width: size.width, height: size.height)
        host.rootView = screen
        let report = KeyboardAvoidanceAudit.run(host, focusable: order + [screen.notes])
        #expect(report.isClean, "demo form at \(size): \(report)")
    }
}
