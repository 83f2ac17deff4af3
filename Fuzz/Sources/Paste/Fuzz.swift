// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import FuzzDriver

/// Bytes pasted (as the platform delivers them, invalid UTF-8 repaired) into a text field and a
/// text view, then edited and undone: every invariant holds after each step and every frame draws.
@MainActor
enum PasteFuzz {
    static let host: HeadlessWindow = {
        let host = try! HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        host.rootView = View()
        return host
    }()
    static let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
    static let textView = TextView(frame: Rect(x: 10, y: 60, width: 300, height: 200))

    static func check(_ editor: TextEditingView, _ step: String) {
        let problems = editor.model.invariantViolations()
        precondition(problems.isEmpty, "\(step): \(problems)")
        host.drawFrame()
        precondition(host.nullRenderer?.problems.isEmpty ?? true, "\(step): \(host.nullRenderer!.problems)")
    }

    static func run(_ data: Data) {
        if field.superview == nil {
            host.rootView!.addSubview(field)
            host.rootView!.addSubview(textView)
        }
        let text = String(decoding: data, as: UTF8.self)
        for (view, editor) in [(field as View, field.editor), (textView, textView.editor)] {
            _ = view.becomeFirstResponder()
            editor.text = "ab\u{301}c"
            editor.selectedRange = 1..<3
            host.window.backend.clipboard.string = text
            host.input.key(.letter("v")!, characters: "v", modifiers: .control)
            check(editor, "paste")
            host.input.key(.keyboardLeftArrow, modifiers: .shift)
            host.input.key(.keyboardDeleteForward)
            check(editor, "delete")
            host.input.type(String(text.prefix(3)))
            host.input.key(.keyboardHome)
            host.input.key(.keyboardDeleteOrBackspace, modifiers: .control)
            check(editor, "type")
            host.input.key(.letter("z")!, characters: "z", modifiers: .control)
            host.input.key(.letter("z")!, characters: "z", modifiers: .control)
            check(editor, "undo")
            host.input.key(.letter("z")!, characters: "z", modifiers: [.control, .shift])
            check(editor, "redo")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    MainActor.assumeIsolated { PasteFuzz.run(data) }
    return 0
}

/// The entry SwiftPM links this executable through: libFuzzer's driver, fed by `fuzz`.
@_cdecl("fuzz_paste_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { runFuzzer(argc, argv, fuzz) }
