// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import FuzzDriver

/// A restoration archive's contents: restored into a text view, or refused with an error; the
/// selection it leaves is always inside the text.
@MainActor
enum RestorationFuzz {
    static let textView: TextView = {
        let view = TextView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        view.restorationIdentifier = "notes"
        view.text = "Hello, wörld 👍🏽\nsecond line"
        return view
    }()

    static func run(_ data: Data) {
        _ = try? RestorationArchive.restore(data, source: "fuzz.json", into: [textView])
        let range = textView.selectedRange
        let length = (textView.text as NSString).length
        precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= length, "restored \(range) outside \(length)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    MainActor.assumeIsolated { RestorationFuzz.run(data) }
    return 0
}

/// The entry SwiftPM links this executable through: libFuzzer's driver, fed by `fuzz`.
@_cdecl("fuzz_restoration_archive_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { runFuzzer(argc, argv, fuzz) }
