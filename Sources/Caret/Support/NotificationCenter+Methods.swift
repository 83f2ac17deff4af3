// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// UIKit's `addObserver(_:selector:name:object:)` without the Objective-C runtime
/// (docs/behaviour/porting.md): the selector is written as the method (`Screen.keyboardWillShow`
/// for `#selector(keyboardWillShow(_:))`), called on the main actor, the observer held weakly and
/// its registrations dropped when it goes, as UIKit does since iOS 9; `removeObserver(self)` and
/// `removeObserver(self, name:object:)` remove them, as in UIKit.
extension NotificationCenter {
    /// Calls `selector` (a method taking the notification) on `observer` for each notification named `name` from `object` (nil: any).
    @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> (Notification) -> Void, name: Notification.Name?, object: Any?
    ) {
        MethodObservers.shared.add(observer, name: name, object: object, center: self) { observer, notification in
            selector(observer)(notification)
        }
    }

    /// Calls `selector` (a method taking the notification as an `NSNotification`, as older UIKit code has it) on `observer` for each notification named `name` from `object` (nil: any).
    @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> (NSNotification) -> Void, name: Notification.Name?, object: Any?
    ) {
        MethodObservers.shared.add(observer, name: name, object: object, center: self) { observer, notification in
            selector(observer)(NSNotification(name: notification.name, object: notification.object, userInfo: notification.userInfo))
        }
    }

    /// Calls `selector` (a method taking nothing) on `observer` for each notification named `name` from `object` (nil: any).
    @MainActor
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> () -> Void, name: Notification.Name?, object: Any?
    ) {
        MethodObservers.shared.add(observer, name: name, object: object, center: self) { observer, _ in selector(observer)() }
    }

    /// Removes every registration of `observer` (its methods' and a block's token).
    public func removeObserver(_ observer: AnyObject) {
        MethodObservers.shared.remove(observer, name: nil, object: nil, center: self)
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s registrations for `name` (nil: every name) from `object` (nil: any).
    public func removeObserver(_ observer: AnyObject, name: Notification.Name?, object: Any?) {
        MethodObservers.shared.remove(observer, name: name, object: object, center: self)
        removeObserver(observer as Any, name: name, object: object)
    }
}

/// The registrations of observers' methods: each is a block registered with the centre (its token
/// kept), found again by its observer, name, object and centre.
final class MethodObservers: @unchecked Sendable {
    static let shared = MethodObservers()

    private struct Registration {
        /// Whether it was removed (a call deferred to the main actor then does not happen).
        let removed: RemovedFlag
        weak var observer: AnyObject?
        let observerID: ObjectIdentifier
        let name: Notification.Name?
        /// The object the registration is for, by identity (not held).
        let objectID: ObjectIdentifier?
        weak var center: NotificationCenter?
        let token: NSObjectProtocol
    }

    private let lock = NSLock()
    private var registrations: [Registration] = []

    func add<Observer: AnyObject>(
        _ observer: Observer, name: Notification.Name?, object: Any?, center: NotificationCenter,
        call: @escaping (Observer, Notification) -> Void
    ) {
        // Called only on the main actor, where it was given.
        let held = WeakObserver(observer), method = UncheckedMethod(call), removed = RemovedFlag()
        let token = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            guard !removed.isSet, let target = held.value else {
                self?.dropGone()
                return
            }
            // Caret posts on the main actor; a notification posted elsewhere reaches the method there.
            nonisolated(unsafe) let observer = target, notification = notification
            if Self.onMainQueue {
                MainActor.assumeIsolated { method.call(observer, notification) }
            } else {
                Task { @MainActor in if !removed.isSet { method.call(observer, notification) } }
            }
        }
        lock.withLock {
            registrations.append(
                Registration(
                    removed: removed, observer: observer, observerID: ObjectIdentifier(observer), name: name, objectID: Self.identity(of: object),
                    center: center, token: token))
        }
    }

    func remove(_ observer: AnyObject, name: Notification.Name?, object: Any?, center: NotificationCenter) {
        let id = ObjectIdentifier(observer), objectID = Self.identity(of: object)
        let removed = lock.withLock {
            // By identity alone: in the observer's deinit its weak references already read nil.
            let matches = { (r: Registration) in
                r.observerID == id && r.center === center && (name == nil || r.name == name)
                    && (objectID == nil || r.objectID == objectID)
            }
            let removed = registrations.filter(matches)
            registrations.removeAll(where: matches)
            return removed
        }
        for registration in removed {
            registration.removed.set()
            center.removeObserver(registration.token)
        }
    }

    /// Removes the registrations whose observer has gone.
    private func dropGone() {
        let gone = lock.withLock {
            let gone = registrations.filter { $0.observer == nil }
            registrations.removeAll { $0.observer == nil }
            return gone
        }
        for registration in gone {
            registration.removed.set()
            registration.center?.removeObserver(registration.token)
        }
    }

    /// Marks the main queue, where the main actor's work runs (not always on the main thread: a
    /// test runner may drain it from another).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether this runs on the main queue (or thread): where a main-actor method may be called at once.
    private static var onMainQueue: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true }

    /// An object's identity; nil for none.
    private static func identity(of object: Any?) -> ObjectIdentifier? {
        guard let object else { return nil }
        return ObjectIdentifier(object as AnyObject)
    }

    /// How many registrations are held with a centre (for tests).
    func count(in center: NotificationCenter) -> Int { lock.withLock { registrations.filter { $0.center === center }.count } }
}

/// An observer held weakly by a registration's block.
private final class WeakObserver<Observer: AnyObject>: @unchecked Sendable {
    weak var value: Observer?
    init(_ value: Observer) { self.value = value }
}

/// A registration's method, called on the main actor only (where it was registered).
private final class UncheckedMethod<Observer: AnyObject>: @unchecked Sendable {
    let call: (Observer, Notification) -> Void
    init(_ call: @escaping (Observer, Notification) -> Void) { self.call = call }
}

/// Whether a registration was removed, read from any thread.
private final class RemovedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
