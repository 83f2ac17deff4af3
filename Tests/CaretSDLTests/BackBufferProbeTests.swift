// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import CaretSDL

/// The check of whether a driver keeps the back buffer's pixels across presents, over strips
/// given by the test (no renderer): what it decides and when it starts again.
struct BackBufferProbeTests {
    let size: BackBufferProbe.PixelSize = (width: 64, height: 32)
    /// Strips of a frame that is not one colour.
    let frame: [UInt32] = (0..<64).map { UInt32($0 % 3) }

    @Test func aBufferThatStillHoldsTheShownFrameIsKeptAndHoldsAWholeFrameOfItsSize() {
        var probe = BackBufferProbe()
        probe.wholeFrameShown(size) { frame }
        #expect(probe.isProbing)
        #expect(!probe.holdsWholeFrame(of: size))
        probe.beforeNextFrame(size, mayKeep: true) { frame }
        #expect(probe.finding == .kept)
        #expect(probe.holdsWholeFrame(of: size))
        #expect(!probe.holdsWholeFrame(of: (width: 65, height: 32)))
        #expect(!probe.isLost)
    }

    @Test func aBufferHoldingOtherPixelsIsLost() {
        var probe = BackBufferProbe()
        probe.wholeFrameShown(size) { frame }
        probe.beforeNextFrame(size, mayKeep: true) { frame.map { $0 + 1 } }
        #expect(probe.isLost)
        #expect(!probe.holdsWholeFrame(of: size))
        // Decided: later frames change nothing.
        probe.wholeFrameShown(size) { frame }
        #expect(probe.isLost && !probe.isProbing)
    }

    @Test func framesOfOneColourOrUnreadProveNothingAndAfterThreeTheBufferCountsAsLost() {
        var probe = BackBufferProbe()
        let plain = [UInt32](repeating: 7, count: 64)
        probe.wholeFrameShown(size) { plain }
        #expect(probe.finding == .unknown(attempts: 1))
        probe.wholeFrameShown(size) { nil }  // the strips could not be read
        #expect(probe.finding == .unknown(attempts: 2))
        probe.wholeFrameShown(size) { plain }
        #expect(probe.isLost)
    }

    @Test func anEmptyOutputIsNotAnAttempt() {
        var probe = BackBufferProbe()
        probe.wholeFrameShown((width: 0, height: 32)) { frame }
        #expect(probe.finding == .unknown(attempts: 0))
    }

    @Test(arguments: [false, true])
    func aResizeOrARendererThatMayNotKeepStartsTheCheckAgain(resized: Bool) {
        var probe = BackBufferProbe()
        probe.wholeFrameShown(size) { frame }
        var stripsRead = false
        probe.beforeNextFrame(resized ? (width: 80, height: 32) : size, mayKeep: resized) {
            stripsRead = true
            return frame
        }
        #expect(probe.finding == .unknown(attempts: 0))
        #expect(!stripsRead, "strips read though the answer could not use them")
    }

    @Test func aForgottenFrameIsNotHeldUntilTheNextWholeFrameIsShown() {
        var probe = BackBufferProbe()
        probe.wholeFrameShown(size) { frame }
        probe.beforeNextFrame(size, mayKeep: true) { frame }
        probe.forgetFrame()
        #expect(probe.finding == .kept)
        #expect(!probe.holdsWholeFrame(of: size))
        let larger: BackBufferProbe.PixelSize = (width: 128, height: 64)
        probe.wholeFrameShown(larger) { nil }  // kept: no strips needed
        #expect(probe.holdsWholeFrame(of: larger))
        #expect(!probe.holdsWholeFrame(of: size))
    }
}
