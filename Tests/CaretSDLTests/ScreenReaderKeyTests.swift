// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

@testable import CaretAccessibility

/// Keys go to the screen reader first (issue 40): each key becomes the struct ATK's key
/// listeners take, as GTK 3 fills it, and a key the reader consumes never reaches the app.
@MainActor
@Suite struct ScreenReaderKeyTests {
    private func key(_ usage: Int, _ base: String = "", _ flags: KeyModifierFlags = []) -> Key {
        Key(keyCode: KeyboardHIDUsage(rawValue: usage), charactersIgnoringModifiers: base, modifierFlags: flags)
    }

    // MARK: The key as ATK takes it

    @Test func aTypedLetterCarriesItsTextKeysymAndXKeycode() {
        let event = ATSPIKeyEvent(key: key(0x04, "a"), text: "a", isDown: true, timestamp: 1234)
        #expect(
            event
                == ATSPIKeyEvent.expected(
                    press: true, state: 0, keyval: 0x61, string: "a", length: 1, keycode: 38, timestamp: 1234))
    }

    @Test func shiftTypesTheCapitalsKeysymAndSaysShift() {
        let event = ATSPIKeyEvent(key: key(0x04, "a", .shift), text: "A", isDown: true, timestamp: 0)
        #expect(event.keyval == 0x41)
        #expect(event.string == "A")
        #expect(event.state == 1)
    }

    @Test func keysThatTypeNothingAreNamedAsX11NamesThem() {
        let cases: [(usage: Int, keyval: UInt32, name: String, keycode: UInt16)] = [
            (0x50, 0xFF51, "Left", 113), (0x4F, 0xFF53, "Right", 114), (0x49, 0xFF63, "Insert", 118),
            (0x58, 0xFF8D, "KP_Enter", 104), (0x5F, 0xFF95, "KP_Home", 79), (0x62, 0xFF9E, "KP_Insert", 90),
            (0x28, 0xFF0D, "Return", 36), (0x29, 0xFF1B, "Escape", 9), (0x3A, 0xFFBE, "F1", 67),
            (0xE0, 0xFFE3, "Control_L", 37), (0x2A, 0xFF08, "BackSpace", 22),
        ]
        for c in cases {
            let event = ATSPIKeyEvent(key: key(c.usage), text: nil, isDown: true, timestamp: 0)
            #expect(event.keyval == c.keyval, "usage \(c.usage)")
            #expect(event.string == c.name, "usage \(c.usage)")
            #expect(event.keycode == c.keycode, "usage \(c.usage)")
            #expect(event.length == 0)
        }
    }

    @Test func aKeypadDigitTypedWithNumLockIsKPDigit() {
        let event = ATSPIKeyEvent(key: key(0x5F), text: "7", isDown: true, timestamp: 0)
        #expect(event.keyval == 0xFFB7)
        #expect(event.string == "7")
    }

    @Test func spaceTypesASpaceButIsNamedSpace() {
        let event = ATSPIKeyEvent(key: key(0x2C, " "), text: " ", isDown: true, timestamp: 0)
        #expect(event.keyval == 0x20)
        #expect(event.string == "space")
        #expect(event.length == 1)
    }

    @Test func aModifierKeysStateIsTheOneBeforeIt() {
        // SDL reports Shift held on Shift's own press and not on its release; X (and GTK) the reverse.
        let press = ATSPIKeyEvent(key: key(0xE1, "", .shift), text: nil, isDown: true, timestamp: 0)
        let release = ATSPIKeyEvent(key: key(0xE1), text: nil, isDown: false, timestamp: 0)
        #expect(press.state == 0)
        #expect(release.state == 1)
        #expect(!release.isPress)
        #expect(press.string == "Shift_L")
    }

    @Test func controlShortcutsAndReleasesNameTheLetter() {
        let control = ATSPIKeyEvent(key: key(0x04, "a", .control), text: nil, isDown: true, timestamp: 0)
        #expect(control.state == 4)
        #expect(control.string == "a")
        #expect(control.keyval == 0x61)
        let release = ATSPIKeyEvent(key: key(0x17, "t"), text: nil, isDown: false, timestamp: 0)
        #expect(release.string == "t")
        #expect(release.keycode == 28)
    }

    // MARK: Consumed keys never reach the app

    /// A press, the text it typed and its release, as SDL sends them.
    private func typing(_ usage: Int, _ character: String) -> [InputEvent] {
        let k = key(usage, character)
        return [.key(k, isDown: true, isRepeat: false), .textInput(character), .key(k, isDown: false, isRepeat: false)]
    }

    @Test func keysNobodyConsumesReachTheAppEachOfferedOnceWithItsText() {
        var filter = ScreenReaderKeyFilter()
        var offered: [ATSPIKeyEvent] = []
        let events = typing(0x04, "a") + typing(0x05, "b")
        let kept = filter.filter(events, timestamps: [1, 1, 2, 3, 3, 4]) {
            offered.append($0); return false
        }
        #expect(kept == events)
        #expect(offered.map(\.string) == ["a", "a", "b", "b"])
        #expect(offered.map(\.isPress) == [true, false, true, false])
        #expect(offered.map(\.timestamp) == [1, 2, 3, 4])
        #expect(!filter.isHolding)
    }

    @Test func insertTIsConsumedWholeAndTheNextKeyStillArrives() {
        var filter = ScreenReaderKeyFilter()
        let insert = key(0x49)
        var offered: [String] = []
        // Orca takes Insert (its modifier) and T while Insert is down, as it does for Insert+T.
        var insertDown = false
        let consume: (ATSPIKeyEvent) -> Bool = { event in
            offered.append((event.isPress ? "+" : "-") + event.string)
            if event.string == "Insert" {
                insertDown = event.isPress
                return true
            }
            return insertDown
        }
        var kept = filter.filter(
            [.key(insert, isDown: true, isRepeat: false)] + typing(0x17, "t"), timestamps: [], offer: consume)
        #expect(kept.isEmpty, "a consumed key reached the app: \(kept)")
        kept = filter.filter([.key(insert, isDown: false, isRepeat: false)] + typing(0x04, "a"), timestamps: [], offer: consume)
        #expect(kept == typing(0x04, "a"))
        #expect(offered == ["+Insert", "+t", "-t", "-Insert", "+a", "-a"])
        #expect(!filter.isHolding)
    }

    @Test func theReleaseAndTextOfAConsumedPressAreDroppedInALaterTurnToo() {
        var filter = ScreenReaderKeyFilter()
        let t = key(0x17, "t")
        var kept = filter.filter([.key(t, isDown: true, isRepeat: false)], timestamps: []) { $0.isPress }
        #expect(kept.isEmpty)
        #expect(filter.isHolding)
        kept = filter.filter([.textInput("t"), .key(t, isDown: false, isRepeat: false), .textInput("x")], timestamps: []) {
            $0.isPress
        }
        #expect(kept == [.textInput("x")], "the key's text or release reached the app, or text after it was lost")
        #expect(!filter.isHolding)
    }

    @Test func aReleaseConsumedAloneStillReachesTheAppSoNoKeyStaysDown() {
        var filter = ScreenReaderKeyFilter()
        let events = typing(0x04, "a")
        let kept = filter.filter(events, timestamps: []) { !$0.isPress }
        #expect(kept == events)
    }

    // MARK: Late join: the launcher's status decides

    @Test func theBridgeFollowsTheLaunchersStatus() {
        let off = AccessibilityBusStatus(isEnabled: false, screenReaderEnabled: false)
        let enabled = AccessibilityBusStatus(isEnabled: true, screenReaderEnabled: false)
        let reader = AccessibilityBusStatus(isEnabled: false, screenReaderEnabled: true)
        #expect(AccessibilityStatusWatch.action(for: enabled, bridgeRunning: false) == .start)
        #expect(AccessibilityStatusWatch.action(for: reader, bridgeRunning: false) == .start)
        #expect(AccessibilityStatusWatch.action(for: reader, bridgeRunning: true) == .keep)
        #expect(AccessibilityStatusWatch.action(for: off, bridgeRunning: true) == .stop)
        #expect(AccessibilityStatusWatch.action(for: off, bridgeRunning: false) == .keep)
        #expect(
            AccessibilityStatusWatch.action(for: nil, bridgeRunning: true) == .stop, "the launcher left and the bridge stayed")
        #expect(AccessibilityBusStatus(bits: -1) == nil)
        #expect(AccessibilityBusStatus(bits: 3) == AccessibilityBusStatus(isEnabled: true, screenReaderEnabled: true))
        #expect(AccessibilityBusStatus(bits: 2) == reader)
    }

    @Test func aScreenReaderRunsWhenAClientListensOrTheSessionSaysSo() {
        let enabled = AccessibilityBusStatus(isEnabled: true, screenReaderEnabled: false)
        let reader = AccessibilityBusStatus(isEnabled: true, screenReaderEnabled: true)
        // Orca registers for events: at-spi2-atk's key listener comes, and goes with the last client.
        #expect(AccessibilityStatusWatch.screenReaderRuns(bridgeRunning: true, clientListens: true, status: enabled))
        #expect(!AccessibilityStatusWatch.screenReaderRuns(bridgeRunning: true, clientListens: false, status: enabled))
        #expect(AccessibilityStatusWatch.screenReaderRuns(bridgeRunning: true, clientListens: false, status: reader))
        #expect(!AccessibilityStatusWatch.screenReaderRuns(bridgeRunning: false, clientListens: false, status: reader))
    }
}

extension ATSPIKeyEvent {
    /// A key event spelled out field by field (the initialiser maps from a Caret key).
    static func expected(
        press: Bool, state: UInt32, keyval: UInt32, string: String, length: Int32, keycode: UInt16, timestamp: UInt32
    )
        -> ATSPIKeyEvent
    {
        var event = ATSPIKeyEvent(
            key: Key(keyCode: KeyboardHIDUsage(rawValue: 0)), text: nil, isDown: press, timestamp: timestamp)
        event.state = state
        event.keyval = keyval
        event.string = string
        event.length = length
        event.keycode = keycode
        return event
    }
}
