// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
// libFuzzer targets for Caret's parsers and text input, in their own package (built with
// -sanitize=fuzzer,address, which the library's own build never uses). Run: Scripts/fuzz.sh
import PackageDescription

let package = Package(
    name: "CaretFuzz",
    dependencies: [.package(name: "Caret", path: "..")],
    targets: [
        // libFuzzer's driver, shared by the fuzzers.
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        .executableTarget(
            name: "fuzz-keyboard-layout", dependencies: ["FuzzDriver", .product(name: "Caret", package: "Caret")],
            path: "Sources/KeyboardLayout"),
        .executableTarget(
            name: "fuzz-restoration-archive", dependencies: ["FuzzDriver", .product(name: "Caret", package: "Caret")],
            path: "Sources/RestorationArchive"),
        .executableTarget(
            name: "fuzz-word-list", dependencies: ["FuzzDriver", .product(name: "Caret", package: "Caret")], path: "Sources/WordList"),
        .executableTarget(
            name: "fuzz-paste",
            dependencies: ["FuzzDriver", .product(name: "Caret", package: "Caret"), .product(name: "CaretTesting", package: "Caret")],
            path: "Sources/Paste"),
    ],
    swiftLanguageModes: [.v6]
)
