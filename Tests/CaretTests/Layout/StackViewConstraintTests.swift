// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// A stack view whose arrangement is made of constraints (issue 29): arranged views with
/// constraints of their own, every distribution and alignment agreeing with the frame
/// arrangement, hidden views, right to left, wrapping labels.
@Suite(.serialized) @MainActor
struct StackViewConstraintTests {
    private func makeRoot(width: Double = 400, height: Double = 600) throws -> (HeadlessWindow, View) {
        let host = try makeHost(width: width, height: height)
        let root = View(frame: host.window.bounds)
        host.rootView = root
        return (host, root)
    }

    /// Collects the console's layout messages while a test runs.
    private func capturingConsole(_ body: () throws -> Void) rethrows -> [String] {
        var messages: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { messages.append($0) }
        defer { ConsoleLog.handler = saved }
        try body()
        return messages
    }

    @Test func anArrangedViewsOwnHeightConstraintIsHonoured() throws {
        let (host, root) = try makeRoot()
        let name = TextField(), email = TextField()
        let messages = capturingConsole {
            // As UIKit code writes it: the field's height, then the stack, placed by constraints.
            name.heightAnchor.constraint(equalToConstant: 60).isActive = true
            let stack = StackView(arrangedSubviews: [name, email], axis: .vertical, spacing: 10)
            stack.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            ])
            host.layout()
            #expect(name.frame == Rect(x: 0, y: 0, width: 368, height: 60))
            #expect(email.frame == Rect(x: 0, y: 70, width: 368, height: email.intrinsicContentSize.height))
            #expect(stack.frame.height == 70 + email.intrinsicContentSize.height, "the stack is as tall as its views")
            #expect(!stack.hasAmbiguousLayout && !name.hasAmbiguousLayout && !email.hasAmbiguousLayout)
        }
        #expect(messages.isEmpty, "no conflict: \(messages)")
    }

    @Test func aStackPlacedByItsFrameHonoursAConstraintAddedToAnArrangedView() throws {
        let (host, root) = try makeRoot()
        let top = FixedSizeView(50, 20), middle = FixedSizeView(50, 20), bottom = FixedSizeView(50, 20)
        let stack = StackView(arrangedSubviews: [top, middle, bottom], axis: .vertical, spacing: 4)
        stack.frame = Rect(x: 10, y: 10, width: 200, height: 300)
        root.addSubview(stack)
        host.layout()
        #expect(middle.frame == Rect(x: 0, y: 24, width: 200, height: 20))
        let messages = capturingConsole {
            middle.heightAnchor.constraint(equalToConstant: 44).isActive = true
            host.layout()
        }
        #expect(messages.isEmpty, "\(messages)")
        #expect(middle.frame == Rect(x: 0, y: 24, width: 200, height: 44))
        #expect(bottom.frame.minY == 72)
        #expect(bottom.frame.maxY == 300, "the last view takes what is left, as with frames")
        #expect(stack.frame == Rect(x: 10, y: 10, width: 200, height: 300), "the stack's frame is still its own")
    }

    @Test func hiddenViewsTakeNoSpaceAndComeBack() throws {
        let (host, root) = try makeRoot()
        let views = [FixedSizeView(40, 20), FixedSizeView(40, 20), FixedSizeView(40, 20)]
        let stack = StackView(arrangedSubviews: views, axis: .vertical, spacing: 5)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor), stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        host.layout()
        #expect(stack.frame.height == 70.0)
        views[1].isHidden = true
        host.layout()
        #expect(stack.frame.height == 45.0)
        #expect(views[2].frame.minY == 25.0)
        views[1].isHidden = false
        host.layout()
        #expect(views[2].frame.minY == 50.0 && stack.frame.height == 70.0)
    }

    @Test func aRowMirrorsRightToLeft() throws {
        let (host, root) = try makeRoot()
        root.semanticContentAttribute = .forceRightToLeft
        let first = FixedSizeView(60, 20), second = FixedSizeView(80, 20)
        let row = StackView(arrangedSubviews: [first, second], axis: .horizontal, spacing: 10)
        row.semanticContentAttribute = .forceRightToLeft
        row.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(row)
        NSLayoutConstraint.activate([row.topAnchor.constraint(equalTo: root.topAnchor), row.leadingAnchor.constraint(equalTo: root.leadingAnchor)])
        host.layout()
        #expect(row.frame == Rect(x: 250, y: 0, width: 150, height: 20), "leading is the right edge")
        #expect(first.frame.minX == 90.0, "the first view sits at the leading (right) edge")
        #expect(second.frame.minX == 0.0)
    }

    @Test func aWrappingLabelIsAsTallAsItsLinesAtTheWidthItIsGiven() throws {
        let (host, root) = try makeRoot(width: 200)
        let label = Label(text: String(repeating: "word ", count: 40))
        label.numberOfLines = 0
        let after = FixedSizeView(10, 10)
        let stack = StackView(arrangedSubviews: [label, after], axis: .vertical)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor), stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        host.layout()
        let wrapped = label.sizeThatFits(Size(width: 200, height: 0)).height
        #expect(wrapped > label.font.pointSize * 3, "the text wraps at 200 points")
        #expect(label.frame == Rect(x: 0, y: 0, width: 200, height: wrapped))
        #expect(after.frame.minY == wrapped)
    }

    /// Every distribution and alignment: the constraint arrangement puts views where the frame
    /// arrangement does, to the point (the engine rounds edges to whole points; the frame
    /// arrangement keeps fractions, and rounds centring down).
    @Test(arguments: StackView.Distribution.allCases)
    func constraintsArrangeAsFramesDo(_ distribution: StackView.Distribution) throws {
        for axis in [StackView.Axis.horizontal, .vertical] {
            for alignment in StackView.Alignment.allCases {
                let (host, root) = try makeRoot()
                func make() -> StackView {
                    let views = [FixedSizeView(30, 15), FixedSizeView(70, 25), FixedSizeView(50, 41)]
                    let stack = StackView(arrangedSubviews: views, axis: axis, spacing: 8)
                    stack.distribution = distribution
                    stack.alignment = alignment
                    stack.isLayoutMarginsRelativeArrangement = true
                    stack.layoutMargins = EdgeInsets(top: 3, left: 5, bottom: 7, right: 9)
                    return stack
                }
                let framed = make()
                framed.frame = Rect(x: 0, y: 0, width: 300, height: 250)
                root.addSubview(framed)
                let constrained = make()
                constrained.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(constrained)
                NSLayoutConstraint.activate([
                    constrained.topAnchor.constraint(equalTo: root.topAnchor, constant: 300),
                    constrained.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    constrained.widthAnchor.constraint(equalToConstant: 300), constrained.heightAnchor.constraint(equalToConstant: 250),
                ])
                host.layout()
                #expect(!constrained.arrangement.constraints.isEmpty && framed.arrangement.constraints.isEmpty)
                for (a, b) in zip(framed.arrangedSubviews, constrained.arrangedSubviews) {
                    let close = [
                        a.frame.minX - b.frame.minX, a.frame.minY - b.frame.minY, a.frame.width - b.frame.width, a.frame.height - b.frame.height,
                    ]
                    .allSatisfy { abs($0) < 1 }
                    #expect(close, "\(axis) \(distribution) \(alignment): frames \(a.frame), constraints \(b.frame)")
                    #expect(!b.hasAmbiguousLayout, "\(axis) \(distribution) \(alignment)")
                }
            }
        }
    }

    @Test func changingTheArrangementRemakesItsConstraints() throws {
        let (host, root) = try makeRoot()
        let a = FixedSizeView(40, 20), b = FixedSizeView(40, 20)
        let stack = StackView(arrangedSubviews: [a], axis: .vertical, spacing: 5)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor), stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        host.layout()
        stack.addArrangedSubview(b)
        stack.spacing = 12
        host.layout()
        #expect(b.frame.minY == 32.0 && stack.frame.height == 52.0)
        stack.axis = .horizontal
        host.layout()
        #expect(b.frame == Rect(x: 52, y: 0, width: 40, height: 20))
        #expect(stack.constraints.allSatisfy { $0.identifier?.hasPrefix("UISV-") == true })
        stack.removeArrangedSubview(b)
        b.removeFromSuperview()
        host.layout()
        #expect(stack.frame.width == 40.0)
        #expect(!stack.constraints.contains { $0.firstItem === b || $0.secondItem === b })
    }

    /// UIKit's scrolling form: a stack pinned to the content guide, as wide as the frame guide.
    @Test func aStackPinnedToTheContentLayoutGuideSetsTheContentSize() throws {
        let (host, root) = try makeRoot(width: 400, height: 300)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(scroll)
        let rows = (0..<10).map { _ in FixedSizeView(100, 50) }
        let stack = StackView(arrangedSubviews: rows, axis: .vertical, spacing: 10)
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 20),
            stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -20),
            stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
        host.layout()
        #expect(scroll.contentSize == Size(width: 400, height: 630), "10 rows, 9 gaps and 20 above and below")
        #expect(stack.frame == Rect(x: 0, y: 20, width: 400, height: 590))
        #expect(scroll.contentLayoutGuide.layoutFrame == Rect(x: 0, y: 0, width: 400, height: 630))
        scroll.contentOffset = Point(x: 0, y: 200)
        host.layout()
        #expect(stack.frame.minY == 20.0, "scrolling moves the content, not its layout")
        #expect(scroll.frameLayoutGuide.layoutFrame == Rect(x: 0, y: 200, width: 400, height: 300))
        scroll.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        rows[0].isHidden = true
        host.layout()
        #expect(scroll.contentSize == Size(width: 300, height: 570), "narrower, and a row shorter")
    }
}
