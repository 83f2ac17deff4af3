// SPDX-License-Identifier: Apache-2.0
import Foundation

#if canImport(CaretExampleWords)
    @_exported import CaretExampleWords
#else
    @_exported import BenchmarkExampleWords  // the benchmark package builds the loader under its own name
#endif

/// The demo's own words: `Strings/<language>.json` beside these sources (installed:
/// `share/caret/demo-strings` beside the binary's folder, or `$CARET_DEMO_STRINGS`), one table per
/// keyboard language (docs/behaviour/localisation.md, "An app's own words").
extension ExampleWords {
    /// The demo's tables, read once.
    static let demoTables = ExampleWords.read(
        app: "caret-demo", environment: "CARET_DEMO_STRINGS", installed: "demo-strings",
        sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Strings").path)

    /// The demo's words in the first of these languages it has a table for (English for none).
    public static func demo(preferring languages: [String]) -> ExampleWords {
        ExampleWords(strings: demoTables, preferring: languages)
    }

    /// The demo's words in English (the names its buttons are known by).
    static let demoEnglish = demo(preferring: ["en"])
}
