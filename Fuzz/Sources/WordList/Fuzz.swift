// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import FuzzDriver

/// A word list's contents: parsed or refused; completions of prefixes taken from it are always
/// longer than the prefix and start with it (case aside).
enum WordListFuzz {
    static func run(_ data: Data) {
        guard let provider = try? SuggestionProvider.parse(data, path: "fuzz.txt") else { return }
        let text = String(decoding: data, as: UTF8.self)
        for prefix in [String(text.prefix(1)), String(text.prefix(3)), "a", "Th", "ÉT"] where !prefix.isEmpty {
            for completion in provider.completions(of: prefix) {
                precondition(completion.count > prefix.count, "\(completion) does not extend \(prefix)")
                precondition(completion.lowercased().hasPrefix(prefix.lowercased()), "\(completion) does not start with \(prefix)")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    WordListFuzz.run(Data(bytes: bytes, count: count))
    return 0
}

/// The entry SwiftPM links this executable through: libFuzzer's driver, fed by `fuzz`.
@_cdecl("fuzz_word_list_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt { runFuzzer(argc, argv, fuzz) }
