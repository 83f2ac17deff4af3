// SPDX-License-Identifier: Apache-2.0

import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Rotation for portrait panels in a real SDL window (SPEC §10, issue 16 item 2): views lay out
/// for the turned size, touch and mouse reach the view under the turned point, the keyboard sits
/// at the logical bottom with the focused field clear of it, and turning at run time posts the
/// keyboard's frame-change notifications.
@Suite(.serialized) @MainActor
struct RotationTests {
    let panel = Size(width: 480, height: 320)

    private func open(_ rotation: DisplayRotation) throws -> Application {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        return try Application(configuration: .init(title: "Caret rotation", size: panel, resizable: false, vsync: false, rotation: rotation))
    }

    @Test(arguments: DisplayRotation.allCases)
    func touchAndMouseReachTheViewUnderTheTurnedPointAndTheKeyboardSitsAtTheLogicalBottom(_ rotation: DisplayRotation) throws {
        let app = try open(rotation)
        defer { app.close() }
        let logical = rotation.logicalSize(forPhysical: panel)
        #expect(app.window.bounds.size == logical)
        var taps = 0
        let root = View(frame: app.window.bounds)
        let button = Button(title: "Go", style: .filled) { _ in taps += 1 }
        button.frame = Rect(x: 20, y: 30, width: 120, height: 44)
        let field = TextField(frame: Rect(x: 20, y: logical.height - 60, width: logical.width - 40, height: 40))
        field.borderStyle = .roundedRect
        root.addSubview(button)
        root.addSubview(field)
        app.window.rootView = root
        app.window.keyboard.policy = .always
        app.runOnce()
        let physical = rotation.physicalPoint(fromLogical: Point(x: button.frame.midX, y: button.frame.midY), physicalSize: panel)
        try app.post(.finger(id: 1, phase: .began, location: physical))
        try app.post(.finger(id: 1, phase: .ended, location: physical))
        app.runOnce()
        #expect(taps == 1, "touch at \(physical) on the panel")
        try app.post(.mouseButton(.primary, isDown: true, location: physical, clicks: 1))
        try app.post(.mouseButton(.primary, isDown: false, location: physical, clicks: 1))
        app.runOnce()
        #expect(taps == 2, "click at \(physical) on the panel")
        // The keyboard comes up from the logical bottom and the field moves clear of it.
        #expect(field.becomeFirstResponder())
        app.runOnce()
        let keyboard = app.window.keyboard.frame
        #expect(abs(keyboard.maxY - logical.height) < 0.5 && abs(keyboard.width - logical.width) < 0.5)
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: app.window) == [])
        // What the panel shows is the turned picture, at the panel's size.
        let image = try #require(app.drawFrame(capture: true))
        #expect(Double(image.pixelWidth) == panel.width && Double(image.pixelHeight) == panel.height)
    }

    @Test func turningAtRunTimePostsTheKeyboardsFrameChangeAndRunsAvoidanceAgain() throws {
        let app = try open(.none)
        defer { app.close() }
        let root = View(frame: app.window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let field = TextField(frame: Rect(x: 20, y: 250, width: 300, height: 40))
        field.autoresizingMask = [.flexibleTopMargin]
        root.addSubview(field)
        app.window.rootView = root
        app.window.keyboard.policy = .always
        app.runOnce()
        #expect(field.becomeFirstResponder())
        app.runOnce()
        var names: [Notification.Name] = []
        var ends: [Rect] = []
        let observers = [Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillShowNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let end = note.keyboardFrameEnd
                let name = note.name
                MainActor.assumeIsolated {
                    names.append(name)
                    if let end { ends.append(end) }
                }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        app.rotation = .rotate270
        app.runOnce()
        #expect(app.window.bounds.size == Size(width: 320, height: 480))
        // The keyboard stays up at its new frame: shown again, as UIKit posts it.
        #expect(names == [Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillShowNotification])
        #expect(ends.last.map { abs($0.maxY - 480) < 0.5 && abs($0.width - 320) < 0.5 } == true)
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: app.window) == [])
    }

    /// The loupe on a turned panel (issue 30): it is drawn in the logical picture like every view,
    /// and shows that picture's text magnified, so the panel shows it turned with the rest.
    @Test(arguments: [DisplayRotation.rotate90, .rotate270])
    func theLoupeFollowsTheTurnedPanel(_ rotation: DisplayRotation) throws {
        let app = try open(rotation)
        defer { app.close() }
        let logical = rotation.logicalSize(forPhysical: panel)
        let root = View(frame: app.window.bounds)
        root.backgroundColor = .white
        let field = TextField(frame: Rect(x: 10, y: 120, width: logical.width - 20, height: 44))
        field.font = .systemFont(ofSize: 20)
        field.text = "WWWWWWWWWWWWWWWW"
        root.addSubview(field)
        app.window.rootView = root
        app.window.keyboard.policy = .never
        #expect(field.becomeFirstResponder())
        field.selectedTextRange = TextRange(3..<3)
        app.runOnce()
        let caret = field.editor.convert(field.editor.caretRect, to: nil)
        func send(_ phase: TouchPhase, _ p: Point) throws {
            try app.post(.finger(id: 1, phase: phase, location: rotation.physicalPoint(fromLogical: p, physicalSize: panel)))
            app.runOnce()
        }
        try send(.began, Point(x: caret.midX, y: caret.midY))
        for i in 1...4 { try send(.moved, Point(x: caret.midX + Double(i) * 12, y: caret.midY)) }
        for _ in 0..<15 { usleep(20_000); app.runOnce() }  // the fade runs on the app's clock (real time)
        let lens = try #require(app.window.topLayer.subviews.first { $0 is TextLoupeView })
        let image = try #require(app.drawFrame(capture: true))
        // The lens's middle row, found on the panel through the turn, has the letters in it.
        var dark = 0
        for x in stride(from: lens.frame.minX + 8, to: lens.frame.maxX - 8, by: 1) {
            let p = rotation.physicalPoint(fromLogical: Point(x: x, y: lens.frame.midY), physicalSize: panel)
            if image.pixel(x: min(Int(p.x), image.pixelWidth - 1), y: min(Int(p.y), image.pixelHeight - 1)).r < 128 { dark += 1 }
        }
        #expect(dark > 15, "the magnified letters show in the lens on the turned panel (\(dark) dark pixels)")
        try send(.ended, Point(x: caret.midX + 48, y: caret.midY))
    }
}
