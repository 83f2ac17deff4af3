// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// A language whose engine the app did not add is left out, and `keyboard.problems` says which
/// product and which line add it (docs/behaviour/engines.md), as soon as the languages are set.
@Suite(.serialized) @MainActor
struct MissingEngineProblemTests {
    /// The headless backend has no engines, as an app that added none.
    @Test func aMissingEngineIsNamedWithItsProductAndTheLineThatAddsIt() throws {
        let host = try makeHost(width: 800, height: 480)
        host.window.keyboard.languages = ["en", "ko", "ja-handwriting"]
        let problems = host.window.keyboard.problems.map(\.description)
        #expect(
            problems.contains(
                "Korean (ko) needs the composition engine: add the CaretCompose product to the app's target and "
                    + "`.composition` to Application.Configuration.engines (engines: [.composition])"),
            "\(problems)")
        #expect(
            problems.contains(
                "Japanese (ja-handwriting) needs the handwriting engine: add the CaretHandwriting product to the app's "
                    + "target and `.handwriting` to Application.Configuration.engines (engines: [.handwriting])"),
            "\(problems)")
        #expect(host.window.keyboard.problems.first?.localizedDescription == problems.first)
    }

    /// Before any field is focused and before the keyboard was ever shown, the assignment itself
    /// names what it left out; a language that needs no engine is no problem.
    @Test func problemsAreFilledAsSoonAsTheLanguagesAreSet() throws {
        let host = try makeHost(width: 800, height: 480)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        host.rootView = View()
        host.rootView?.addSubview(field)
        #expect(host.window.keyboard.problems.isEmpty)
        host.window.keyboard.languages = ["en", "de"]
        #expect(host.window.keyboard.problems.isEmpty)
        host.window.keyboard.languages = ["en", "ko"]
        #expect(host.window.keyboard.problems.contains { $0.description.hasPrefix("Korean (ko) needs the composition engine") })
        // What is offered later is the same: Korean left out.
        host.window.keyboard.policy = .always
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(host.window.keyboard.inputModes.map(\.primaryLanguage) == ["en-US"])
    }
}
