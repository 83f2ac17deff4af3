// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Foundation

/// The keystrokes the suggestion bar's words save (docs/keyboard.md, next words), on texts held out
/// from the tables' corpora (`Scripts/words/build_word_pairs.py --held-out DIR` writes them): with
/// the bigram table and with the word list alone, side by side.
/// `caret-demo --measure-prediction en,de:/tmp/heldout`.
@MainActor
enum PredictionMeasurement {
    static func run(spec: String) throws {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw CaretError.assetUnreadable(path: spec, reason: "expected LANGUAGES:DIR, e.g. en,de:/tmp/heldout")
        }
        print("language\tletters and spaces\tkeystrokes saved, next words\tlist alone")
        for language in parts[0].split(separator: ",").map(String.init) {
            let path = parts[1] + "/\(language).txt"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
            }
            guard let text = String(validating: data, as: UTF8.self) else { throw CaretError.invalidUTF8(context: path) }
            guard let withPairs = KeystrokeSavings.measure(text, list: language),
                let alone = KeystrokeSavings.measure(text, list: language, usingPairs: false)
            else {
                print("\(language)\tno word list")
                continue
            }
            print(String(format: "%@\t%d\t%.1f %%\t%.1f %%", language, withPairs.typed, withPairs.savings * 100, alone.savings * 100))
        }
    }
}
