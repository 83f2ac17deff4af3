// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret

/// The application as UIKit code reaches it through `UIApplication.shared`: its scene and window,
/// and the scene's life following the platform window (docs/behaviour/porting.md).
extension Application {
    /// The open application (UIKit's `UIApplication.shared`): the last opened of those still
    /// open; stops the program, saying why, when none is.
    public static var shared: Application {
        guard let current = SharedApplication.current else {
            preconditionFailure("Application.shared: no Application is open (create one first, as UIApplicationMain does)")
        }
        return current
    }

    /// The application's scenes: its window's scene.
    public var connectedScenes: Set<Scene> { [scene] }

    /// The application's windows.
    public var windows: [Window] { scene.windows }

    /// The window that takes the keys.
    public var keyWindow: Window? { scene.keyWindow }

    /// Becomes `shared`, with its window in its scene (which comes on screen at the first turn of
    /// the loop, once the app has set its screens and observers up, as UIKit's launch does).
    func becomeShared() {
        SharedApplication.open.append(Weak(self))
        scene.attach(window)
    }

    /// The first turn of the loop: the scene comes on screen, taking input.
    func activateSceneAtLaunch() {
        if scene.activationState == .unattached { scene.setActivationState(.foregroundActive) }
    }

    /// Closing: the scene leaves the screen, and the application is no longer `shared`.
    func stopBeingShared() {
        if scene.activationState != .unattached { scene.setActivationState(.background) }
        SharedApplication.open.removeAll { $0.application == nil || $0.application === self }
    }

    /// Moves the scene as the platform window changes: the focus gained makes it active and lost
    /// inactive; minimised it is in the background, and restored in front again. (A window being
    /// hidden is not followed: SDL hides a window it destroys, and a later window can take its number.)
    func updateScene(for event: SDL_Event) {
        guard event.type == SDL_WINDOWEVENT.rawValue, event.window.windowID == translator.windowID else { return }
        switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
        case SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_RESTORED:
            scene.setActivationState(.foregroundActive)
        case SDL_WINDOWEVENT_FOCUS_LOST where scene.activationState != .background:
            scene.setActivationState(.foregroundInactive)
        case SDL_WINDOWEVENT_MINIMIZED:
            scene.setActivationState(.background)
        default:
            break
        }
    }
}

/// The applications open, in the order they were opened: `Application.shared` is the last.
@MainActor
enum SharedApplication {
    static var open: [Application.Weak] = []
    static var current: Application? { open.last { $0.application != nil }?.application }
}

extension Application {
    /// An application held weakly (one that is freed leaves `shared`).
    struct Weak {
        weak var application: Application?
        init(_ application: Application) { self.application = application }
    }
}
