// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Foundation
import Testing

/// A form of 30 fields in a scroll view: fields 10–14 in a nested scroll view, and a tall text
/// view among them.
@MainActor
func makeThirtyFieldForm() -> (root: View, focusable: [View]) {
    let root = View()
    root.backgroundColor = .white
    let outer = ScrollView()
    outer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.addSubview(outer)
    var focusable: [View] = []
    var y = 10.0
    let inner = ScrollView()
    for i in 0..<30 {
        if (10..<15).contains(i) {
            if i == 10 {
                inner.frame = Rect(x: 10, y: y, width: 300, height: 150)
                inner.backgroundColor = Color(white: 0.95)
                outer.addSubview(inner)
                y += 160
            }
            let field = TextField(frame: Rect(x: 10, y: 10 + Double(i - 10) * 50, width: 260, height: 36))
            field.borderStyle = .roundedRect
            field.placeholder = "Nested \(i)"
            inner.addSubview(field)
            focusable.append(field)
            continue
        }
        if i == 20 {
            let tall = TextView(frame: Rect(x: 10, y: y, width: 300, height: 400))
            tall.text = (1...60).map { "Line \($0) of a tall text view" }.joined(separator: "\n")
            outer.addSubview(tall)
            focusable.append(tall)
            y += 410
            continue
        }
        let field = TextField(frame: Rect(x: 10, y: y, width: 300, height: 36))
        field.borderStyle = .roundedRect
        field.placeholder = "Field \(i)"
        outer.addSubview(field)
        focusable.append(field)
        y += 46
    }
    inner.contentSize = Size(width: 300, height: 260)
    outer.contentSize = Size(width: 320, height: y + 10)
    root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
    outer.frame = root.bounds
    return (root, focusable)
}

@Suite(.serialized) @MainActor
struct KeyboardAvoidanceTests {
    nonisolated static let sizes = [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 800),
        Size(width: 1080, height: 1920),
    ]

    private func checkEveryField(
        _ name: String, size: Size, root: View, focusable: [View], policy: KeyboardAvoidance.Policy = .scroll
    ) throws {
        let host = try makeHost(width: size.width, height: size.height)
        host.rootView = root
        let report = KeyboardAvoidanceAudit.run(host, focusable: focusable, policy: policy)
        #expect(report.isClean, "\(name) at \(size): \(report)")
    }

    @Test(arguments: sizes)
    func noFieldOfAThirtyFieldFormWithNestedScrollViewsIsEverUnderTheKeyboard(_ size: Size) throws {
        let form = makeThirtyFieldForm()
        try checkEveryField("30 fields", size: size, root: form.root, focusable: form.focusable)
    }

    @Test func theResizePolicyClearsEveryFieldToo() throws {
        let form = makeThirtyFieldForm()
        try checkEveryField(
            "30 fields, resize", size: Size(width: 800, height: 480), root: form.root, focusable: form.focusable, policy: .resize)
    }

    /// A screen with no scroll view: fields down to the bottom edge.
    private func plainScreen(_ host: HeadlessWindow) -> (View, [TextField]) {
        let root = View()
        host.rootView = root
        var fields: [TextField] = []
        for i in 0..<4 {
            let field = TextField(frame: Rect(x: 20, y: 280 + Double(i) * 48, width: 300, height: 40))
            field.borderStyle = .roundedRect
            root.addSubview(field)
            fields.append(field)
        }
        host.window.keyboard.policy = .always
        host.settle()
        return (root, fields)
    }

    @Test func withNoScrollViewTheRootPansAndComesBack() throws {
        let host = try makeHost(width: 800, height: 480)
        let (root, fields) = plainScreen(host)
        fields[3].becomeFirstResponder()
        host.advance(by: 0.1)
        let midway = root.presentationFrame.minY
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        let top = host.window.keyboard.frame.minY
        #expect(root.frame.minY < 0 && midway > root.frame.minY && midway < 0)  // moving with the keyboard
        #expect(fields[3].convert(fields[3].bounds, to: nil).maxY == top - 12)  // exactly the margin above
        fields[3].resignFirstResponder()
        host.settle()
        #expect(root.frame.minY == 0)
    }

    @Test func aLayoutThatMovesTheFocusedFieldDownRunsThePassAgainButScrollingDoesNot() throws {
        // A stack in a scroll view: a label whose text grows after the keyboard came (a live log,
        // say) pushes the focused field below it under the keyboard.
        let host = try makeHost(width: 400, height: 600)
        let scroll = ScrollView(frame: host.window.bounds)
        let stack = StackView(axis: .vertical, spacing: 8)
        let log = Label(text: "one line")
        log.numberOfLines = 0
        let field = TextField(frame: Rect(x: 0, y: 0, width: 380, height: 40))
        field.borderStyle = .roundedRect
        stack.addArrangedSubview(log)
        stack.addArrangedSubview(field)
        stack.frame = Rect(x: 10, y: 250, width: 380, height: stack.sizeThatFits(Size(width: 380, height: 0)).height)
        scroll.addSubview(stack)
        scroll.contentSize = Size(width: 400, height: 1200)
        host.rootView = scroll
        host.window.keyboard.policy = .always
        host.layout()
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window) == [])
        log.text = (1...12).map { "line \($0)" }.joined(separator: "\n")
        stack.frame.size.height = stack.sizeThatFits(Size(width: 380, height: 0)).height
        stack.setNeedsLayout()
        host.layout()
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window) == [])
        // The user scrolling the field away is left alone.
        scroll.contentOffset.y -= 200
        host.layout()
        #expect(!KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window).isEmpty)
    }

    @Test func thePanNeverPushesTheFieldOutOfTheTop() throws {
        let tall = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 370))
        let host = try makeKeyboardHost(tall)
        host.window.keyboardAvoidance.policy = .pan
        tall.becomeFirstResponder()
        host.settle()
        // As high as it goes with its top in the window: too tall for margins, it gets none.
        #expect(tall.convert(tall.bounds, to: nil).minY == 0)
    }

    @Test func theResizePolicyShrinksTheRootToTheAreaAboveTheKeyboard() throws {
        let host = try makeHost(width: 800, height: 480)
        let (root, fields) = plainScreen(host)
        host.window.keyboardAvoidance.policy = .resize
        fields[0].becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        #expect(root.frame.height == host.window.keyboard.frame.minY && root.frame.minY == 0)
        fields[0].resignFirstResponder()
        host.settle()
        #expect(root.frame.height == 480)
    }

    @Test func theNonePolicyMovesNothing() throws {
        let host = try makeHost(width: 800, height: 480)
        let (root, fields) = plainScreen(host)
        host.window.keyboardAvoidance.policy = .none
        let before = KeyboardAvoidanceAudit.geometry(of: host.window)
        fields[3].becomeFirstResponder()
        host.settle()
        #expect(KeyboardAvoidanceAudit.geometry(of: host.window) == before && root.frame.minY == 0)
    }

    @Test func theScrollPolicyGrowsTheInsetsAndScrolls() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 320, height: 480, root: form.root)
        host.settle()
        let outer = try #require(form.root.subviews.first as? ScrollView)
        let field = form.focusable[6]  // below the keyboard's top at rest
        field.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        let overlap = 480 - host.window.keyboard.frame.minY
        // The pass's inset, kept apart from the app's (which it leaves alone).
        #expect(outer.adjustedContentInset.bottom == overlap && outer.keyboardInset == overlap && outer.contentInset.bottom == 0)
        #expect(outer.contentOffset.y > 0 && form.root.frame.minY == 0)  // scrolled, not panned
        #expect(KeyboardAvoidanceAudit.isClear(field, in: host.window))
    }

    @Test func movingBetweenFieldsGoesStraightToTheNextPlace() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 320, height: 480, root: form.root)
        host.settle()
        let outer = try #require(form.root.subviews.first as? ScrollView)
        form.focusable[7].becomeFirstResponder()
        host.settle()
        let first = outer.contentOffset.y
        form.focusable[8].becomeFirstResponder()
        var offsets: [Double] = []
        for _ in 0..<20 {
            host.advance(by: 1.0 / 60)
            offsets.append(outer.presentationBounds.origin.y)
        }
        host.settle()
        let second = outer.contentOffset.y
        #expect(second > first)
        #expect(offsets.allSatisfy { $0 >= first - 0.5 && $0 <= second + 0.5 })  // never back towards 0 on the way
        #expect(outer.adjustedContentInset.bottom > 0)  // the inset stayed grown throughout
        #expect(KeyboardAvoidanceAudit.isClear(form.focusable[8], in: host.window))
    }

    /// SPEC §11: an app that sets its scroll view's bottom inset from the keyboard notifications
    /// (as UIKit apps do) composes with the pass: the field ends visible, nothing is added twice,
    /// and after the keyboard hides the inset is the app's own again.
    @Test func anAppSettingItsOwnInsetFromTheNotificationsComposesWithThePass() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 320, height: 480, root: form.root)
        host.settle()
        let outer = try #require(form.root.subviews.first as? ScrollView)
        outer.contentInset.bottom = 20  // the app's own, before any keyboard
        let center = NotificationCenter.default
        let show = center.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) { note in
            let frame = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            MainActor.assumeIsolated { outer.contentInset.bottom = frame.height }
        }
        let hide = center.addObserver(forName: Responder.keyboardWillHideNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { outer.contentInset.bottom = 20 }
        }
        defer {
            center.removeObserver(show)
            center.removeObserver(hide)
        }
        let field = form.focusable[6]
        field.becomeFirstResponder()
        host.settle()
        let keyboardHeight = host.window.keyboard.frame.height
        #expect(abs(outer.contentInset.bottom - keyboardHeight) < 1e-9)  // the app's value, untouched
        #expect(outer.keyboardInset == 0)  // the app's inset covers the overlap: nothing added
        #expect(KeyboardAvoidanceAudit.isClear(field, in: host.window))
        _ = host.window.endEditing(true)
        host.settle()
        #expect(!host.window.keyboard.isVisible)
        #expect(outer.contentInset.bottom == 20 && outer.adjustedContentInset.bottom == 20)
    }

    /// An offset the app (or the user) set while the keyboard was up is not written back over.
    @Test func anOffsetTheAppSetWhileTheKeyboardWasUpStays() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 320, height: 480, root: form.root)
        host.settle()
        let outer = try #require(form.root.subviews.first as? ScrollView)
        form.focusable[6].becomeFirstResponder()
        host.settle()
        outer.contentOffset.y = 300  // the app scrolls elsewhere
        _ = host.window.endEditing(true)
        host.settle()
        #expect(outer.contentOffset.y == 300)
    }

    @Test func aKeyboardFrameChangeRunsThePassAgain() throws {
        let host = try makeHost(width: 800, height: 480)
        let (root, fields) = plainScreen(host)
        fields[1].becomeFirstResponder()
        host.settle()
        let panned = root.frame.minY
        let bar = View(frame: Rect(x: 0, y: 0, width: 10, height: 60))
        fields[1].inputAccessoryView = bar
        fields[1].reloadInputViews()
        host.settle()
        #expect(root.frame.minY == panned - 60)  // the taller keyboard pushes it 60 more
        #expect(KeyboardAvoidanceAudit.isClear(fields[1], in: host.window))
    }

    @Test func aWindowResizeWhileEditingRunsThePassAgain() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 800, height: 480, root: form.root)
        form.focusable[8].becomeFirstResponder()
        host.settle()
        try host.resize(to: Size(width: 480, height: 800))
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(form.focusable[8], in: host.window))
        try host.resize(to: Size(width: 800, height: 480))
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(form.focusable[8], in: host.window))
        _ = host.window.endEditing(true)
        host.settle()
        #expect(form.root.frame == Rect(x: 0, y: 0, width: 800, height: 480))
    }

    @Test func aTextViewKeepsItsCaretLineVisibleAsTheCaretMoves() throws {
        let form = makeThirtyFieldForm()
        let host = try makeKeyboardHost(width: 800, height: 480, root: form.root)
        let tall = try #require(form.focusable.first { $0 is TextView } as? TextView)
        tall.becomeFirstResponder()
        tall.selectedRange = NSRange(location: 0, length: 0)
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(tall, in: host.window))
        // Down to the last line: the view scrolls its text, the form scrolls the view.
        tall.selectedRange = NSRange(location: (tall.text as NSString).length, length: 0)
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(tall, in: host.window))
        for _ in 0..<5 { host.input.key(.keyboardUpArrow) }
        host.settle()
        #expect(KeyboardAvoidanceAudit.isClear(tall, in: host.window))
    }

    /// Soak seed 271000069: Tab focused a field in a scroll view below a header, in a window so
    /// short that the part of the scroll view above the keyboard was narrower than the field. The
    /// pass put the field its margin above the keyboard (scrolling, then panning the root); Tab's
    /// own scroll into view, which knows nothing of the keyboard, then moved it 12 points further
    /// up in its scroll view, out of its margin (in the soak, out of the window), and the pass did
    /// not run again. Focus by Tab ends where the pass puts a field focused in code.
    @Test func aFieldFocusedByTabEndsWhereThePassPutsIt() throws {
        func screen() -> (root: View, fields: [TextField]) {
            let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
            root.addSubview(View(frame: Rect(x: 0, y: 0, width: 320, height: 80)))  // a header: nothing in it takes focus
            let scroll = ScrollView(frame: Rect(x: 0, y: 80, width: 320, height: 160))
            scroll.contentSize = Size(width: 320, height: 1000)
            root.addSubview(scroll)
            let fields = (0..<2).map { i in TextField(frame: Rect(x: 20, y: 100 + Double(i) * 60, width: 280, height: 40)) }
            for field in fields { scroll.addSubview(field) }
            return (root, fields)
        }
        let tabbed = screen(), coded = screen()
        let host = try makeKeyboardHost(width: 320, height: 240, root: tabbed.root)
        let reference = try makeKeyboardHost(width: 320, height: 240, root: coded.root)
        host.settle()
        reference.settle()
        for i in 0..<2 {  // from nothing focused (the soak's), then from field to field
            host.input.key(.keyboardTab)
            host.settle()
            coded.fields[i].becomeFirstResponder()
            reference.settle()
            let field = tabbed.fields[i]
            #expect(host.window.firstResponder === field && host.window.keyboard.isVisible)
            let top = host.window.keyboard.frame.minY
            // The scroll view shows less than the field above the keyboard: only panning makes room.
            try #require(top > 80 && top - 80 < 40)
            #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window) == [])
            #expect(field.convert(field.bounds, to: nil).maxY == top - 12, "field \(i)")
            #expect(field.convert(field.bounds, to: nil) == coded.fields[i].convert(coded.fields[i].bounds, to: nil))
            #expect(tabbed.root.frame == coded.root.frame, "panned only as far as needed")
        }
    }

    @Test func aPerViewMarginIsHonoured() throws {
        let host = try makeHost(width: 800, height: 480)
        let (_, fields) = plainScreen(host)
        fields[3].keyboardAvoidanceMargin = 40
        fields[3].becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        #expect(fields[3].convert(fields[3].bounds, to: nil).maxY == host.window.keyboard.frame.minY - 40)
    }
}

/// A view that pins a bar to the keyboard's top through its layout guide.
@MainActor
final class GuidedView: View {
    let bar = View()
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        let top = min(bounds.height, keyboardLayoutGuide.topEdge)
        bar.frame = Rect(x: 0, y: top - 30, width: bounds.width, height: 30)
    }
}

@Suite(.serialized) @MainActor
struct KeyboardLayoutGuideTests {
    @Test func aViewLaysOutAgainstTheKeyboardsTopInItsOwnCoordinates() throws {
        let host = try makeHost(width: 800, height: 480)
        let root = View()
        host.rootView = root
        let guided = GuidedView(frame: Rect(x: 0, y: 40, width: 800, height: 440))
        guided.addSubview(guided.bar)
        root.addSubview(guided)
        let field = TextField(frame: Rect(x: 10, y: 0, width: 200, height: 36))
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboardAvoidance.policy = .none
        host.settle()
        #expect(guided.keyboardLayoutGuide.topEdge == 440)  // hidden: the window's bottom edge
        #expect(guided.bar.frame.maxY == 440)
        field.becomeFirstResponder()
        host.advance(by: 0.1)
        #expect(guided.bar.presentationFrame.maxY < 440 && guided.bar.presentationFrame.maxY > guided.bar.frame.maxY)
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        let keyboardTop = host.window.keyboard.frame.minY
        #expect(abs(guided.keyboardLayoutGuide.topEdge - (keyboardTop - 40)) < 1e-9)
        #expect(guided.keyboardLayoutGuide.layoutFrame.height == host.window.keyboard.frame.height)
        #expect(guided.bar.convert(guided.bar.bounds, to: nil).maxY == keyboardTop)
        field.resignFirstResponder()
        host.settle()
        #expect(guided.bar.frame.maxY == 440)
    }
}
