// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretKioskKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// The idle warning at the largest text sizes on small kiosk panels (docs/behaviour/kiosk.md):
/// its question and countdown are whole on screen, with the real fonts.
@Suite(.serialized) @MainActor
struct IdleWarningLargeTextTests {
    @Test(arguments: [Size(width: 1024, height: 600), Size(width: 800, height: 480), Size(width: 480, height: 800)])
    func theWarningIsWholeOnScreenAtAx5(_ size: Size) throws {
        let host = try HeadlessWindow(size: size, fonts: .bundled)
        host.window.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        let flow = CheckInFlow(window: host.window)
        flow.showForm()
        host.settle()
        host.advance(by: 71)
        #expect(host.window.kiosk.isShowingIdleWarning)
        let panel = try #require(
            host.window.topLayer.subviews.last { $0.subviews.contains { ($0 as? Label)?.text == host.window.kiosk.idleWarningMessage } })
        #expect(host.window.bounds.contains(panel.frame), "the panel \(panel.frame) in \(host.window.bounds)")
        let labels = panel.subviews.compactMap { $0 as? Label }
        #expect(labels.count == 2)
        for label in labels {
            let needed = label.sizeThatFits(Size(width: label.frame.width, height: .greatestFiniteMagnitude))
            #expect(label.frame.height >= needed.height - 0.5, "\(label.text ?? ""): \(label.frame.height) of \(needed.height) shown")
            #expect(panel.bounds.contains(label.frame), "\(label.frame) inside the panel \(panel.bounds)")
            #expect(label.font.pointSize >= 28, "still large text: \(label.font.pointSize) pt")
        }
    }
}
