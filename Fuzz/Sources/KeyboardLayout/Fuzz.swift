// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Foundation
import FuzzDriver

/// A language or keyboard-type file (the first byte picks which): it parses or is refused with an
/// error, never a crash; a language that parses drives a keyboard model through every type and plane.
@MainActor
enum KeyboardLayoutFuzz {
    static let types = (try? KeyboardLayouts.bundled())?.types ?? [:]

    static func run(_ data: Data) {
        guard let selector = data.first else { return }
        let body = data.dropFirst()
        if selector & 1 == 0 {
            _ = try? KeyboardLayouts.parseType(Data(body), path: "fuzz.json")
            return
        }
        guard let language = try? KeyboardLayouts.parseLanguage(Data(body), path: "fuzz.json") else { return }
        var model = KeyboardModel(
            layouts: KeyboardLayouts(languages: [language.identifier: language], types: types), languages: [language.identifier])
        for type in KeyboardType.allCases {
            model.configure(type: type, contextBeforeCaret: "")
            for row in model.rows {
                for key in row.prefix(4) { _ = model.press(key.action, at: 0) }
            }
            _ = model.rows
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    MainActor.assumeIsolated { KeyboardLayoutFuzz.run(data) }
    return 0
}

/// The entry SwiftPM links this executable through: libFuzzer's driver, fed by `fuzz`.
@_cdecl("fuzz_keyboard_layout_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { runFuzzer(argc, argv, fuzz) }
