// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import Caret

/// Environment variables read by name, as the launch reads them (not the whole environment copied).
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func aVariableIsReadAsSetAndNilWhenUnset() {
        let name = "CARET_TEST_VARIABLE_\(getpid())"
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.value(name) == nil)
        setenv(name, "ünïcode = value", 1)
        #expect(ProcessEnvironment.value(name) == "ünïcode = value")
        #expect(ProcessEnvironment.value(name) == ProcessInfo.processInfo.environment[name])
        setenv(name, "", 1)
        #expect(ProcessEnvironment.value(name) == "")
        #expect(ProcessEnvironment.values([name, name + "_UNSET"]) == [name: ""])
    }
}
