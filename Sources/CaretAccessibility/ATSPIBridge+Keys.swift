// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
import Caret
import Foundation

/// Keys for the screen reader first (issue 40): at-spi2-atk's key listener hands each key to the
/// registry daemon, which asks Orca whether it takes it.
extension ATSPIBridge {
    /// How long the main thread waits for a key's verdict. at-spi2-atk gives up on the registry
    /// daemon after 500 ms; past this the key goes to the app, and the next keys are not offered
    /// until the late answer came (one wait, not one per key, when a daemon hangs).
    public static let keyVerdictTimeout = 1.0

    /// Whether a key listener is registered (at-spi2-atk's, once it reached the bus): one atomic
    /// read, so that a key costs nothing more when nobody listens.
    public var listensToKeys: Bool { caret_atk_key_listening() != 0 }

    /// Offers a key to the key listeners; true when one consumed it (the app must not see it).
    ///
    /// The listener runs on the bridge's thread and, while the registry daemon and Orca decide,
    /// answers their calls there, which ask this thread for the tree (`MainThreadHop`). Waiting
    /// here without serving those would deadlock both threads until the bridge's timeout (and the
    /// screen reader would read a frozen app): so this waits in `hop.serve(until:timeout:)`,
    /// answering questions as they come, until the verdict (`key_answered` notifies the hop).
    public func offer(_ key: ATSPIKeyEvent) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        let serial = key.withCKey { caret_atk_key_post($0) }
        guard serial > 0 else { return false }
        var verdict: Int32 = -1
        _ = hop.serve(
            until: {
                verdict = caret_atk_key_verdict(serial); return verdict >= 0
            }, timeout: Self.keyVerdictTimeout)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        keyStatistics.record(seconds, answered: verdict >= 0)
        keyTrace?(key, verdict == 1, seconds)
        return verdict == 1
    }
}

/// What offering keys to the screen reader cost: the main thread's wait for each verdict.
public struct ATSPIKeyStatistics: Sendable {
    /// Keys offered.
    public private(set) var offered = 0
    /// Keys whose verdict did not come in time (given to the app).
    public private(set) var unanswered = 0
    /// The total wait, in seconds.
    public private(set) var totalSeconds = 0.0
    /// The longest wait, in seconds.
    public private(set) var longestSeconds = 0.0
    /// The mean wait, in seconds.
    public var meanSeconds: Double { offered == 0 ? 0 : totalSeconds / Double(offered) }

    mutating func record(_ seconds: Double, answered: Bool) {
        offered += 1
        if !answered { unanswered += 1 }
        totalSeconds += seconds
        longestSeconds = max(longestSeconds, seconds)
    }
}
