// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation
import Testing

@testable import CaretSDL

/// The first frame of a form whose field is focused before `run()`, with the keyboard always on:
/// every field is drawn at its place in frame one (the keyboard slides in afterwards; no view grows
/// from a zero frame inside the keyboard's animation).
@Suite(.serialized) @MainActor
struct FirstFrameLayoutTests {
    /// Where the test puts each field (points): 20 from the left, 440 wide, 44 high, one every 60.
    private static func place(_ index: Int) -> Rect { Rect(x: 20, y: 60 + 60 * Double(index), width: 440, height: 44) }
    private static let backdrop = Color(red: 0.1, green: 0.2, blue: 0.5)

    @Test func aFormFocusedBeforeTheFirstFrameIsDrawnWholeInFrameOne() throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let app = try Application(configuration: .init(title: "Caret first frame", size: Size(width: 480, height: 640), vsync: false))
        defer { app.close() }
        // As an app builds a form: three fields by Auto Layout, one by its frame.
        let root = View()
        root.backgroundColor = Self.backdrop
        var fields: [TextField] = []
        var constraints: [NSLayoutConstraint] = []
        for index in 0..<4 {
            let field = TextField(frame: index == 3 ? Self.place(index) : .zero)
            field.borderStyle = .roundedRect
            root.addSubview(field)
            fields.append(field)
            guard index < 3 else { continue }
            field.translatesAutoresizingMaskIntoConstraints = false
            let place = Self.place(index)
            constraints += [
                field.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: place.minX),
                field.topAnchor.constraint(equalTo: root.topAnchor, constant: place.minY),
                field.widthAnchor.constraint(equalToConstant: place.width),
                field.heightAnchor.constraint(equalToConstant: place.height),
            ]
        }
        NSLayoutConstraint.activate(constraints)
        app.window.rootView = root
        app.window.keyboard.policy = .always
        #expect(fields[1].becomeFirstResponder())
        #expect(app.window.keyboard.isVisible)

        // Frame one, as CARET_FIRST_FRAME draws and saves it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("caret-first-form-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.firstFrameRequest = path
        app.runOnce()
        #expect(app.stopReason == .quit)
        let image = try Image(contentsOfFile: path)
        let scale = Double(image.pixelWidth) / 480
        func isWhite(_ x: Double, _ y: Double) -> Bool {
            let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
            return p.r > 240 && p.g > 240 && p.b > 240
        }
        func isBackdrop(_ x: Double, _ y: Double) -> Bool {
            let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
            return abs(Int(p.r) - 26) < 12 && abs(Int(p.g) - 51) < 12 && abs(Int(p.b) - 128) < 12
        }
        for (index, field) in fields.enumerated() {
            let place = Self.place(index)
            // On screen where the test put it, not growing into place.
            #expect(field.presentationFrame == place, "field \(index): \(field.presentationFrame)")
            #expect(field.convert(field.bounds, to: nil) == place, "field \(index)")
            // Its white inside at its corners and middle, the backdrop just outside it.
            let inside = [
                (place.minX + 4, place.minY + 4), (place.maxX - 4, place.minY + 4), (place.midX, place.midY),
                (place.minX + 4, place.maxY - 4), (place.maxX - 4, place.maxY - 4),
            ]
            for (x, y) in inside { #expect(isWhite(x, y), "field \(index) not drawn at (\(x), \(y))") }
            for (x, y) in [(place.midX, place.minY - 8), (place.midX, place.maxY + 8), (place.minX - 8, place.midY), (place.maxX + 8, place.midY)] {
                #expect(isBackdrop(x, y), "field \(index) drawn beyond its frame at (\(x), \(y))")
            }
        }
        // The keyboard still slides in: in frame one it has not yet risen over the form.
        #expect(app.window.keyboard.container.presentationFrame.minY >= Self.place(3).maxY)
    }
}
