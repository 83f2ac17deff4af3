// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A window's place in the app's life (UIKit's `UIScene`): on screen and taking input, on screen
/// with input going elsewhere, or not on screen. The platform moves it (`WindowScene`, and the
/// application that opens the window); observers hear each step as UIKit posts it.
@preconcurrency @MainActor
open class Scene: Responder {
    /// Where a scene is in its life (UIKit's `UIScene.ActivationState`).
    public enum ActivationState: Int, Sendable {
        /// Not connected to a window on screen yet.
        case unattached = -1
        /// On screen and taking input.
        case foregroundActive = 0
        /// On screen, with input going to another window.
        case foregroundInactive = 1
        /// Not on screen (the window is minimised or hidden).
        case background = 2
    }

    /// Posted when the scene comes on screen (from the background, or at launch); the object is the scene.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("CaretSceneWillEnterForegroundNotification")
    /// Posted when the scene starts taking input; the object is the scene.
    nonisolated public static let didActivateNotification = Notification.Name("CaretSceneDidActivateNotification")
    /// Posted when the scene is about to stop taking input; the object is the scene.
    nonisolated public static let willDeactivateNotification = Notification.Name("CaretSceneWillDeactivateNotification")
    /// Posted when the scene has left the screen; the object is the scene.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("CaretSceneDidEnterBackgroundNotification")

    /// Where the scene is in its life.
    public private(set) var activationState: ActivationState = .unattached

    /// Moves the scene to `state` through the steps between, posting each step's notification
    /// in UIKit's order (active → inactive → background, and back through inactive).
    @_spi(Backend) public func setActivationState(_ state: ActivationState) {
        guard state != activationState, state != .unattached else { return }
        if activationState == .foregroundActive {
            post(Self.willDeactivateNotification)
            activationState = .foregroundInactive
        }
        switch state {
        case .background:
            guard activationState != .background else { return }
            activationState = .background
            post(Self.didEnterBackgroundNotification)
        case .foregroundInactive, .foregroundActive:
            if activationState == .background || activationState == .unattached {
                post(Self.willEnterForegroundNotification)
                activationState = .foregroundInactive
            }
            if state == .foregroundActive {
                activationState = .foregroundActive
                post(Self.didActivateNotification)
            }
        case .unattached:
            break
        }
    }

    private func post(_ name: Notification.Name) { NotificationCenter.default.post(name: name, object: self) }
}

/// The scene of an app's windows (UIKit's `UIWindowScene`): the application's
/// `connectedScenes` hold it, and each of its windows names it as `windowScene`.
@preconcurrency @MainActor
open class WindowScene: Scene {
    private var held: [WeakWindow] = []

    /// Creates a scene with no windows yet.
    public override init() { super.init() }

    /// The scene's windows, in the order they joined it.
    public var windows: [Window] { held.compactMap(\.window) }

    /// The window that takes the keys: the first of the scene's windows still open.
    public var keyWindow: Window? { windows.first }

    /// Makes `window` one of the scene's windows (the application opening it does).
    @_spi(Backend) public func attach(_ window: Window) {
        held.removeAll { $0.window == nil || $0.window === window }
        held.append(WeakWindow(window: window))
        window.windowScene = self
    }

    private struct WeakWindow {
        weak var window: Window?
    }
}

extension Window {
    /// Whether this is its scene's key window, the one that takes the keys.
    public var isKeyWindow: Bool { windowScene?.keyWindow === self }
}
