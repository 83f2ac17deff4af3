// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Records every text view delegate call and notification, in order, into one log.
@MainActor
final class RecordingTextViewDelegate: TextViewDelegate {
    var log: [String] = []
    var allowBegin = true
    var allowEnd = true
    var allowChange = true
    var scrolls = 0
    private var observers: [NSObjectProtocol] = []

    func observe(_ view: TextView) {
        for (notification, label) in [
            (TextView.textDidBeginEditingNotification, "notify begin"),
            (TextView.textDidChangeNotification, "notify change"),
            (TextView.textDidEndEditingNotification, "notify end"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: notification, object: view, queue: nil) { [weak self] _ in
                    MainActor.assumeIsolated { self?.log.append(label) }
                })
        }
    }

    func stopObserving() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
    }

    func textViewShouldBeginEditing(_ v: TextView) -> Bool { log.append("shouldBegin"); return allowBegin }
    func textViewDidBeginEditing(_ v: TextView) { log.append("didBegin editing=\(v.isEditing) first=\(v.isFirstResponder)") }
    func textViewShouldEndEditing(_ v: TextView) -> Bool { log.append("shouldEnd"); return allowEnd }
    func textViewDidEndEditing(_ v: TextView) { log.append("didEnd editing=\(v.isEditing)") }
    func textView(_ v: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("shouldChange \(range.location)+\(range.length) \(text.debugDescription)")
        return allowChange
    }
    func textViewDidChange(_ v: TextView) { log.append("didChange \((v.text ?? "").debugDescription)") }
    func textViewDidChangeSelection(_ v: TextView) { log.append("selection \(v.selectedRange.location)") }
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
    var allowLinks = true
    func textView(_ v: TextView, shouldInteractWith URL: URL, in range: NSRange, interaction: TextItemInteraction) -> Bool {
        log.append("link \(URL.absoluteString) \(range.location)+\(range.length) \(interaction)")
        return allowLinks
    }
}

@Suite(.serialized) @MainActor
struct TextViewTests {
    private func make() throws -> (HeadlessWindow, TextView, RecordingTextViewDelegate) {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 60, width: 300, height: 120))
        let delegate = RecordingTextViewDelegate()
        view.delegate = delegate  // one delegate for editing and scrolling, as in UIKit
        root.addSubview(view)
        host.layout()
        delegate.observe(view)
        return (host, view, delegate)
    }

    @Test func beginTypeAndEndInTheOrderOfSpec1d() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        #expect(view.becomeFirstResponder())
        host.input.type("a")
        host.input.key(.keyboardReturnOrEnter)
        #expect(view.resignFirstResponder())
        #expect(
            d.log == [
                "shouldBegin", "didBegin editing=true first=true", "notify begin",
                "shouldChange 0+0 \"a\"", "didChange \"a\"", "notify change", "selection 1",
                "shouldChange 1+0 \"\\n\"", "didChange \"a\\n\"", "notify change", "selection 2",
                "shouldEnd", "didEnd editing=false", "notify end",
            ])
    }

    @Test func refusalsChangeNothing() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        d.allowBegin = false
        #expect(!view.becomeFirstResponder() && !view.isEditing)
        d.allowBegin = true
        view.becomeFirstResponder()
        d.allowChange = false
        host.input.type("x")
        #expect(view.text == "")
        d.allowEnd = false
        #expect(!view.resignFirstResponder() && view.isFirstResponder)
        #expect(
            d.log == [
                "shouldBegin", "shouldBegin", "didBegin editing=true first=true", "notify begin", "shouldChange 0+0 \"x\"",
                "shouldEnd",
            ])
        // A forced end asks nothing.
        d.log.removeAll()
        _ = host.window.endEditing(true)
        #expect(d.log == ["didEnd editing=false", "notify end"] && !view.isFirstResponder)
    }

    @Test func leavingTheWindowEndsEditingByForce() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.becomeFirstResponder()
        d.allowEnd = false
        d.log.removeAll()
        view.removeFromSuperview()
        #expect(d.log == ["didEnd editing=false", "notify end"] && host.window.firstResponder == nil)
    }

    @Test func settingTextAsksNothing() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        view.becomeFirstResponder()
        d.log.removeAll()
        view.text = "set in code"
        view.attributedText = TextDocument("also in code")
        #expect(d.log.isEmpty)
    }

    @Test func focusMovesFromAFieldToTheTextViewInTheFieldOrder() throws {  // SPEC §1c with a text view as B
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.accessibilityIdentifier = "A"
        field.returnKeyType = .next
        field.returnKeyNavigation = true
        let fieldDelegate = RecordingDelegate()
        field.delegate = fieldDelegate
        view.superview?.addSubview(field)
        host.layout()
        #expect(
            host.window.focus.focusableViewsInOrder().map(ObjectIdentifier.init) == [ObjectIdentifier(field), ObjectIdentifier(view)])
        field.becomeFirstResponder()
        fieldDelegate.log.removeAll()
        host.input.key(.keyboardReturnOrEnter)  // Return on a .next field moves on, to the text view
        #expect(view.isFirstResponder && !field.isEditing)
        #expect(fieldDelegate.log == ["shouldReturn A", "shouldEnd A", "didEnd A committed editing=false"])
        #expect(d.log == ["shouldBegin", "didBegin editing=true first=true", "notify begin"])
    }

    @Test func aFingerFocusesOnLiftingAndADragScrollsWithoutFocusing() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = (1...40).map { "Line \($0)" }.joined(separator: "\n")
        host.layout()
        let center = host.input.center(of: view)
        host.window.send(.touch(id: 1, phase: .began, location: center))
        #expect(!view.isFirstResponder)  // not yet: this may be the start of a scroll
        host.window.send(.touch(id: 1, phase: .ended, location: center))
        #expect(view.isFirstResponder && view.isEditing)
        _ = view.resignFirstResponder()

        host.input.drag(from: center, to: Point(x: center.x, y: center.y - 80), holdBeforeRelease: 0.2)
        host.settle()
        #expect(!view.isFirstResponder)
        #expect(view.contentOffset.y > 50)
        #expect(d.scrolls > 0)
    }

    @Test func theCaretStaysVisibleWhileTyping() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.becomeFirstResponder()
        for i in 1...30 { host.input.type("line \(i)\n") }
        host.settle()
        let caret = view.editor.convert(view.editor.caretRect, to: view)
        #expect(view.contentOffset.y > 0)
        #expect(view.bounds.contains(Point(x: caret.midX, y: caret.midY)))
        #expect(view.contentSize.height > view.bounds.height)
    }

    @Test func scrollRangeToVisibleShowsTheRangesLine() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        let lines = (1...60).map { "Line \($0)" }
        view.text = lines.joined(separator: "\n")
        host.layout()
        #expect(view.contentOffset.y == 0)
        let target = (view.text as NSString).range(of: "Line 50")
        view.scrollRangeToVisible(target)
        let rect = view.editor.layout.caretRect(at: target.location)
        let top = rect.minY + view.editor.textOrigin.y
        #expect(top >= view.contentOffset.y - 0.001 && top + rect.height <= view.contentOffset.y + view.bounds.height + 0.001)
        view.scrollRangeToVisible(NSRange(location: 0, length: 0))
        #expect(view.contentOffset.y <= 8)
    }

    @Test func insetsAndPaddingPlaceTheText() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        #expect(view.textContainerInset == EdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.lineFragmentPadding == 5)
        #expect(view.editor.textOrigin == Point(x: 5, y: 8))
        #expect(view.textAlignment == .natural && view.isEditable && view.isSelectable)
        view.textContainerInset = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        #expect(view.editor.textOrigin == Point(x: 15, y: 4))
    }

    @Test func aSelectableViewThatIsNotEditableSelectsButNeverBeginsEditing() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = "read only"
        view.isEditable = false
        #expect(view.becomeFirstResponder())
        host.input.type("x")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(view.text == "read only" && !view.isEditing)
        host.input.key(.keyboardLeftArrow)
        #expect(d.log == ["selection 8"])  // selection works; no editing calls
        view.isSelectable = false
        _ = view.resignFirstResponder()
        #expect(!view.canBecomeFirstResponder)
    }

    @Test func aSelectingViewMadeEditableBeginsEditingWithItsCaretInView() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = (1...40).map { "line \($0)" }.joined(separator: "\n")
        host.window.keyboard.policy = .always
        view.isEditable = false
        #expect(view.becomeFirstResponder() && !host.window.keyboard.isVisible)
        view.selectedRange = NSRange(location: (view.text as NSString).length, length: 0)
        view.contentOffset = .zero
        d.log.removeAll()
        view.isEditable = true
        #expect(d.log == ["shouldBegin", "didBegin editing=true first=true", "notify begin"])
        #expect(view.isEditing && host.window.keyboard.isVisible)
        host.settle()
        let caret = view.editor.convert(view.editor.caretRect, to: view)
        #expect(caret.minY >= view.bounds.minY && caret.maxY <= view.bounds.maxY)
        host.input.type("!")
        #expect(view.text.hasSuffix("line 40!"))
        // Refused: the view keeps selecting, nothing begins.
        view.isEditable = false
        #expect(!view.isFirstResponder)
        view.isEditable = true
        d.allowBegin = false
        view.isEditable = false
        #expect(view.becomeFirstResponder())
        d.log.removeAll()
        view.isEditable = true
        #expect(d.log == ["shouldBegin"] && !view.isEditing && view.isFirstResponder)
    }

    @Test func typingAttributesAndClearsOnInsertion() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        view.becomeFirstResponder()
        let red = TextAttributes(foregroundColor: .systemRed)
        view.typingAttributes = red
        view.insertText("r")
        #expect(view.attributedText.attributes(at: 0) == red)
        view.selectedRange = NSRange(location: 0, length: 0)
        view.typingAttributes = red
        view.selectedRange = NSRange(location: 1, length: 0)
        #expect(view.typingAttributes == red)  // read from the text before the caret, not the cleared setting
        view.selectedRange = NSRange(location: 0, length: 0)
        #expect(view.typingAttributes == red)  // at the start: the first character's
        view.clearsOnInsertion = true
        view.insertText("new")
        #expect(view.text == "new")
    }

    /// The window point over the middle of a UTF-16 range's first character.
    private func point(of range: NSRange, in view: TextView) -> Point {
        let rect = view.editor.layout.selectionRects(for: range.location..<(range.location + 1))[0]
        let origin = view.editor.textOrigin
        return view.editor.convert(Point(x: rect.midX + origin.x, y: rect.midY + origin.y), to: nil)
    }

    @Test func linksAreTappableWhenSelectableAndNotEditable() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        var text = TextDocument("Read the manual now")
        text.setAttributes(TextAttributes(link: "https://example.com/manual"), range: 9..<15)
        view.attributedText = text
        var opened: [URL] = []
        view.openURL = { opened.append($0) }
        view.isEditable = false
        host.layout()
        host.input.tap(at: point(of: NSRange(location: 11, length: 1), in: view))
        #expect(d.log.contains("link https://example.com/manual 9+6 invokeDefaultAction"))
        #expect(opened.map(\.absoluteString) == ["https://example.com/manual"])
        // A long press asks to present actions, and opens nothing.
        host.advance(by: 1)
        host.input.longPress(at: point(of: NSRange(location: 12, length: 1), in: view))
        #expect(d.log.last == "link https://example.com/manual 9+6 presentActions" && opened.count == 1)
        // A delegate that says no: nothing opens.
        d.allowLinks = false
        host.advance(by: 1)
        host.input.tap(at: point(of: NSRange(location: 10, length: 1), in: view))
        #expect(opened.count == 1)
        // Editable: a tap places the caret; the link is text like any other.
        d.log.removeAll()
        view.isEditable = true
        _ = view.resignFirstResponder()
        host.advance(by: 1)
        host.input.tap(at: point(of: NSRange(location: 11, length: 1), in: view))
        #expect(!d.log.contains { $0.hasPrefix("link") } && view.isEditing)
        // Not selectable either: nothing.
        _ = view.resignFirstResponder()
        view.isEditable = false
        view.isSelectable = false
        d.log.removeAll()
        host.advance(by: 1)
        host.input.tap(at: point(of: NSRange(location: 11, length: 1), in: view))
        #expect(d.log.isEmpty && opened.count == 1)
    }

    @Test func dataDetectorsFindLinksAndPhoneNumbersOnlyWhenNotEditable() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = "Call +44 20 7946 0958 or see www.example.com."
        view.dataDetectorTypes = .all
        host.layout()
        #expect(view.editor.display.document.attributes(at: 30).link == nil)  // editable: nothing detected
        view.isEditable = false
        host.layout()
        #expect(view.editor.display.document.attributes(at: 30).link == "https://www.example.com")
        #expect(view.editor.display.document.attributes(at: 6).link == "tel:+442079460958")
        #expect(view.attributedText.attributes(at: 30).link == nil)  // the text itself is unchanged
        host.input.tap(at: point(of: NSRange(location: 32, length: 1), in: view))
        #expect(d.log.last == "link https://www.example.com 29+15 invokeDefaultAction")
        host.advance(by: 1)
        host.input.tap(at: point(of: NSRange(location: 8, length: 1), in: view))
        #expect(d.log.last == "link tel:+442079460958 5+16 invokeDefaultAction")
        #expect(DataDetector.matches(in: "no numbers like 2026 here", types: .all).isEmpty)
    }

    @Test func boldItalicAndUnderlineInTheEditMenuWhenAllowed() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = "make this bold"
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: 10, length: 4)
        view.editor.interaction.showEditMenu()
        #expect(view.editor.interaction.editMenu?.actions.contains { $0.identifier == .bold } == false)  // not allowed by default
        view.editor.interaction.dismissEditMenu()
        view.allowsEditingTextAttributes = true
        view.editor.interaction.showEditMenu()
        let menu = try #require(view.editor.interaction.editMenu)
        #expect(menu.actions.suffix(3).map(\.title) == ["Bold", "Italic", "Underline"])
        d.log.removeAll()
        menu.actions.first { $0.identifier == .bold }!.handler()
        #expect(view.attributedText.attributes(at: 11).font?.weight == .bold)
        #expect(view.attributedText.attributes(at: 9).font == nil)  // only the selection
        #expect(view.text == "make this bold" && view.selectedRange == NSRange(location: 10, length: 4))
        #expect(d.log == ["didChange \"make this bold\"", "notify change"])
        view.editor.interaction.showEditMenu()
        view.editor.interaction.editMenu!.actions.first { $0.identifier == .underline }!.handler()
        view.editor.interaction.showEditMenu()
        view.editor.interaction.editMenu!.actions.first { $0.identifier == .bold }!.handler()  // toggles back
        let attributes = view.attributedText.attributes(at: 12)
        #expect(attributes.font?.weight == .regular && attributes.underlineStyle == .single)
        withExtendedLifetime(host) {}
    }

    @Test func textStorageEditsShowAtOnceAndAskNoDelegate() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = "hello world"
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: 8, length: 0)  // in "world"
        d.log.removeAll()
        view.textStorage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "goodbye")
        #expect(view.text == "goodbye world" && view.textStorage.length == 13)
        #expect(view.selectedRange == NSRange(location: 10, length: 0))  // the caret kept its place in "world"
        #expect(!d.log.contains { $0.hasPrefix("shouldChange") || $0.hasPrefix("didChange") || $0 == "notify change" })
        view.textStorage.setAttributes(TextAttributes(foregroundColor: .systemRed), range: NSRange(location: 8, length: 5))
        #expect(view.textStorage.attributes(at: 9).foregroundColor == .systemRed)
        #expect(view.textStorage.attributes(at: 2).foregroundColor == nil)
        view.textStorage.replaceCharacters(in: NSRange(location: 13, length: 0), with: "\nsecond line")
        host.layout()
        #expect(view.contentSize.height > 40)  // the content grew with the storage
        withExtendedLifetime(host) {}
    }

    @Test func theLayoutManagerReportsLinesGlyphsAndTheCharacterAtAPoint() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving(); withExtendedLifetime(host) {} }
        view.text = "first\nsecond\nthird"
        host.layout()
        let second = view.layoutManager.lineFragmentRect(forCharacterAt: 8)
        let first = view.layoutManager.lineFragmentRect(forCharacterAt: 0)
        #expect(second.minY == first.maxY && first.minY == 8)  // under the 8-point inset
        #expect(first.width == view.textContainer.size.width && first.minX == 0)
        let glyphs = view.layoutManager.boundingRect(forCharacterRange: NSRange(location: 6, length: 6))
        #expect(glyphs.minY == second.minY && glyphs.minX == 5 && glyphs.width == 51)  // 6 characters of 8.5 points (17-point test font)
        #expect(view.layoutManager.characterIndex(for: Point(x: glyphs.minX + 26, y: glyphs.midY)) == 9)
        #expect(view.textContainer.lineFragmentPadding == 5 && view.textContainer.size.width == 300)
    }

    @Test func aTextContainerOfItsOwnSetsTheWrapWidthAndPadding() throws {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let container = TextContainer(size: Size(width: 110, height: Double.greatestFiniteMagnitude))
        container.widthTracksTextView = false
        container.lineFragmentPadding = 0
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 200), textContainer: container)
        #expect(view.textContainer === container && container.textView === view)
        root.addSubview(view)
        view.text = "aaaa bbbb cccc dddd"  // 19 characters of 8.5 points: 161.5, wider than 110
        host.layout()
        #expect(view.editor.textOrigin.x == 0)
        #expect(
            view.layoutManager.lineFragmentRect(forCharacterAt: 15).minY
                > view.layoutManager.lineFragmentRect(forCharacterAt: 0).minY)
        #expect(view.editor.layout.lineRange(containing: 0) == 0..<10)  // "aaaa bbbb " fits 110, wraps before cccc
    }

    @Test func theWheelAndAFlingScrollTheText() throws {
        let (host, view, d) = try make()
        defer { d.stopObserving() }
        view.text = (1...80).map { "Line \($0)" }.joined(separator: "\n")
        host.layout()
        let center = host.input.center(of: view)
        host.input.scroll(dy: 40, at: center)
        #expect(view.contentOffset.y > 0)
        let afterWheel = view.contentOffset.y
        host.input.drag(from: center, to: Point(x: center.x, y: center.y - 60), duration: 0.08, steps: 4)
        let atRelease = view.contentOffset.y
        host.settle()
        #expect(view.contentOffset.y > atRelease && atRelease > afterWheel)  // momentum carried it on
        #expect(!view.isFirstResponder)
    }
}
