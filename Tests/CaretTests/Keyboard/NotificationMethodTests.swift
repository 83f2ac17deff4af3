// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Foundation
import Testing

@testable import Caret

/// UIKit's `addObserver(_:selector:name:object:)` as it ports: `#selector(keyboardWillShow(_:))`
/// written as the method, called on the main actor with the notification; `removeObserver(self)`
/// and `removeObserver(self, name:object:)` remove it; an observer that goes is no longer called.
@Suite(.serialized) @MainActor
struct NotificationMethodTests {
    /// A screen as UIKit apps write one: it reads the keyboard's frame from the notification.
    @MainActor final class Screen {
        var shownHeights: [Double] = []
        var hides = 0
        var pings = 0
        /// The threads the pings came on.
        var pingThreads: [pthread_t] = []

        func keyboardWillShow(_ notification: Notification) {
            let frame = (notification.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            shownHeights.append(frame.height)
        }

        func keyboardWillHide() { hides += 1 }

        /// Older UIKit code's form.
        func legacy(_ notification: NSNotification) { legacyNames.append(notification.name) }
        var legacyNames: [Notification.Name] = []

        func ping(_ notification: Notification) {
            pings += 1
            pingThreads.append(pthread_self())
        }
    }

    static let ping = Notification.Name("CaretTestsPing"), pong = Notification.Name("CaretTestsPong")

    @Test func theKeyboardsNotificationsReachTheMethodsNamedAsSelectors() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let host = try makeKeyboardHost(field)
        let screen = Screen()
        let center = NotificationCenter.default
        center.addObserver(screen, selector: Screen.keyboardWillShow, name: Responder.keyboardWillShowNotification, object: nil)
        center.addObserver(screen, selector: Screen.keyboardWillHide, name: Responder.keyboardWillHideNotification, object: nil)
        defer { center.removeObserver(screen) }
        field.becomeFirstResponder()
        host.settle()
        let height = Double(host.window.keyboard.frame.height)
        #expect(height > 0)
        #expect(screen.shownHeights == [height], "the frame the keyboard shows with, read as UIKit apps read it")
        _ = host.window.endEditing(true)
        host.settle()
        #expect(screen.hides == 1)
    }

    @Test func removingTheObserverStopsItsMethodsByNameOrAll() {
        let center = NotificationCenter(), screen = Screen(), sender = Screen()
        center.addObserver(screen, selector: Screen.ping, name: Self.ping, object: nil)
        center.addObserver(screen, selector: Screen.ping, name: Self.pong, object: sender)
        center.post(name: Self.ping, object: nil)
        center.post(name: Self.pong, object: Screen())  // another object: not for it
        center.post(name: Self.pong, object: sender)
        #expect(screen.pings == 2)
        center.removeObserver(screen, name: Self.ping, object: nil)
        center.post(name: Self.ping, object: nil)
        center.post(name: Self.pong, object: sender)
        #expect(screen.pings == 3, "only the ping's registration removed")
        center.removeObserver(screen)
        center.post(name: Self.pong, object: sender)
        #expect(screen.pings == 3)
        // A block's token is still removed through the same call.
        var blockCalls = 0
        let token = center.addObserver(forName: Self.ping, object: nil, queue: nil) { _ in MainActor.assumeIsolated { blockCalls += 1 } }
        center.post(name: Self.ping, object: nil)
        center.removeObserver(token)
        center.post(name: Self.ping, object: nil)
        #expect(blockCalls == 1)
    }

    /// A screen that removes itself in its deinit, as UIKit apps do.
    @MainActor final class Leaving {
        let center: NotificationCenter
        init(center: NotificationCenter) {
            self.center = center
            center.addObserver(self, selector: Leaving.ping, name: NotificationMethodTests.ping, object: nil)
        }
        deinit { center.removeObserver(self) }
        func ping() {}
    }

    @Test func removingItselfInItsDeinitRemovesTheRegistrationAtOnce() {
        let center = NotificationCenter()
        var leaving: Leaving? = Leaving(center: center)
        #expect(MethodObservers.shared.count(in: center) == 1)
        leaving = nil
        #expect(leaving == nil && MethodObservers.shared.count(in: center) == 0, "removed in the deinit, not at the next post")
    }

    @Test func aMethodTakingAnNSNotificationIsCalledWithIt() {
        let center = NotificationCenter(), screen = Screen()
        center.addObserver(screen, selector: Screen.legacy, name: Self.ping, object: nil)
        defer { center.removeObserver(screen) }
        center.post(name: Self.ping, object: nil)
        #expect(screen.legacyNames == [Self.ping])
    }

    /// A notification posted on another thread waits for the main actor; removed before it runs,
    /// the method is not called.
    @Test func aCallWaitingForTheMainActorIsDroppedWhenTheObserverIsRemoved() async {
        let center = NotificationCenter(), screen = Screen()
        center.addObserver(screen, selector: Screen.ping, name: Self.ping, object: nil)
        let posted = DispatchSemaphore(value: 0), name = Self.ping
        Thread.detachNewThread {
            center.post(name: name, object: nil)
            posted.signal()
        }
        posted.wait()  // the main actor held until the call waits for it
        center.removeObserver(screen)
        for _ in 0..<100 { await Task.yield() }
        #expect(screen.pings == 0)
    }

    @Test func anObserverThatGoesIsNotCalledNorKept() {
        let center = NotificationCenter()
        var screen: Screen? = Screen()
        weak let gone = screen
        center.addObserver(screen!, selector: Screen.ping, name: Self.ping, object: nil)
        #expect(MethodObservers.shared.count(in: center) == 1)
        screen = nil
        #expect(gone == nil, "the centre does not keep the observer")
        center.post(name: Self.ping, object: nil)
        #expect(MethodObservers.shared.count(in: center) == 0, "its registration dropped at the next notification")
    }

    @Test func aNotificationPostedOffTheMainThreadReachesTheMethodOnIt() async {
        let center = NotificationCenter(), screen = Screen()
        center.addObserver(screen, selector: Screen.ping, name: Self.ping, object: nil)
        defer { center.removeObserver(screen) }
        let name = Self.ping
        let poster = await Task.detached {
            center.post(name: name, object: nil)
            return pthread_self()
        }.value
        for _ in 0..<100 where screen.pings == 0 { await Task.yield() }
        #expect(screen.pings == 1)
        #expect(screen.pingThreads.allSatisfy { pthread_equal($0, poster) == 0 }, "not called on the posting thread")
    }
}
