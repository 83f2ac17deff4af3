// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @testable import Caret

/// The small UIKit gaps ported snippets met (issue 29, item 7): `init?(coder:)`,
/// `didReceiveMemoryWarning`, `contentInsetAdjustmentBehavior`.
@Suite(.serialized) @MainActor
struct UIKitGapTests {
    /// A keyed archive holding a frame, as a coder for `init?(coder:)`.
    private func coder(frame: Rect) throws -> NSKeyedUnarchiver {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(Double(frame.minX), forKey: "frame.x")
        archiver.encode(Double(frame.minY), forKey: "frame.y")
        archiver.encode(Double(frame.width), forKey: "frame.width")
        archiver.encode(Double(frame.height), forKey: "frame.height")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        return unarchiver
    }

    /// UIKit code's usual subclass: both initialisers share the set-up.
    final class Card: View {
        let title = Label()
        override init(frame: Rect) {
            super.init(frame: frame)
            addSubview(title)
        }
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            addSubview(title)
        }
    }

    @Test func viewsAndControllersAreMadeFromAnArchive() throws {
        let frame = Rect(x: 10, y: 20, width: 300, height: 44)
        let card = try #require(Card(coder: try coder(frame: frame)))
        #expect(card.frame == frame && card.subviews.first === card.title)
        let field = try #require(TextField(coder: try coder(frame: frame)))
        #expect(field.frame == frame)
        field.text = "typed"
        #expect(field.text == "typed", "a working field")
        #expect(try #require(Label(coder: try coder(frame: frame))).frame == frame)
        #expect(try #require(Button(coder: try coder(frame: frame))).buttonType == .system)
        #expect(try #require(StackView(coder: try coder(frame: frame))).frame == frame)
        #expect(try #require(ScrollView(coder: try coder(frame: frame))).frame == frame)
        #expect(try #require(ImageView(coder: try coder(frame: frame))).image == nil)
        #expect(View(coder: NSCoder()) != nil, "an unkeyed coder gives a zero frame")
        let controller = try #require(ViewController(coder: try coder(frame: frame)))
        #expect(controller.view != nil, "its view is made in loadView")
        #expect(KeyboardView(coder: try coder(frame: frame)) == nil, "a view only Caret makes is not decoded")
    }

    final class Cached: ViewController {
        var warnings = 0
        var cache: [String]? = ["thumbnail"]
        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            warnings += 1
            cache = nil
        }
    }

    @Test func aMemoryWarningReachesEveryControllerOnceAndObservers() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = Cached(), child = Cached(), presented = Cached()
        root.addChild(child)
        host.window.rootViewController = root
        root.present(presented, animated: false)
        final class Count: @unchecked Sendable { var value = 0 }
        let posted = Count()
        let observer = NotificationCenter.default.addObserver(forName: Window.didReceiveMemoryWarningNotification, object: host.window, queue: nil) {
            _ in posted.value += 1
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        host.window.didReceiveMemoryWarning()
        #expect(root.warnings == 1 && child.warnings == 1 && presented.warnings == 1)
        #expect(root.cache == nil && posted.value == 1)
    }

    @Test func memoryPressureWarnsOnARiseAndAgainOnlyAfterItEased() {
        let psi = "some avg10=12.50 avg60=3.10 avg300=0.80 total=123456\nfull avg10=4.00 avg60=1.00 avg300=0.20 total=2345\n"
        #expect(MemoryPressureMonitor.someAverage10(psi) == 12.5)
        #expect(MemoryPressureMonitor.someAverage10("garbage") == nil)
        var monitor = MemoryPressureMonitor(threshold: 10)
        let warnings = [0, 12, 15, 11, 6, 4, 20, 30].map { monitor.shouldWarn(reading: $0) }
        #expect(warnings == [false, true, false, false, false, false, true, false])
    }

    @Test func theSafeAreaAdjustsTheContentInsetAsTheBehaviourSays() throws {
        let host = try makeHost(width: 400, height: 300)
        host.window.windowSafeAreaInsets = EdgeInsets(top: 20, left: 10, bottom: 30, right: 0)
        let scroll = ScrollView(frame: host.window.bounds)
        scroll.contentInset = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        scroll.contentSize = Size(width: 400, height: 1000)  // scrolls vertically only
        host.rootView = scroll
        host.layout()
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 25, left: 0, bottom: 30, right: 0), "automatic: the scrolling axis")
        #expect(scroll.minimumContentOffset == Point(x: 0, y: -25))
        scroll.contentInsetAdjustmentBehavior = .always
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 25, left: 10, bottom: 30, right: 0))
        scroll.contentInsetAdjustmentBehavior = .never
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 5, left: 0, bottom: 0, right: 0))
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        scroll.contentSize = Size(width: 400, height: 100)
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 5, left: 0, bottom: 0, right: 0), "nothing scrolls: nothing added")
        scroll.alwaysBounceVertical = true
        #expect(scroll.adjustedContentInset.top == 25.0)
        scroll.keyboardInset = 50
        #expect(scroll.adjustedContentInset.bottom == 50.0, "the keyboard covers the safe area's bottom: the larger counts")
    }
}
