// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// The demo's form is built with constraints (issue 29): UIKit's scrolling-form idiom, a stack
/// pinned to the scroll view's content guide, laid out without a conflict or an ambiguity at
/// every size the soak runs, and following what changes in it.
@Suite(.serialized) @MainActor
struct DemoConstraintFormTests {
    @Test func theFormIsLaidOutByConstraintsWithoutConflictAtEverySoakSize() throws {
        var messages: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { messages.append($0) }
        defer { ConsoleLog.handler = saved }
        for size in [Size(width: 1024, height: 700), Size(width: 800, height: 480), Size(width: 483, height: 986)] {
            let (host, screen) = try makeDemoForm(width: size.width, height: size.height)
            #expect(!screen.form.translatesAutoresizingMaskIntoConstraints)
            #expect(screen.form.constraints.contains { $0.identifier?.hasPrefix("UISV-") == true }, "the stack arranges with constraints")
            #expect(screen.scrollView.frame == Rect(x: 0, y: 52, width: size.width, height: size.height - 52))
            let width = min(size.width, 900)
            #expect(screen.form.frame.width == width)
            #expect(screen.form.frame.minX == ((size.width - width) / 2).rounded(.down), "centred, at most 900 points wide")
            #expect(
                screen.scrollView.contentSize == Size(width: size.width, height: screen.form.frame.height), "the content guide sets the content size")
            for (name, field) in screen.fields {
                #expect(!field.hasAmbiguousLayout, "\(name)")
                #expect(field.frame.width == width - 48, "\(name) fills the form inside its margins")
            }
            #expect(!screen.titleLabel.hasAmbiguousLayout && !screen.form.hasAmbiguousLayout)
            _ = host
        }
        #expect(messages.isEmpty, "\(messages)")
    }

    @Test func theEventPanelGrowingLengthensTheScrollableContent() throws {
        let (host, screen) = try makeDemoForm(width: 800, height: 480, keyboardAlways: false)
        let before = screen.scrollView.contentSize.height
        let panel = screen.eventLog.frame.height
        screen.eventLog.text = (1...8).map { "line \($0)" }.joined(separator: "\n")
        host.layout()
        let grown = screen.eventLog.frame.height - panel
        #expect(grown > 0)
        #expect(screen.scrollView.contentSize.height == before + grown)
        let buttons = try #require(screen.buttons["Save"])
        #expect(buttons.convert(buttons.bounds, to: screen.form).minY > screen.eventLog.frame.maxY, "what follows moves down")
    }

    /// Found by the soak (seed 261124231): after the notes screen and back, the form stopped
    /// following the window (the solver had failed inside and refused every constraint).
    @Test func theFormFollowsTheWindowAfterAnotherScreenWasShown() throws {
        var messages: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { messages.append($0) }
        defer { ConsoleLog.handler = saved }
        let (host, screen) = try makeDemoForm(width: 1024, height: 700, keyboardAlways: false)
        screen.showNotes()
        host.layout()
        screen.showForm()
        host.layout()
        try host.resize(to: Size(width: 422, height: 1362))
        host.layout()
        #expect(screen.scrollView.frame == Rect(x: 0, y: 52, width: 422, height: 1310))
        #expect(screen.form.frame.width == 422.0 && screen.multiLineEditor.frame.width == 374.0)
        #expect(messages.isEmpty, "the solver never fails inside (rounding read as a cost): \(messages)")
    }

    @Test func aNarrowWindowTruncatesTheSubtitleNotTheTitle() throws {
        let (_, screen) = try makeDemoForm(width: 400, height: 640, keyboardAlways: false)
        #expect(screen.titleLabel.frame.width == screen.titleLabel.intrinsicContentSize.width)
        #expect(screen.titleBar.frame == Rect(x: 0, y: 0, width: 400, height: 52))
    }
}

/// The password field's eye button (system symbols eye and eye.slash).
@Suite(.serialized) @MainActor
struct DemoRevealPasswordTests {
    @Test func theEyeShowsAndHidesThePassword() throws {
        let (host, screen) = try makeDemoForm(width: 800, height: 480, keyboardAlways: false)
        let field = try #require(screen.fields["password"])
        let eye = try #require(screen.buttons["Reveal password"])
        #expect(field.rightView === eye && !eye.isHidden && eye.frame.width > 20)
        #expect(field.isSecureTextEntry && eye.accessibilityLabel == "Show password")
        let hidden = try #require(eye.currentImage)
        #expect(hidden.isSymbolImage)
        host.input.tap(eye)
        #expect(!field.isSecureTextEntry && eye.accessibilityLabel == "Hide password")
        #expect(eye.currentImage?.pixels != hidden.pixels, "eye.slash now")
        host.input.tap(eye)
        #expect(field.isSecureTextEntry && eye.accessibilityLabel == "Show password")
    }
}

/// The form built with frames (kept to compare with the constraint-built one): the same places.
@Suite(.serialized) @MainActor
struct DemoFrameFormTests {
    @Test func framesAndConstraintsPlaceTheFormAlike() throws {
        for size in [Size(width: 1024, height: 700), Size(width: 800, height: 480), Size(width: 483, height: 986)] {
            let built = try [FormScreen.Layout.constraints, .frames].map { layout in
                let host = try HeadlessWindow(size: size, fonts: .bundled)
                let screen = FormScreen(locale: Locale(identifier: "en_US"), layout: layout)
                host.rootView = screen
                host.layout()
                return (host, screen)
            }
            let (a, b) = (built[0].1, built[1].1)
            #expect(b.form.translatesAutoresizingMaskIntoConstraints && b.constraints.isEmpty)
            #expect(a.scrollView.frame == b.scrollView.frame && a.form.frame == b.form.frame, "\(size)")
            #expect(a.scrollView.contentSize == b.scrollView.contentSize)
            for (name, field) in a.fields {
                #expect(field.convert(field.bounds, to: nil) == b.fields[name]!.convert(b.fields[name]!.bounds, to: nil), "\(name) at \(size)")
            }
            #expect(a.multiLineEditor.frame == b.multiLineEditor.frame)
        }
    }
}
