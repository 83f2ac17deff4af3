import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

@Suite @MainActor struct ZZKeyPositions {
    @Test func printKeyPositions() throws {
        guard let size = ProcessInfo.processInfo.environment["ZZ_SIZE"] else { return }
        let parts = size.split(separator: "x").compactMap { Double($0) }
        let host = try HeadlessWindow(size: Size(width: parts[0], height: parts[1]), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = ComposeRig.composers
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["ko", "ja", "zh-pinyin", "en"]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        for language in ["ko", "ja", "zh-pinyin"] {
            host.window.keyboard.showLanguage(language)
            host.settle()
            let keyboard = host.window.keyboard.keyboardView!
            for entry in keyboard.keyFrames {
                let c = keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
                print("KEY", language, entry.key.label, Int(c.x), Int(c.y))
            }
        }
    }
}
