// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretDemoKit
import CaretKioskKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Larger text everywhere (issue 40 item 8): every screen of the demo and the kiosk, with the
/// bundled fonts, lays out from `xs` to `ax5` with no text cut off, truncated, off the screen or
/// over other text (`LayoutAudit`), as a guest changes the size on a shown screen; and the audit
/// itself sees each fault planted.
@Suite(.serialized) @MainActor
struct LargerTextLayoutTests {
    /// Every size, smallest first, then back to the default (a guest turning larger text off).
    private static let sizes = ContentSizeCategory.allCategories + [.large]

    private func audit(_ host: HeadlessWindow, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for category in Self.sizes {
            host.window.preferredContentSizeCategory = category
            host.layout()
            // The form's truncation exhibits truncate on purpose.
            let problems = LayoutAudit.problems(in: host.window) { $0.accessibilityIdentifier == LabelSamples.truncationSample }
            #expect(problems.isEmpty, "\(what) at \(category.rawValue): \(problems)", sourceLocation: sourceLocation)
        }
    }

    private func demoImages() throws -> FormScreen.Images {
        FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark"))
    }

    @Test(arguments: ["form", "form (frames)", "kiosk", "notes", "arabic"])
    func demoScreenFitsAtEverySize(_ screen: String) throws {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        switch screen {
        case "form": host.rootView = FormScreen(images: try demoImages(), locale: Locale(identifier: "en_US"))
        case "form (frames)": host.rootView = FormScreen(images: try demoImages(), locale: Locale(identifier: "en_US"), layout: .frames)
        case "kiosk": host.rootView = KioskScreen()
        case "notes": host.rootView = NotesScreen()
        default: host.rootView = ArabicSignUpScreen()
        }
        host.layout()
        audit(host, screen)
    }

    @Test func demoDialogFitsAtEverySize() throws {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        let screen = FormScreen(images: try demoImages(), locale: Locale(identifier: "en_US"))
        host.rootView = screen
        host.layout()
        screen.showDialog()
        #expect(host.window.isShowingModal)
        audit(host, "dialog")
    }

    @Test(arguments: ["start", "accessibility", "form", "confirmation"])
    func kioskPageFitsAtEverySize(_ page: String) throws {
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
        let flow = CheckInFlow(window: host.window)
        host.window.keyboard.policy = .never  // the page itself; the keyboard has its own goldens
        switch page {
        case "start": break
        case "accessibility": flow.start.onAccessibility?()
        case "form": flow.showForm()
        default:
            flow.showForm()
            flow.form.submitButton.sendActions(for: .primaryActionTriggered)  // refused: the problem line shows
            host.layout()
            audit(host, "form with its problem")
            for (name, text) in [("code", "AB12CD"), ("name", "Ada Lovelace"), ("email", "ada@example.com"), ("pin", "1234")] {
                flow.form.fields[name]?.text = text
            }
            flow.form.submitButton.sendActions(for: .primaryActionTriggered)
        }
        host.layout()
        audit(host, page)
    }

    // MARK: Goldens at ax5, audited too

    @Test func demoFormAtTheLargestSize() throws {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        host.window.keyboard.policy = .never
        host.window.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        host.rootView = FormScreen(images: try demoImages(), locale: Locale(identifier: "en_US"))
        host.layout()
        let problems = LayoutAudit.problems(in: host.window) { $0.accessibilityIdentifier == LabelSamples.truncationSample }
        #expect(problems.isEmpty, "\(problems)")
        try expectGolden(host, named: "demo-form-ax5")
    }

    @Test(arguments: ["start", "form"])
    func kioskAtTheLargestSize(_ page: String) throws {
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .bundled)
        let flow = CheckInFlow(window: host.window)
        host.window.keyboard.locale = Locale(identifier: "en_US")
        host.window.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        if page == "form" { flow.showForm() }
        host.settle()
        #expect(LayoutAudit.problems(in: host.window).isEmpty)
        try expectGolden(host, named: "kiosk-\(page)-ax5")
    }

    // MARK: The audit sees each fault

    private func plantedHost() throws -> (HeadlessWindow, View) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .bundled)
        let root = View()
        root.backgroundColor = .white
        host.rootView = root
        return (host, root)
    }

    @Test func theAuditSeesATruncatedLabelAndACutOffLine() throws {
        let (host, root) = try plantedHost()
        let label = Label(text: "A sentence far too long for its narrow label", font: .systemFont(ofSize: 17))
        label.frame = Rect(x: 10, y: 10, width: 120, height: 30)
        root.addSubview(label)
        host.layout()
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("truncated") })
        label.numberOfLines = 0  // wraps, but into a frame one line tall
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("cut off") })
        label.frame.size = Size(width: 120, height: label.sizeThatFits(Size(width: 120, height: 0)).height)
        #expect(LayoutAudit.problems(in: host.window).isEmpty)
    }

    @Test func theAuditSeesAFieldTooShortForItsTextAndItsPlaceholder() throws {
        let (host, root) = try plantedHost()
        let field = TextField()
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 40)
        field.frame = Rect(x: 10, y: 10, width: 380, height: 44)
        root.addSubview(field)
        host.layout()
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("line of text") })
        field.frame.size.height = field.intrinsicContentSize.height
        field.placeholder = "A placeholder wider than the field"
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("placeholder") })
        field.placeholder = "Name"
        #expect(LayoutAudit.problems(in: host.window).isEmpty)
    }

    @Test func theAuditSeesOverlapsAndViewsOutsideTheirSuperviewOrTheScreen() throws {
        let (host, root) = try plantedHost()
        let first = Label(text: "First", font: .systemFont(ofSize: 17))
        let second = Label(text: "Second", font: .systemFont(ofSize: 17))
        first.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        second.frame = Rect(x: 10, y: 30, width: 100, height: 30)
        root.addSubview(first)
        root.addSubview(second)
        host.layout()
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("overlaps") })
        second.frame.origin.y = 280  // below the screen's bottom edge
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("off the screen") })
        let bar = View(frame: Rect(x: 0, y: 100, width: 400, height: 20))
        root.addSubview(bar)
        second.removeFromSuperview()
        second.frame = Rect(x: 10, y: 0, width: 100, height: 30)
        bar.addSubview(second)
        #expect(LayoutAudit.problems(in: host.window).contains { $0.issue.contains("sticks out") })
        second.frame.size.height = 20
        second.font = .systemFont(ofSize: 12)
        #expect(LayoutAudit.problems(in: host.window).isEmpty)
    }
}
