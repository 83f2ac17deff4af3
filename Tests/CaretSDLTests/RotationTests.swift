import Caret
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

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
        #expect(names == [Responder.keyboardWillChangeFrameNotification])  // a frame change, no show
        #expect(ends.last.map { abs($0.maxY - 480) < 0.5 && abs($0.width - 320) < 0.5 } == true)
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: app.window) == [])
    }
}
