// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0
// Caret's benchmarks, in their own package so the library has no benchmark dependencies.
// Run: cd Benchmarks && swift package benchmark
import Foundation
import PackageDescription

// Allocation counts come from package-benchmark's malloc interposer, which its tool preloads from
// its own release build: a debug build of the benchmarks links a second copy and the two call
// each other's malloc without end. CI's single pass (Scripts/benchmarks-once.sh) builds in debug
// and sets CARET_BENCHMARK_NO_MALLOC_COUNTS to go without them.
let mallocTraits: Set<Package.Dependency.Trait> =
    ProcessInfo.processInfo.environment["CARET_BENCHMARK_NO_MALLOC_COUNTS"] == nil ? ["MallocInterposer"] : []

let package = Package(
    name: "CaretBenchmarks",
    dependencies: [
        .package(name: "Caret", path: ".."),
        // package-benchmark: percentiles, allocation counts and baselines for speed targets.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: mallocTraits),
        // BigString (a rope) is measured as a storage candidate against Caret's paragraph store.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // The demo's screens, built here from a link to Examples/DemoKit: the Caret package does
        // not offer them as a product, and its target of that name makes this one need its own.
        // Its words' loader likewise, from a link to Examples/Words (DemoKit imports it under this name here).
        .target(name: "BenchmarkExampleWords", dependencies: [.product(name: "Caret", package: "Caret")], path: "ExampleWords"),
        .target(
            name: "BenchmarkDemoKit", dependencies: [.product(name: "Caret", package: "Caret"), "BenchmarkExampleWords"], path: "DemoKit",
            exclude: ["Strings"]),
        .executableTarget(
            name: "CaretBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Caret", package: "Caret"),
                .product(name: "CaretSDL", package: "Caret"),
                .product(name: "CaretText", package: "Caret"),
                .product(name: "CaretCompose", package: "Caret"),
                .product(name: "CaretSpell", package: "Caret"),
                .product(name: "CaretHandwriting", package: "Caret"),
                .product(name: "CaretAccessibility", package: "Caret"),
                "BenchmarkDemoKit",
                .product(name: "CaretTesting", package: "Caret"),
                .product(name: "CaretSDLTesting", package: "Caret"),
                .product(name: "_RopeModule", package: "swift-collections"),
            ],
            path: "Benchmarks/CaretBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
