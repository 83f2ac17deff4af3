// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// UIKit names real ported apps use (issue 45, item 5), as UIKit app code writes them, renamed only.

/// A tag chip: a fixed-size icon view.
@MainActor
final class ChipIcon: View {
    override var intrinsicContentSize: CGSize { CGSize(width: 24, height: 16) }
}

/// A cell's content built the UIKit way: a content view made with a zero frame that fills the
/// cell by its mask, an avatar, a name and a detail line pinned inside it, measured with
/// `systemLayoutSizeFitting` before the cell is in any window (a table's height estimate).
@MainActor
final class ContactCellView: View {
    let contentView = View(frame: .zero)
    let avatar = View()
    let nameLabel = Label()
    let detailLabel = Label()
    let chip = ChipIcon()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        nameLabel.text = "Ada Lovelace"
        detailLabel.text = "Analyst"
        for subview in [avatar, nameLabel, detailLabel, chip] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatar.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 40),
            avatar.heightAnchor.constraint(equalToConstant: 40),
            avatar.topAnchor.constraint(greaterThanOrEqualTo: contentView.topAnchor, constant: 8),
            avatar.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -8),
            nameLabel.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            nameLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            detailLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            detailLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 4),
            chip.leadingAnchor.constraint(equalTo: detailLabel.trailingAnchor, constant: 6),
            chip.centerYAnchor.constraint(equalTo: detailLabel.centerYAnchor),
            chip.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -12),
            detailLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            nameLabel.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
            chip.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
        ])
    }
}

@Suite @MainActor
struct MissingNamesPortTests {
    @Test func aCellMeasuresByItsConstraintsBeforeItIsInAWindow() {
        let cell = ContactCellView(frame: .zero)
        let name = cell.nameLabel.intrinsicContentSize, detail = cell.detailLabel.intrinsicContentSize
        #expect(name.width > 0 && name.height > 0 && detail.height > 0)
        let height = 12 + name.height + 4 + detail.height + 12

        // Compressed: as narrow and short as the constraints allow.
        let compressed = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        let widest = max(name.width, detail.width + 6 + 24)
        #expect(Double(compressed.width) == Double(16 + 40 + 12 + widest + 16))
        #expect(Double(compressed.height) == Double(height))

        // A table's width, required; the height as small as it fits.
        let fitted = cell.systemLayoutSizeFitting(
            CGSize(width: 320, height: View.layoutFittingCompressedSize.height),
            withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(Double(fitted.width) == 320 && Double(fitted.height) == Double(height))

        // Measuring lays nothing out: the cell and its content keep their frames.
        #expect(cell.frame == .zero && cell.contentView.frame == .zero && cell.avatar.frame == .zero)
        #expect(cell.window == nil)
    }

    @Test func theExpandedTargetStopsAtTheConstraintsLargestSize() {
        let banner = View()
        let title = Label()
        title.text = "Offline"
        title.translatesAutoresizingMaskIntoConstraints = false
        banner.addSubview(title)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: banner.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(equalTo: banner.trailingAnchor, constant: -10),
            title.topAnchor.constraint(equalTo: banner.topAnchor, constant: 6),
            title.bottomAnchor.constraint(equalTo: banner.bottomAnchor, constant: -6),
            banner.widthAnchor.constraint(lessThanOrEqualToConstant: 280),
        ])
        let text = title.intrinsicContentSize
        let expanded = banner.systemLayoutSizeFitting(View.layoutFittingExpandedSize)
        // Pulled at fittingSizeLevel (50), below the label's hugging (250): the label's width.
        // Pulled at defaultHigh (750), above it: out to the 280-point cap.
        #expect(Double(expanded.width) == Double(text.width + 20) && Double(expanded.height) == Double(text.height + 12))
        let capped = banner.systemLayoutSizeFitting(
            View.layoutFittingExpandedSize, withHorizontalFittingPriority: .defaultHigh, verticalFittingPriority: .fittingSizeLevel)
        #expect(Double(capped.width) == 280 && Double(capped.height) == Double(text.height + 12))
    }

    @Test func attributedStringsGoIntoFieldsAndTextViewsAndComeBack() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        let emailField = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        let bio = TextView(frame: CGRect(x: 20, y: 80, width: 300, height: 120))
        root.addSubview(emailField)
        root.addSubview(bio)

        // UIKit code as written.
        emailField.attributedPlaceholder = NSAttributedString(
            string: "Email", attributes: [.foregroundColor: Color.red, .font: Font.italicSystemFont(ofSize: 15)])
        let title = NSMutableAttributedString(string: "Hello ", attributes: [.font: Font.boldSystemFont(ofSize: 20)])
        title.append(
            NSAttributedString(
                string: "world", attributes: [.underlineStyle: NSNumber(value: 1).intValue, .backgroundColor: Color.green]))
        title.append(NSAttributedString(string: "\nsite", attributes: [.link: URL(string: "https://example.com")!]))
        bio.attributedText = title
        emailField.attributedText = NSAttributedString(string: "ada@example.com", attributes: [.foregroundColor: Color.blue])

        // What Caret keeps, run by run.
        let placeholder = try #require(emailField.attributedPlaceholder as TextDocument?)
        #expect(emailField.placeholder == "Email")
        #expect(placeholder.attributes(at: 0) == TextAttributes(font: .italicSystemFont(ofSize: 15), foregroundColor: .red))
        let document = bio.attributedText as TextDocument
        #expect(bio.text == "Hello world\nsite")
        #expect(document.attributes(at: 2).font == .boldSystemFont(ofSize: 20))
        #expect(document.attributes(at: 8) == TextAttributes(backgroundColor: .green, underlineStyle: .single))
        #expect(document.attributes(at: 14).link == "https://example.com")
        #expect(emailField.text == "ada@example.com")
        #expect((emailField.attributedText as TextDocument?)?.attributes(at: 3).foregroundColor == .blue)

        // Read back as UIKit code does.
        let back: NSAttributedString = bio.attributedText
        #expect(back.string == "Hello world\nsite")
        #expect(back.attribute(.font, at: 0, effectiveRange: nil) as? Font == .boldSystemFont(ofSize: 20))
        var range = NSRange(location: 0, length: 0)
        #expect(back.attribute(.backgroundColor, at: 7, effectiveRange: &range) as? Color == .green)
        #expect(range == NSRange(location: 6, length: 5))
        #expect(back.attribute(.underlineStyle, at: 7, effectiveRange: nil) as? Int == UnderlineStyle.single.rawValue)
        #expect(back.attribute(.link, at: 13, effectiveRange: nil) as? URL == URL(string: "https://example.com"))
        let placeholderBack: NSAttributedString? = emailField.attributedPlaceholder
        #expect(placeholderBack?.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? Color == .red)
        emailField.attributedPlaceholder = nil as NSAttributedString?
        #expect(emailField.placeholder == nil)
    }
}
