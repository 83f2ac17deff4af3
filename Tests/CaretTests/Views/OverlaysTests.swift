// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A window stand-in for popups and dialogs: two layers and a count of screen changes.
@MainActor
final class StubOverlayHost: OverlayHost {
    let modalLayer = PassthroughView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let topLayer = PassthroughView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    var bounds: Rect { modalLayer.frame }
    var screenChanges = 0

    func accessibilityScreenDidChange(title: String?) { screenChanges += 1 }
}

/// Popups and dialogs with no window: a press outside a popup closes it (calling its dismiss),
/// one inside keeps it, a following popup moves after layout, and a dialog is centred over a
/// dimmer and announced as a new screen.
@Suite @MainActor
struct OverlaysTests {
    @Test func aPressOutsideAPopupClosesItAndOneInsideKeepsIt() {
        let host = StubOverlayHost()
        let overlays = Overlays(host: host)
        var dismissed = 0, followed = 0
        let menu = View(frame: Rect(x: 100, y: 100, width: 80, height: 40))
        let bubble = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        overlays.presentPopup(menu) { dismissed += 1 }
        overlays.presentPopup(bubble, following: { followed += 1 }, dismiss: {})
        #expect(menu.superview === host.topLayer && overlays.popups.count == 2)
        overlays.popupsFollow()
        #expect(followed == 1)
        overlays.dismissPopups(outside: Point(x: 120, y: 110))  // on the menu, off the bubble
        #expect(dismissed == 0 && overlays.popups.count == 1 && bubble.superview == nil)
        overlays.dismissPopups(outside: Point(x: 5, y: 5))
        #expect(dismissed == 1 && overlays.popups.isEmpty && menu.superview == nil)
        overlays.presentPopup(menu) { dismissed += 1 }
        overlays.removePopup(menu)
        #expect(dismissed == 1 && menu.superview == nil)
    }

    @Test func aDialogIsCentredOverADimmerAndAnnounced() {
        let host = StubOverlayHost()
        let overlays = Overlays(host: host)
        let dialog = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        overlays.presentModal(dialog)
        #expect(overlays.isShowingModal && host.screenChanges == 1)
        #expect(dialog.superview is ModalDimmingView && dialog.superview?.superview === host.modalLayer)
        #expect(dialog.center == Point(x: 200, y: 150))
        overlays.dismissModal(dialog)
        #expect(!overlays.isShowingModal && host.screenChanges == 2)
    }
}
