// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import CaretIBus

/// Where Caret's IBus client finds the daemon: as libibus does, Wayland's socket name first.
struct IBusAddressTests {
    @Test func theAddressFileIsNamedAfterTheDisplayWaylandFirst() throws {
        #expect(IBusAddress.hostAndDisplay(environment: ["DISPLAY": ":0"])! == ("unix", "0"))
        #expect(IBusAddress.hostAndDisplay(environment: ["DISPLAY": ":1.2"])! == ("unix", "1"))
        #expect(IBusAddress.hostAndDisplay(environment: ["DISPLAY": "host:3.0"])! == ("host", "3"))
        #expect(IBusAddress.hostAndDisplay(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1"])! == ("unix", "wayland-1"))
        #expect(IBusAddress.hostAndDisplay(environment: ["DISPLAY": "nocolon"]) == nil)
        let file = try #require(IBusAddress.file(environment: ["DISPLAY": ":7", "XDG_CONFIG_HOME": "/cfg"]))
        #expect(file.hasPrefix("/cfg/ibus/bus/") && file.hasSuffix("-unix-7"))
        #expect(IBusAddress.find(environment: ["IBUS_ADDRESS": "unix:path=/x"]) == "unix:path=/x")
    }

    @Test func aFileLeftByADaemonThatHasGoneIsSkipped() {
        let live = "# comment\nIBUS_ADDRESS=unix:path=/tmp/a,guid=1\nIBUS_DAEMON_PID=\(getpid())\n"
        #expect(IBusAddress.parse(live) == "unix:path=/tmp/a,guid=1")
        #expect(IBusAddress.parse("IBUS_ADDRESS=unix:path=/tmp/a\nIBUS_DAEMON_PID=999999999\n") == nil)
        #expect(IBusAddress.parse("IBUS_DAEMON_PID=1\n") == nil)
    }
}
