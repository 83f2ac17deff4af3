// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import Foundation

/// `CARET_FIRST_FRAME`: any app built on Caret can be started, drawn once and stopped, for a smoke
/// test on a machine without a person (CI) or to measure its launch. After the first frame it
/// writes one line on standard error (launch time, peak memory, shared libraries, the engines',
/// ICU's and the accessibility bus's if opened, first responder), saves the frame when the value
/// is a `.png` path, and quits: `run()` returns.
extension Application {
    /// Reads `CARET_FIRST_FRAME` (nil when unset or empty).
    static func firstFrameRequest(environment: [String: String]) -> String? {
        guard let value = environment["CARET_FIRST_FRAME"], !value.isEmpty else { return nil }
        return value
    }

    /// Draws the frame (captured when it is to be saved), reports it and quits.
    func finishFirstFrame(_ request: String) {
        firstFrameRequest = nil
        let png = request.lowercased().hasSuffix(".png") ? request : nil
        if png != nil { window.setNeedsFrame() }
        let image = drawFrame(capture: png != nil)
        var line = String(format: "caret: first frame after %.1f ms", Self.millisecondsSinceLaunch())
        line += String(format: ", peak resident set %.1f MiB", Self.procStatus("VmHWM"))
        let libraries = Self.sharedLibrariesLoaded()
        line += ", \(libraries.count) shared libraries"
        /// Those of `libraries` among `names` ("libicuuc": libicuuc.so.72.1), or `none`.
        func mapped(_ names: [String], none: String) -> String {
            let found = libraries.filter { library in names.contains { library.hasPrefix($0 + ".so") } }
            return found.isEmpty ? none : found.joined(separator: " ")
        }
        line += ", engine libraries \(mapped(Self.engineLibraries, none: "none"))"
        line += ", ICU \(mapped(Self.icuLibraries, none: "not opened"))"
        line += ", accessibility bus \(mapped(Self.accessibilityBusLibraries, none: "not opened"))"
        line += ", first responder \(window.firstResponder.map { String(describing: type(of: $0)) } ?? "none")"
        if let png {
            do throws(CaretError) {
                guard let image else { throw CaretError.backendUnavailable(subsystem: "frame capture", reason: "no pixels read") }
                try image.writePNG(to: png)
                line += ", saved to \(png)"
            } catch {
                line += ", not saved: \(error)"
            }
        }
        if let memory = MemoryBreakdown.current() { line += "\ncaret: resident at the first frame by mapping (MiB): \(memory.line)" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        quit()
    }

    /// Milliseconds since the process started (`processStart()`).
    static func millisecondsSinceLaunch() -> Double { Double(now() - processStart()) / 1e6 }

    /// Nanoseconds since the epoch when the process started: `$CARET_LAUNCH_T0` (set by whoever
    /// starts it, just before exec) or the kernel's start time (10 ms steps).
    package static func processStart() -> UInt64 {
        if let given = ProcessEnvironment.value("CARET_LAUNCH_T0").flatMap(UInt64.init) { return given }
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first.flatMap({ Double($0) }),
            let close = stat.lastIndex(of: ")")
        else { return now() }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return now() }  // field 22 of the whole line
        let sinceStart = uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        return now() - UInt64(max(0, sinceStart) * 1e9)
    }

    /// Nanoseconds since the epoch.
    package nonisolated static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// A line of /proc/self/status in MiB (VmHWM is the peak resident set, VmRSS the current one).
    package static func procStatus(_ key: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return (line.split(separator: " ").compactMap { Double($0) }.first ?? 0) / 1024
        }
        return 0
    }

    /// ICU's libraries, opened when text first needs segmenting or right-to-left ordering.
    package static let icuLibraries = ["libicuuc", "libicui18n"]

    /// The accessibility bus's libraries, opened when the bridge or its status watch first starts
    /// on a session bus (ATK and GObject, which they need, may be linked where the link keeps them).
    package static let accessibilityBusLibraries = ["libatk-bridge-2.0", "libatspi", "libgio-2.0"]

    /// The engines' libraries, each opened only when its language or feature is first used.
    package static let engineLibraries = ["libhangul", "librime", "libanthy", "libm17n", "libhunspell-1.7", "libespeak-ng", "libzinnia"]

    /// The shared libraries mapped into the process now (/proc/self/maps, or `maps` for tests), by file name.
    package static func sharedLibrariesLoaded(maps: String = "/proc/self/maps") -> [String] {
        var names = Set<String>()
        _ = ProcFileLines.forEachLine(inFile: maps) { line in
            guard var path = ProcFileLines.mappingPath(line), path.first == 0x2F else { return }
            // A file replaced on disk since it was mapped: " (deleted)" follows its path.
            let deleted = " (deleted)".utf8
            if path.count > deleted.count, path.suffix(deleted.count).elementsEqual(deleted) {
                path = UnsafeBufferPointer(rebasing: path.dropLast(deleted.count))
            }
            guard let slash = path.lastIndex(of: 0x2F) else { return }
            let name = UnsafeBufferPointer(rebasing: path[(slash + 1)...])
            // ".so" in the name (libfoo.so.1), by bytes: a generic search cost 16 million instructions.
            guard name.indices.contains(where: { name[$0...].starts(with: [0x2E, 0x73, 0x6F]) }) else { return }
            names.insert(String(decoding: name, as: UTF8.self))
        }
        return names.sorted()
    }
}
