// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A kiosk host that records what the kiosk asks of it: redraws, announcements, its panel.
@MainActor
final class StubKioskHost: KioskHost {
    let clock = VirtualClock()
    lazy var backend: Backend = OffscreenBackend(fontProvider: FixedAdvanceFontProvider(), clock: clock)
    lazy var animator = Animator(clock: clock)
    let topLayer = PassthroughView()
    var bounds = Rect(x: 0, y: 0, width: 400, height: 600)
    var redraws = 0
    var hasAccessibilityObservers = true
    var preferredLanguages: [String] = ["en"]
    var announcements: [String] = []

    func setNeedsDisplay() { redraws += 1 }

    func postAccessibility(_ event: AccessibilityEvent) {
        if case let .notification(.announcement, argument) = event { announcements.append(argument as? String ?? "") }
    }

    /// Moves virtual time on and runs the timers that came due.
    func advance(by seconds: Double) {
        for _ in 0..<Int(seconds.rounded(.up)) {
            clock.advance(by: min(1, seconds))
            animator.tick()
        }
    }
}

/// The kiosk's behaviours with no window (docs/behaviour/kiosk.md): the idle timeout, blanking
/// and the waking press that goes no further, and the idle warning's panel and announcements.
@Suite @MainActor
struct KioskTests {
    private let touch = InputEvent.touch(id: 3, phase: .began, location: Point(x: 10, y: 10))

    @Test func theIdleTimeoutRunsOnceAfterQuietAndInputPutsItOff() {
        let host = StubKioskHost()
        let kiosk = Kiosk(host: host)
        var fired = 0
        kiosk.onIdleTimeout = { fired += 1 }
        kiosk.idleWarningDuration = nil
        kiosk.idleTimeout = 10
        host.advance(by: 9)
        #expect(kiosk.filter(touch))  // input goes on, and the timeout starts again
        host.advance(by: 9)
        #expect(fired == 0)
        #expect(kiosk.filter(.resized(Size(width: 1, height: 1))))  // not a person's input
        host.advance(by: 2)
        #expect(fired == 1)
        host.advance(by: 30)
        #expect(fired == 1)
    }

    @Test func aBlankedScreenTakesTheWholeWakingPressAndRedraws() {
        let host = StubKioskHost()
        let kiosk = Kiosk(host: host)
        kiosk.screenBlankingDelay = 5
        host.advance(by: 6)
        #expect(kiosk.isScreenBlanked)
        let redraws = host.redraws
        #expect(!kiosk.filter(touch))
        #expect(!kiosk.isScreenBlanked && host.redraws > redraws)
        #expect(!kiosk.filter(.touch(id: 3, phase: .moved, location: Point(x: 12, y: 10))))
        #expect(!kiosk.filter(.touch(id: 3, phase: .ended, location: Point(x: 12, y: 10))))
        #expect(kiosk.filter(touch))  // the next press goes on
        kiosk.blankScreen()
        #expect(!kiosk.filter(.key(Key(keyCode: .keyboardA), isDown: true, isRepeat: false)))
        #expect(!kiosk.filter(.textInput("a", origin: .key)))
        #expect(!kiosk.filter(.key(Key(keyCode: .keyboardA), isDown: false, isRepeat: false)))
        #expect(kiosk.filter(.key(Key(keyCode: .keyboardReturnOrEnter), isDown: true, isRepeat: false)))
    }

    @Test func theWarningShowsItsPanelAndIsAnsweredByAnyPress() throws {
        let host = StubKioskHost()
        let kiosk = Kiosk(host: host)
        kiosk.idleWarningDuration = 5
        kiosk.idleTimeout = 20
        host.advance(by: 14)
        #expect(!kiosk.isShowingIdleWarning && host.topLayer.subviews.isEmpty)
        host.advance(by: 2)
        #expect(kiosk.isShowingIdleWarning)
        let panel = try #require(host.topLayer.subviews.first as? IdleWarningPanel)
        #expect(panel.frame.width == 360 && panel.countdown.text == "This screen resets in 5 seconds.")
        #expect(host.announcements.first?.hasPrefix(kiosk.idleWarningMessage) == true)
        #expect(!kiosk.filter(touch))  // the answer reaches no view
        #expect(!kiosk.isShowingIdleWarning && host.topLayer.subviews.isEmpty)
        #expect(host.announcements.last == "You have more time.")
    }
}
