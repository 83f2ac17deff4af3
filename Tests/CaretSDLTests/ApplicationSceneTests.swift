// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDL
import Foundation
import Testing

/// `UIApplication.shared`'s scenes and windows, as a sign-up screen walks them to find the key
/// window's safe area, and the scene's life following the platform window's focus and minimising.
@Suite(.serialized) @MainActor
struct ApplicationSceneTests {
    private func open() throws -> Application {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let app = try Application(configuration: .init(title: "Caret scenes", size: Size(width: 320, height: 240), vsync: false))
        app.runOnce()  // the platform's own first events
        return app
    }

    /// The snippet's walk, as written in UIKit (less the prefix).
    private func keyWindowOfActiveScene() -> Window? {
        Application.shared.connectedScenes
            .filter({ $0.activationState == .foregroundActive })
            .map({ $0 as? WindowScene })
            .compactMap({ $0 })
            .first?.windows
            .filter({ $0.isKeyWindow }).first
    }

    @Test func theSharedApplicationsActiveSceneHoldsItsKeyWindow() throws {
        let app = try open()
        defer { app.close() }
        #expect(Application.shared === app)
        #expect(app.connectedScenes.count == 1)
        #expect(keyWindowOfActiveScene() === app.window)
        #expect(app.window.isKeyWindow && app.keyWindow === app.window && app.windows.count == 1)
        #expect(app.window.windowScene === app.connectedScenes.first)
        app.window.windowSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
        #expect(keyWindowOfActiveScene()?.safeAreaInsets.bottom == 34)
    }

    /// The scene comes on screen at the loop's first turn, after the app set its screens and
    /// observers up (a controller observing `didActivate` in `viewDidLoad` hears the launch).
    @Test func theSceneActivatesAtTheFirstTurnNotBefore() throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let app = try Application(configuration: .init(title: "Caret scenes", size: Size(width: 320, height: 240), vsync: false))
        defer { app.close() }
        let scene = try #require(app.connectedScenes.first)
        #expect(scene.activationState == .unattached)
        var heard: [Notification.Name] = []
        let observers = [Scene.willEnterForegroundNotification, Scene.didActivateNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: scene, queue: nil) { _ in
                MainActor.assumeIsolated { heard.append(name) }
            }
        }
        defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
        app.runOnce()
        #expect(heard == [Scene.willEnterForegroundNotification, Scene.didActivateNotification])
        #expect(scene.activationState == .foregroundActive)
    }

    /// With two applications open (tests do it), `shared` is the last opened still open.
    @Test func sharedIsTheLastApplicationStillOpen() throws {
        let first = try open()
        defer { first.close() }
        let second = try open()
        #expect(Application.shared === second)
        second.close()
        #expect(Application.shared === first)
    }

    @Test func theSceneFollowsTheWindowsFocusAndMinimising() throws {
        let app = try open()
        defer { app.close() }
        let scene = try #require(app.connectedScenes.first)
        var heard: [String] = []
        let names: [Notification.Name: String] = [
            Scene.willDeactivateNotification: "willDeactivate", Scene.didEnterBackgroundNotification: "didEnterBackground",
            Scene.willEnterForegroundNotification: "willEnterForeground", Scene.didActivateNotification: "didActivate",
        ]
        let observers = names.keys.map { name in
            NotificationCenter.default.addObserver(forName: name, object: scene, queue: nil) { _ in
                MainActor.assumeIsolated { heard.append(names[name] ?? "?") }
            }
        }
        defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
        func step(_ event: Application.SyntheticEvent) throws -> (Scene.ActivationState, [String]) {
            heard = []
            try app.post(event)
            app.runOnce()
            return (scene.activationState, heard)
        }
        #expect(scene.activationState == .foregroundActive)
        #expect(try step(.windowFocus(false)) == (.foregroundInactive, ["willDeactivate"]))
        #expect(keyWindowOfActiveScene() == nil, "no scene is active while another window has the focus")
        #expect(try step(.windowFocus(true)) == (.foregroundActive, ["didActivate"]))
        #expect(try step(.windowMinimized(true)) == (.background, ["willDeactivate", "didEnterBackground"]))
        #expect(try step(.windowFocus(false)) == (.background, []), "a minimised window losing focus stays in the background")
        #expect(try step(.windowMinimized(false)) == (.foregroundActive, ["willEnterForeground", "didActivate"]))
        #expect(keyWindowOfActiveScene() === app.window)
    }
}
