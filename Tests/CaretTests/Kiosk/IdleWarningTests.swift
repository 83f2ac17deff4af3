// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// The idle timeout warns before it acts (issue 40, item 4; WCAG 2.2.1): a panel and an
/// announcement 20 s before, counting down; any touch, key or switch gives the whole time again
/// and reaches no view; the warning's length is adjustable and can be turned off.
@Suite(.serialized) @MainActor
struct IdleWarningTests {
    private func make() throws -> (HeadlessWindow, Button, () -> Int, () -> Int) {
        let host = try makeHost(width: 600, height: 600)
        let root = View(frame: host.window.bounds)
        var taps = 0, resets = 0
        let button = Button(title: "Check in", style: .filled) { _ in taps += 1 }
        button.frame = Rect(x: 20, y: 20, width: 160, height: 44)
        root.addSubview(button)
        host.rootView = root
        host.layout()
        host.window.kiosk.onIdleTimeout = { resets += 1 }
        host.window.kiosk.idleTimeout = 90
        return (host, button, { taps }, { resets })
    }

    private func panelTexts(_ host: HeadlessWindow) -> [String] {
        host.window.topLayer.subviews.filter { !$0.isHidden }.flatMap(\.subviews).compactMap { ($0 as? Label)?.text }
    }

    @Test func theWarningShowsTwentySecondsBeforeAndCountsDown() throws {
        let (host, _, _, resets) = try make()
        let recorder = AccessibilityRecorder(window: host.window)
        host.advance(by: 69)
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.advance(by: 1.5)
        #expect(host.window.kiosk.isShowingIdleWarning)
        #expect(panelTexts(host) == [host.window.kiosk.idleWarningMessage, "This screen resets in 20 seconds."], "\(panelTexts(host))")
        #expect(
            recorder.lines.contains { $0.hasPrefix("announcement Do you need more time?") && $0.contains("resets in 20 seconds") },
            "\(recorder.lines)")
        host.advance(by: 10)
        #expect(panelTexts(host).last == "This screen resets in 10 seconds.")
        host.advance(by: 8.6)
        #expect(panelTexts(host).last == "This screen resets in 1 second.")
        #expect(resets() == 0)
        host.advance(by: 1)
        #expect(resets() == 1)
        #expect(!host.window.kiosk.isShowingIdleWarning, "the warning goes when the timeout acts")
    }

    @Test func aTouchGivesTheWholeTimeAgainAndReachesNoView() throws {
        let (host, button, taps, resets) = try make()
        host.advance(by: 85)
        #expect(host.window.kiosk.isShowingIdleWarning)
        host.input.tap(button)
        #expect(taps() == 0, "the answering touch only answers")
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.advance(by: 85)
        #expect(resets() == 0, "90 s again from the touch")
        #expect(host.window.kiosk.isShowingIdleWarning)
        host.advance(by: 6)
        #expect(resets() == 1)
        host.input.tap(button)
        #expect(taps() == 1, "with no warning up, a tap taps")
    }

    @Test func aKeyOrASwitchAnswersItToo() throws {
        let (host, _, _, resets) = try make()
        host.advance(by: 75)
        host.input.key(.keyboardSpacebar, characters: " ")
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.window.switchControl = SwitchControl(select: .key(.keyboardReturnOrEnter), next: .key(.keyboardTab))
        host.advance(by: 75)
        #expect(host.window.kiosk.isShowingIdleWarning)
        let highlighted = host.window.switchControl?.highlightedItem?.label
        host.input.key(.keyboardTab)
        #expect(!host.window.kiosk.isShowingIdleWarning)
        #expect(host.window.switchControl?.highlightedItem?.label == highlighted, "the switch press only answered")
        host.advance(by: 80)
        #expect(resets() == 0)
        host.window.switchControl = nil
    }

    @Test func theWarningIsAdjustableAndCanBeTurnedOff() throws {
        let (host, _, _, resets) = try make()
        host.window.kiosk.idleWarningDuration = 45
        host.advance(by: 44)
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.advance(by: 2)
        #expect(host.window.kiosk.isShowingIdleWarning)
        host.input.key(.keyboardSpacebar)
        host.window.kiosk.idleWarningDuration = nil
        host.advance(by: 89)
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.advance(by: 2)
        #expect(resets() == 1)
        host.window.kiosk.idleTimeout = nil
        host.advance(by: 500)
        #expect(!host.window.kiosk.isShowingIdleWarning && resets() == 1, "no timeout: no warning")
    }

    @Test func spokenModeSpeaksTheWarning() throws {
        let (host, _, _, _) = try make()
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        host.advance(by: 71)
        #expect(speaker.texts.last?.hasPrefix("Do you need more time?") == true, "\(speaker.texts)")
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: 300, y: 300)))
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: 300, y: 300)))
        #expect(speaker.texts.last == "You have more time.")
        host.window.spokenMode = nil
    }

    /// Found in review: a warning on a blanked screen showed on black, and its answer took two touches.
    @Test func theWarningWakesABlankedScreenAndOneTouchAnswersIt() throws {
        let (host, button, taps, resets) = try make()
        host.window.kiosk.screenBlankingDelay = 30
        host.advance(by: 40)
        #expect(host.window.kiosk.isScreenBlanked)
        host.advance(by: 31)
        #expect(host.window.kiosk.isShowingIdleWarning)
        #expect(!host.window.kiosk.isScreenBlanked, "the warning is seen")
        host.input.tap(button)
        #expect(!host.window.kiosk.isShowingIdleWarning && !host.window.kiosk.isScreenBlanked)
        #expect(taps() == 0)
        host.input.tap(button)
        #expect(taps() == 1, "the next touch is the guest's")
        #expect(resets() == 0)
    }

    /// Found in review: turning the timeout or its warning off while the warning showed left it up.
    @Test func turningTheTimeoutOffTakesAShowingWarningAway() throws {
        let (host, _, _, resets) = try make()
        host.advance(by: 75)
        #expect(host.window.kiosk.isShowingIdleWarning)
        host.window.kiosk.idleTimeout = nil
        #expect(!host.window.kiosk.isShowingIdleWarning)
        host.window.kiosk.idleTimeout = 90
        host.advance(by: 75)
        #expect(host.window.kiosk.isShowingIdleWarning)
        host.window.kiosk.idleWarningDuration = nil
        #expect(!host.window.kiosk.isShowingIdleWarning)
        #expect(resets() == 0)
    }
}
