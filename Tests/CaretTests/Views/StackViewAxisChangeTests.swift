// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

/// A stack whose row becomes a column under constraints (as a form does at the accessibility
/// text sizes): the column is as tall as its views and spacing, its flexible spacer takes nothing.
@MainActor struct StackViewAxisChangeTests {
    @Test func aRowTurnedIntoAColumnIsAsTallAsItsViews() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View()
        let scroll = ScrollView()
        let form = StackView(axis: .vertical, spacing: 10)
        root.addSubview(scroll)
        scroll.addSubview(form)
        for v in [scroll, form] as [View] { v.translatesAutoresizingMaskIntoConstraints = false }
        let row = StackView(
            arrangedSubviews: [Button(title: "A", style: .filled), Button(title: "B", style: .filled)], axis: .horizontal, spacing: 12)
        row.addArrangedSubview(View())
        form.addArrangedSubview(Label(text: "Hello"))
        form.addArrangedSubview(row)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor), scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor), scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            form.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            form.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            form.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            form.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
        host.rootView = root
        host.layout()
        let buttons = row.arrangedSubviews.prefix(2)
        let buttonHeight = try #require(buttons.first).intrinsicContentSize.height
        #expect(row.frame.height == buttonHeight)
        row.axis = .vertical
        host.layout()
        // Two buttons, the spacer collapsed to nothing, and the stack's spacing between all three.
        #expect(row.frame.height == 2 * buttonHeight + 2 * 12)
        #expect(row.arrangedSubviews.last?.frame.height == 0)
        #expect(form.frame.height == row.frame.maxY)
        #expect(buttons.allSatisfy { $0.frame.width == 400 })
    }
}
