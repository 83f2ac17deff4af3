// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

private final class Heard: @unchecked Sendable {
    var values: [Double] = []
}

/// SPEC §14's settings a kiosk can offer: larger text and reduced motion.
@Suite @MainActor
struct LargerTextAndMotionTests {
    @Test func preferredFontsScaleWithTheCategory() {
        #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: .large).pointSize == 17)
        #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: .extraExtraExtraLarge).pointSize == 23)
        #expect(Font.preferredFont(forTextStyle: .body, compatibleWith: .accessibilityExtraExtraExtraLarge).pointSize == 53)
        #expect(Font.preferredFont(forTextStyle: .caption1, compatibleWith: .extraSmall).pointSize < 12)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !ContentSizeCategory.large.isAccessibilityCategory)
        #expect(ContentSizeCategory.small < .large)
    }

    @Test func everyViewFollowsTheWindowsCategory() throws {
        let host = try makeHost(width: 600, height: 800)
        let root = View(frame: Rect(x: 0, y: 0, width: 600, height: 800))
        let label = Label(text: "Total")
        let field = TextField(frame: Rect(x: 0, y: 40, width: 300, height: 30))
        let pinned = Label(text: "Fixed")
        pinned.adjustsFontForContentSizeCategory = false
        for view in [label, field, pinned] as [View] { root.addSubview(view) }
        host.rootView = root
        let fieldHeight = field.intrinsicContentSize.height
        let posted = Heard()
        let token = NotificationCenter.default.addObserver(forName: ContentSizeCategory.didChangeNotification, object: host.window, queue: nil) { _ in
            posted.values.append(1)
        }
        defer { NotificationCenter.default.removeObserver(token) }
        host.window.preferredContentSizeCategory = .accessibilityMedium
        #expect(posted.values.count == 1)
        #expect(label.font.pointSize == Font.labelFontSize * 28 / 17)
        #expect(field.font.pointSize == Font.systemFontSize * 28 / 17)
        #expect(field.intrinsicContentSize.height > fieldHeight * 1.4, "the field grows with its font")
        #expect(pinned.font.pointSize == Font.labelFontSize)
        // A view added later takes the window's category; going back restores the sizes.
        let late = Label(text: "Late")
        root.addSubview(late)
        #expect(late.font.pointSize == Font.labelFontSize * 28 / 17)
        host.window.preferredContentSizeCategory = .large
        #expect(abs(label.font.pointSize - Font.labelFontSize) < 1e-9 && abs(late.font.pointSize - Font.labelFontSize) < 1e-9)
    }

    /// A window of the size given with one field at `fieldY`, the on-screen keyboard always used.
    private func hostWithField(width: Double, height: Double, fieldY: Double) throws -> (HeadlessWindow, TextField) {
        let host = try makeHost(width: width, height: height)
        let field = TextField(frame: Rect(x: 10, y: fieldY, width: 300, height: 30))
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.addSubview(field)
        host.rootView = root
        host.window.keyboard.policy = .always
        return (host, field)
    }

    @Test func theKeyboardGrowsWithLargerText() throws {
        let (host, field) = try hostWithField(width: 800, height: 1200, fieldY: 10)
        _ = field.becomeFirstResponder()
        host.settle()
        let normal = try #require(host.window.keyboard.keyboardView?.keyHeight)
        host.window.preferredContentSizeCategory = .accessibilityLarge
        host.settle()
        let larger = try #require(host.window.keyboard.keyboardView?.keyHeight)
        #expect(larger >= normal * 1.4, "\(normal) → \(larger)")
    }

    /// A kiosk sets the size before any keyboard shows: the first keyboard is already larger.
    @Test func aKeyboardFirstShownAtALargerSizeIsLarger() throws {
        let (host, field) = try hostWithField(width: 800, height: 1200, fieldY: 10)
        host.window.preferredContentSizeCategory = .accessibilityLarge
        _ = field.becomeFirstResponder()
        host.settle()
        let larger = try #require(host.window.keyboard.keyboardView?.keyHeight)
        host.window.preferredContentSizeCategory = .large
        host.settle()
        let normal = try #require(host.window.keyboard.keyboardView?.keyHeight)
        #expect(larger >= normal * 1.4, "\(normal) → \(larger)")
    }

    @Test func reducedMotionMakesTheKeyboardAndAvoidanceInstant() throws {
        let (host, field) = try hostWithField(width: 400, height: 600, fieldY: 500)
        host.window.prefersReducedMotion = true
        let durations = Heard()
        let token = NotificationCenter.default.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) {
            durations.values.append(($0.userInfo?[Responder.keyboardAnimationDurationUserInfoKey] as? Double) ?? -1)
        }
        defer { NotificationCenter.default.removeObserver(token) }
        _ = field.becomeFirstResponder()
        host.layout()
        // No time has passed: the keyboard is already in place and nothing animates.
        #expect(durations.values == [0])
        #expect(!host.window.animator.isAnimating)
        let keyboardTop = host.window.keyboard.frame.minY
        #expect(keyboardTop < 600)
        #expect(host.window.keyboard.keyboardView!.superview!.frame.minY == keyboardTop)
        #expect(field.convert(field.bounds, to: nil).maxY <= keyboardTop, "avoidance moved the field at once")
    }
}
