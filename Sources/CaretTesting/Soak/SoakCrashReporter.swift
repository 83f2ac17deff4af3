// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints the seed and event index of a soak run when the process dies of a crash (a trap, a
/// bad access), so that a failure that cannot be caught still names how to reproduce it.
enum SoakCrashReporter {
    nonisolated(unsafe) private static var seed: UInt64 = 0
    nonisolated(unsafe) private static var index: Int = -1
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var previous = [Glibc.sigaction](repeating: Glibc.sigaction(), count: 32)

    /// Records where the run is (index -1: not running).
    static func note(seed: UInt64, index: Int) {
        Self.seed = seed
        Self.index = index
    }

    /// Installs handlers for the signals a crash raises (once per process).
    static func install() {
        guard !installed else { return }
        installed = true
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = Glibc.sigaction()
            action.__sigaction_handler.sa_handler = { number in
                SoakCrashReporter.report()
                SoakCrashReporter.restorePrevious(number)
                raise(number)
            }
            sigaction(signal, &action, &previous[Int(signal)])
        }
    }

    /// Hands the signal back to whoever handled it before (Swift's backtracer), so the process
    /// dies as it would have, with its backtrace.
    private static func restorePrevious(_ number: Int32) {
        if number >= 0, Int(number) < previous.count {
            _ = sigaction(number, &previous[Int(number)], nil)
        } else {
            _ = Glibc.signal(number, SIG_DFL)
        }
    }

    /// Writes "soak crash: seed S, event I" with write(2) only (async-signal-safe).
    private static func report() {
        guard index >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 96)
        var length = 0
        func append(_ text: StaticString) {
            text.withUTF8Buffer { for byte in $0 where length < buffer.count { buffer[length] = byte; length += 1 } }
        }
        func append(_ value: UInt64) {
            var digits = [UInt8](repeating: 0, count: 20)
            var n = value, count = 0
            repeat {
                digits[count] = UInt8(48 + n % 10)
                n /= 10
                count += 1
            } while n > 0
            while count > 0 && length < buffer.count {
                count -= 1
                buffer[length] = digits[count]
                length += 1
            }
        }
        append("\nsoak crash: seed ")
        append(seed)
        append(", event ")
        append(UInt64(index))
        append("\n")
        _ = buffer.withUnsafeBufferPointer { write(2, $0.baseAddress, length) }
    }
}
