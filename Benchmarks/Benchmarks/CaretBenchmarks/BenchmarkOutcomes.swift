// SPDX-License-Identifier: Apache-2.0
@preconcurrency import Benchmark
import Foundation

/// What each benchmark came to, for `Scripts/benchmarks-once.sh`, which sets
/// `CARET_BENCHMARK_RESULTS` to a file path. package-benchmark prints a failed check and exits 0,
/// and says nothing of a benchmark that never ran; this writes, in every benchmark process:
/// - `<path>.registered`: every registered benchmark's name, one JSON string a line;
/// - `<path>`: one JSON line per benchmark that ran to its end, `{"name": …, "result": "ok"}`, or
///   its failure (`verify`'s message or the error it threw) in place of "ok".
/// A benchmark that crashed, was skipped or never ran has no line in `<path>`: the script counts
/// that as a failure.
enum BenchmarkOutcomes {
    static func recordIfAsked() {
        guard let path = ProcessInfo.processInfo.environment["CARET_BENCHMARK_RESULTS"], !path.isEmpty else { return }
        let names = Benchmark.benchmarks.map(\.name)
        write(names.map { json($0) + "\n" }.joined(), to: path + ".registered", appending: false)
        for benchmark in Benchmark.benchmarks {
            let name = benchmark.name
            let teardown = benchmark.configuration.teardown
            // The runner calls teardowns after the run and before it reports a failure.
            benchmark.configuration.teardown = {
                try await teardown?()
                let failure = Benchmark.benchmarks.first { $0.name == name }?.failureReason
                write(json(["name": name, "result": failure ?? "ok"]) + "\n", to: path, appending: true)
            }
        }
    }

    private static func json(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
        let data = (try? JSONSerialization.data(withJSONObject: value, options: options)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String, appending: Bool) {
        let flags = O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            FileHandle.standardError.write(Data("benchmarks: cannot write \(path): \(String(cString: strerror(errno)))\n".utf8))
            return
        }
        defer { close(fd) }
        _ = Array(text.utf8).withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    }
}
