// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretHandwriting
import CaretTesting
import Foundation

/// Where each key of some languages sits in a window of a size (window points): the
/// on-screen keyboard depends only on the window's size and the language, so a script can tap
/// the demo's keys in a real window (`Scripts/e2e-world.sh`): `caret-demo --key-positions ko,ja`.
@MainActor
enum KeyPositions {
    static func run(languages: [String], size: Size) throws {
        let state = NSTemporaryDirectory() + "caret-key-positions"
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = SystemTextComposers(stateDirectory: state)
        host.backend.handwritingRecognizers = SystemHandwritingRecognizers()
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.autocapitalizationType = .none
        root.addSubview(field)
        let keyboard = host.window.keyboard
        keyboard.policy = .always
        keyboard.languages = languages
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        for language in languages {
            keyboard.showLanguage(language)
            host.settle()
            guard keyboard.currentLanguage == language, let view = keyboard.keyboardView else {
                throw CaretError.backendUnavailable(subsystem: "keyboard", reason: "no language \(language): \(keyboard.problems)")
            }
            for entry in view.keyFrames {
                let center = view.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
                let name: String
                switch entry.key.action {
                case let .text(text): name = text
                default: name = "{\(entry.key.action)}".replacingOccurrences(of: "()", with: "")
                }
                print("\(language)\t\(name)\t\(Int(center.x))\t\(Int(center.y))")
            }
            // The suggestion bar's cells, where it shows: {bar0} to {bar2}, left to right.
            for (index, frame) in view.suggestionFrames.enumerated() {
                let center = view.convert(Point(x: frame.midX, y: frame.midY), to: nil)
                print("\(language)\t{bar\(index)}\t\(Int(center.x))\t\(Int(center.y))")
            }
        }
    }
}
