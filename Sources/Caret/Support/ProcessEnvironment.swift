// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The process's environment variables read by name. `ProcessInfo.environment` copies every
/// variable into a dictionary on each call (about 0.4 million instructions here, nine calls in a
/// launch: 3.9 million, callgrind); a launch that wants a few variables reads those.
package enum ProcessEnvironment {
    /// The variable's value, nil when it is not set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables of these names that are set, by name.
    package static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }
}
