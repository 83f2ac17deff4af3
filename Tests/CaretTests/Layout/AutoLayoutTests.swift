// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// UIKit's Auto Layout on Caret's views (issue 29, SPEC §15): anchors, guides, the keyboard
/// layout guide, animation, right-to-left, hugging and compression resistance, conflicts and
/// ambiguity, as UIKit code uses them.
@Suite(.serialized) @MainActor
struct AutoLayoutTests {
    /// A root view filling a window, as a controller's view is (autoresizing, frame held).
    private func makeRoot(width: Double = 400, height: Double = 600) throws -> (HeadlessWindow, View) {
        let host = try makeHost(width: width, height: height)
        let root = View(frame: host.window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        host.rootView = root
        return (host, root)
    }

    private func constrained<V: View>(_ view: V, in root: View) -> V {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    @Test func aLoginFormBuiltWithAnchorsIsLaidOut() throws {
        let (host, root) = try makeRoot()
        root.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let email = constrained(TextField(), in: root)
        let password = constrained(TextField(), in: root)
        let button = constrained(Button(type: .system), in: root)
        button.setTitle("Sign in", for: .normal)
        NSLayoutConstraint.activate([
            email.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20),
            email.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            email.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            email.heightAnchor.constraint(equalToConstant: 44),
            password.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 12),
            password.leadingAnchor.constraint(equalTo: email.leadingAnchor),
            password.trailingAnchor.constraint(equalTo: email.trailingAnchor),
            password.heightAnchor.constraint(equalTo: email.heightAnchor),
            button.topAnchor.constraint(equalTo: password.bottomAnchor, constant: 20),
            button.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        ])
        host.layout()
        #expect(email.frame == Rect(x: 16, y: 20, width: 368, height: 44))
        #expect(password.frame == Rect(x: 16, y: 76, width: 368, height: 44))
        let size = button.intrinsicContentSize
        #expect(button.frame == Rect(x: 200 - size.width / 2, y: 140, width: size.width, height: size.height), "the button takes its intrinsic size")
        // The window grows: the autoresizing root follows, and so do its constrained fields.
        try host.resize(to: Size(width: 600, height: 600))
        host.layout()
        #expect(email.frame.width == 568 && button.frame.midX == 300)
        #expect(!email.hasAmbiguousLayout && !button.hasAmbiguousLayout)
    }

    @Test func aChatBarPinnedToTheKeyboardGuideFollowsTheKeyboardAndIsNotAvoidedTwice() throws {
        let (host, root) = try makeRoot(width: 800, height: 480)
        let bar = constrained(View(), in: root)
        let field = TextField()
        field.frame = Rect(x: 8, y: 8, width: 600, height: 34)
        bar.addSubview(field)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 50),
            bar.bottomAnchor.constraint(equalTo: root.keyboardLayoutGuide.topAnchor),
        ])
        host.window.keyboard.policy = .always
        host.settle()
        #expect(bar.frame == Rect(x: 0, y: 430, width: 800, height: 50), "with the keyboard down the bar sits on the window's bottom edge")
        #expect(field.becomeFirstResponder())
        host.advance(by: 0.1)
        let midway = bar.presentationFrame.minY
        host.settle()
        #expect(host.window.keyboard.isVisible, "the keyboard is up, or this check proves nothing")
        let top = host.window.keyboard.frame.minY
        #expect(bar.frame.maxY == top, "the bar sits on the keyboard")
        #expect(midway < 430 && midway > bar.frame.minY, "the bar moves with the keyboard's animation (\(midway))")
        #expect(host.window.keyboardAvoidance.panOffset == 0, "avoidance moved the bar a second time")
        #expect(field.convert(field.bounds, to: nil).maxY <= top)
        field.resignFirstResponder()
        host.settle()
        #expect(bar.frame.maxY == 480, "the bar goes back down with the keyboard")
    }

    /// UIKit's older idiom: a bottom constraint's constant set from the notification, and
    /// `layoutIfNeeded()` in an animation block with the keyboard's duration.
    @Test func aConstantChangedInTheKeyboardNotificationAnimatesWithLayoutIfNeeded() throws {
        let (host, root) = try makeRoot(width: 800, height: 480)
        let bar = constrained(View(), in: root)
        let bottom = bar.bottomAnchor.constraint(equalTo: root.bottomAnchor)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 50), bottom,
        ])
        host.layout()
        #expect(bar.frame.minY == 430)
        bottom.constant = -200
        View.animate(withDuration: 0.25) { root.layoutIfNeeded() }
        #expect(bar.frame.minY == 230, "the model frame is the new one at once")
        host.advance(by: 0.125)
        let midway = bar.presentationFrame.minY
        #expect(midway < 430 && midway > 230, "half way the bar is between (\(midway))")
        host.settle()
        #expect(bar.presentationFrame.minY == 230)
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() throws {
        let (host, root) = try makeRoot()
        root.semanticContentAttribute = .forceRightToLeft
        let badge = constrained(View(), in: root)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 100),
            badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        host.layout()
        #expect(badge.frame == Rect(x: 280, y: 10, width: 100, height: 30), "leading is the right edge right to left")
        let left = badge.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
        left.priority = .defaultHigh
        left.isActive = true
        host.layout()
        #expect(badge.frame.minX == 280, "a weaker left constraint gives way")
    }

    @Test func huggingAndCompressionResistanceDecideWhichLabelGives() throws {
        let (host, root) = try makeRoot()
        let name = constrained(FixedSizeView(100, 20), in: root)
        let value = constrained(FixedSizeView(120, 20), in: root)
        name.setContentHuggingPriority(251, for: .horizontal)
        let trailing = value.trailingAnchor.constraint(equalTo: root.trailingAnchor)
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
            trailing,
            name.topAnchor.constraint(equalTo: root.topAnchor),
            value.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        host.layout()
        #expect(name.frame.width == 100, "the label that hugs harder keeps its size")
        #expect(value.frame.width == 292, "the other one stretches")
        // Too narrow for both: the one that resists compression less shrinks.
        trailing.constant = -250
        value.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        host.layout()
        #expect(value.frame.width == 120, "the value resists harder and keeps its size")
        #expect(name.frame.width == 22, "the name shrinks (\(name.frame.width))")
        // An intrinsic size that changes is followed once invalidated.
        name.size = Size(width: 10, height: 40)
        name.invalidateIntrinsicContentSize()
        host.layout()
        #expect(name.frame.size == Size(width: 10, height: 40))
    }

    @Test func unsatisfiableConstraintsBreakOneAndLogUIKitsMessage() throws {
        let (host, root) = try makeRoot()
        var messages: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { messages.append($0) }
        defer { ConsoleLog.handler = saved }
        let box = constrained(View(), in: root)
        let narrow = box.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        NSLayoutConstraint.activate([
            narrow, box.heightAnchor.constraint(equalToConstant: 10),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        host.layout()
        wide.isActive = true
        host.layout()
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("'narrow'") && message.contains("'wide'"), "the constraints involved are listed")
        #expect(
            message.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:")
                || message.contains("breaking constraint\n<NSLayoutConstraint:"))
        #expect(wide.isBroken && !narrow.isBroken)
        #expect(box.frame.width == 100)
        host.layout()
        #expect(messages.count == 1, "the conflict is reported once")
        // Taking the other one away lets the broken one hold.
        narrow.isActive = false
        host.layout()
        #expect(box.frame.width == 200 && !wide.isBroken)
    }

    @Test func anAmbiguousLayoutIsReportedAndExercised() throws {
        let (host, root) = try makeRoot()
        let box = constrained(View(), in: root)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            box.widthAnchor.constraint(equalToConstant: 50), box.heightAnchor.constraint(equalToConstant: 50),
        ])
        host.layout()
        #expect(box.hasAmbiguousLayout, "nothing says where its top is")
        let before = box.frame.minY
        box.exerciseAmbiguityInLayout()
        #expect(box.frame.minY != before && box.frame.minX == 10, "only the undecided position moves")
        box.topAnchor.constraint(equalTo: root.topAnchor, constant: 5).isActive = true
        host.layout()
        #expect(!box.hasAmbiguousLayout)
        #expect(box.frame == Rect(x: 10, y: 5, width: 50, height: 50))
    }

    @Test func removingAViewDeactivatesTheConstraintsThatReferenceIt() throws {
        let (host, root) = try makeRoot()
        let a = constrained(View(), in: root), b = constrained(View(), in: root)
        let between = b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
        let own = a.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([between, own, a.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
        #expect(between.isActive && root.constraints.contains { $0 === between })
        #expect(own.isActive && a.constraints.contains { $0 === own }, "a constraint on one view is installed on it")
        a.removeFromSuperview()
        #expect(!between.isActive)
        #expect(own.isActive, "constraints inside the removed view stay with it")
        host.layout()
    }

    /// A view that builds its constraints in `updateConstraints`, as UIKit code does.
    final class Badge: View {
        var wide = false
        var updates = 0
        private var widthConstraint: NSLayoutConstraint?
        override func updateConstraints() {
            updates += 1
            widthConstraint?.isActive = false
            widthConstraint = widthAnchor.constraint(equalToConstant: wide ? 200 : 60)
            widthConstraint?.isActive = true
            super.updateConstraints()
        }
    }

    @Test func updateConstraintsRunsBeforeLayoutWhenAsked() throws {
        let (host, root) = try makeRoot()
        let badge = constrained(Badge(), in: root)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: root.topAnchor), badge.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        badge.setNeedsUpdateConstraints()
        #expect(badge.needsUpdateConstraints())
        host.layout()
        #expect(badge.updates == 1 && badge.frame.width == 60)
        badge.wide = true
        badge.setNeedsUpdateConstraints()
        host.layout()
        #expect(badge.updates == 2 && badge.frame.width == 200, "the new constraints apply in the same pass")
        host.layout()
        #expect(badge.updates == 2, "updateConstraints runs only when asked")
    }

    @Test func constraintsBetweenCousinsMeetInTheCommonAncestor() throws {
        let (host, root) = try makeRoot()
        let left = View(frame: Rect(x: 10, y: 100, width: 150, height: 200))
        let right = View(frame: Rect(x: 200, y: 50, width: 150, height: 300))
        root.addSubview(left)
        root.addSubview(right)
        let a = constrained(View(), in: left), b = constrained(View(), in: right)
        NSLayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: left.topAnchor, constant: 10), a.leadingAnchor.constraint(equalTo: left.leadingAnchor),
            a.widthAnchor.constraint(equalToConstant: 20), a.heightAnchor.constraint(equalToConstant: 20),
            b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 5), b.leadingAnchor.constraint(equalTo: right.leadingAnchor),
            b.widthAnchor.constraint(equalToConstant: 20), b.heightAnchor.constraint(equalToConstant: 20),
        ])
        host.layout()
        // a's bottom in root: 100 + 10 + 20 = 130; b's top 135 in root is 85 in right's coordinates.
        #expect(b.frame.minY == 85)
        right.frame.origin.y = 0
        host.layout()
        #expect(b.frame.minY == 135, "a held frame that moves is followed")
    }

    @Test func labelsFollowTheirTextAndAlignOnBaselines() throws {
        let (host, root) = try makeRoot()
        let title = constrained(Label(), in: root)
        title.text = "Name"
        title.font = .systemFont(ofSize: 30)
        let caption = constrained(Label(), in: root)
        caption.text = "required"
        caption.font = .systemFont(ofSize: 12)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            caption.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            caption.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
        ])
        host.layout()
        #expect(title.frame.size == title.intrinsicContentSize)
        let ascender = { (label: Label) in label.fontProvider.metrics(for: label.font).ascender }
        #expect(
            abs((caption.frame.minY + ascender(caption)) - (title.frame.minY + ascender(title))) <= 0.5,
            "the baselines line up, to the point frames are rounded to")
        let narrow = title.frame.width
        title.text = "Name and surname"
        host.layout()
        #expect(title.frame.width > narrow, "a longer text widens the label")
        #expect(caption.frame.minX == title.frame.maxX + 8, "and what follows it moves")
    }

    @Test func scrollingMovesWhatIsConstrainedAcrossTheScrollView() throws {
        let (host, root) = try makeRoot()
        let scroll = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 300))
        scroll.contentSize = Size(width: 400, height: 1000)
        root.addSubview(scroll)
        let field = constrained(View(), in: scroll)
        let note = constrained(View(), in: root)
        NSLayoutConstraint.activate([
            field.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 500),
            field.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 10),
            field.widthAnchor.constraint(equalToConstant: 100), field.heightAnchor.constraint(equalToConstant: 40),
            note.topAnchor.constraint(equalTo: field.bottomAnchor, constant: 4),
            note.leadingAnchor.constraint(equalTo: root.leadingAnchor), note.widthAnchor.constraint(equalToConstant: 50),
            note.heightAnchor.constraint(equalToConstant: 10),
        ])
        host.layout()
        #expect(field.frame == Rect(x: 10, y: 500, width: 100, height: 40), "inside the content, in its coordinates")
        #expect(note.frame.minY == 644, "\(note.frame)")
        scroll.contentOffset = Point(x: 0, y: 300)
        host.layout()
        #expect(field.frame.minY == 500, "scrolling leaves the content's layout alone")
        #expect(note.frame.minY == 344, "what hangs off the content from outside follows it")
    }

    /// A view that lays out in the middle of its own constraint update, as careless UIKit code does.
    final class Eager: View {
        override func updateConstraints() {
            superview?.layoutIfNeeded()
            widthAnchor.constraint(equalToConstant: 70).isActive = true
            super.updateConstraints()
        }
    }

    @Test func layingOutInsideUpdateConstraintsDoesNotReenterTheEngine() throws {
        let (host, root) = try makeRoot()
        let eager = constrained(Eager(), in: root)
        NSLayoutConstraint.activate([
            eager.topAnchor.constraint(equalTo: root.topAnchor), eager.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            eager.heightAnchor.constraint(equalToConstant: 10),
        ])
        eager.setNeedsUpdateConstraints()
        host.layout()
        #expect(eager.frame == Rect(x: 0, y: 0, width: 70, height: 10))
    }

    /// A stack view placed by constraints takes the size its arranged views need, as UIKit's does.
    @Test func aStackViewPlacedByConstraintsSizesToItsArrangedViews() throws {
        let (host, root) = try makeRoot()
        let stack = constrained(StackView(arrangedSubviews: [FixedSizeView(80, 20), FixedSizeView(80, 30)], axis: .vertical, spacing: 6), in: root)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 40),
        ])
        host.layout()
        #expect(stack.frame == Rect(x: 160, y: 40, width: 80, height: 56))
        #expect(stack.arrangedSubviews[1].frame == Rect(x: 0, y: 26, width: 80, height: 30))
        (stack.arrangedSubviews[0] as? FixedSizeView)?.size = Size(width: 120, height: 20)
        stack.arrangedSubviews[0].invalidateIntrinsicContentSize()
        host.layout()
        #expect(stack.frame == Rect(x: 140, y: 40, width: 120, height: 56), "a wider view widens the stack")
    }

    /// A label no constraint names changes its text on every keystroke (a counter): the engine
    /// has nothing to solve for it.
    @Test func textChangesInViewsNoConstraintNamesCostTheEngineNothing() throws {
        let (host, root) = try makeRoot()
        let box = constrained(View(), in: root)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topAnchor), box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10),
        ])
        let counter = Label(frame: Rect(x: 0, y: 100, width: 100, height: 20))
        root.addSubview(counter)
        host.layout()
        let engine = try #require(host.window.constraintEngine)
        let solves = engine.solves
        for count in 0..<10 {
            counter.text = "\(count) characters"
            host.layout()
        }
        #expect(engine.solves == solves)
    }

    /// Layout runs several times a keystroke: with nothing asked for and no frame, scroll offset,
    /// margin or window inset moved, a pass looks at nothing. Each of those moving is still seen:
    /// a view pinned to its superview's margins guide and safe area follows them.
    @Test func aPassWithNothingMovedLooksAtNothingAndEachKindOfMoveIsSeen() throws {
        let (host, root) = try makeRoot()
        let box = constrained(View(), in: root)
        let inner = constrained(View(), in: root)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            box.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10),
            inner.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            inner.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        host.layout()
        host.layout()
        let engine = try #require(host.window.constraintEngine)
        let passes = engine.passes
        for _ in 0..<10 { host.window.layoutIfNeeded() }
        #expect(engine.passes == passes, "passes with nothing to do looked at the constraints")
        root.layoutMargins = EdgeInsets(top: 30, left: 40, bottom: 8, right: 8)
        host.layout()
        #expect(box.frame.origin == Point(x: 40, y: 30), "the margins guide follows new margins")
        host.window.windowSafeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 0, right: 16)
        host.layout()
        #expect(inner.frame == Rect(x: 374, y: 24, width: 10, height: 10), "the safe area follows the window's insets")
        try host.resize(to: Size(width: 500, height: 600))
        host.layout()
        #expect(inner.frame.maxX == 484, "and the window's size")
    }
}
