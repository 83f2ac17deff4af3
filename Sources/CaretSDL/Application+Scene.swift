// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret

/// The application as UIKit code reaches it through `UIApplication.shared`: its scene and window,
/// and the scene's life following the platform window (docs/behaviour/porting.md).
extension Application {
    /// The open application (UIKit's `UIApplication.shared`); stops the program, saying why, when none is open.
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

    /// Becomes `shared`, with its window in its scene, on screen and taking input.
    func becomeShared() {
        SharedApplication.current = self
        scene.attach(window)
        scene.setActivationState(.foregroundActive)
    }

    /// Closing: the scene leaves the screen, and the application is no longer `shared`.
    func stopBeingShared() {
        scene.setActivationState(.background)
        if SharedApplication.current === self { SharedApplication.current = nil }
    }

    /// Moves the scene as the platform window changes: the focus gained makes it active and lost
    /// inactive; minimised or hidden it is in the background, and restored or shown in front again.
    func updateScene(for event: SDL_Event) {
        guard event.type == SDL_WINDOWEVENT.rawValue, event.window.windowID == translator.windowID else { return }
        switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
        case SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN:
            scene.setActivationState(.foregroundActive)
        case SDL_WINDOWEVENT_FOCUS_LOST where scene.activationState != .background:
            scene.setActivationState(.foregroundInactive)
        case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
            scene.setActivationState(.background)
        default:
            break
        }
    }
}

/// The application `Application.shared` answers with: the last one opened and not closed.
@MainActor
enum SharedApplication {
    static weak var current: Application?
}
