// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// An action sheet as UIKit apps present it so that it also works on an iPad: anchored to the
// button that opened it through `popoverPresentationController` (renamed only).
@MainActor
final class PhotoDetailViewController: ViewController {
    let optionsButton = Button(type: .system)
    var chosen: [String] = []
    var arrows: PopoverArrowDirection = [.up, .down]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        optionsButton.setTitle("Options", for: .normal)
        optionsButton.frame = Rect(x: 40, y: 60, width: 100, height: 44)
        optionsButton.addTarget(self, action: PhotoDetailViewController.showOptions(_:), for: .touchUpInside)
        view.addSubview(optionsButton)
    }

    func showOptions(_ sender: Button) {
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Save Photo", style: .default) { _ in self.chosen.append("save") })
        sheet.addAction(AlertAction(title: "Delete", style: .destructive) { _ in self.chosen.append("delete") })
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in self.chosen.append("cancel") })
        if let popover = sheet.popoverPresentationController {
            popover.sourceView = sender
            popover.sourceRect = sender.bounds
            popover.permittedArrowDirections = arrows
        }
        present(sheet, animated: true)
    }
}

@Suite @MainActor
struct PopoverSheetPortTests {
    private func show(width: Double) throws -> (HeadlessWindow, PhotoDetailViewController) {
        let host = try HeadlessWindow(size: Size(width: width, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let photo = PhotoDetailViewController()
        host.window.rootViewController = photo
        host.settle()
        host.input.tap(photo.optionsButton)
        host.settle()
        return (host, photo)
    }

    private func buttons(in view: View) -> [Button] {
        view.subviews.flatMap { [$0 as? Button].compactMap { $0 } + buttons(in: $0) }.filter { !$0.isHidden }
    }

    @Test func inAWideWindowTheSheetShowsBelowItsButtonWithoutCancelAndATapOutsideCancels() throws {
        let (host, photo) = try show(width: 1024)
        let sheet = try #require(photo.presentedViewController as? AlertController)
        let popover = try #require(sheet.popoverPresentationController)
        #expect(popover.arrowDirection == .up, "below the button, its arrow pointing up at it")
        let source = photo.optionsButton.convert(photo.optionsButton.bounds, to: nil)
        let card = try #require(buttons(in: sheet.view).first?.superview)
        let frame = card.convert(card.bounds, to: nil)
        #expect(frame.minY >= source.maxY && frame.minY <= source.maxY + 12, "just below the button: \(frame) under \(source)")
        #expect(frame.minX < source.maxX && frame.maxX > source.minX, "beside it, not at the bottom centre")
        #expect(frame.width == 304)
        #expect(buttons(in: sheet.view).compactMap { $0.title(for: .normal) } == ["Save Photo", "Delete"], "no cancel button in a popover")
        host.input.tap(at: Point(x: 900, y: 500))
        host.settle()
        #expect(photo.presentedViewController == nil)
        #expect(photo.chosen == ["cancel"], "a tap outside runs the cancel action")
        // A button of the popover runs its action.
        host.input.tap(photo.optionsButton)
        host.settle()
        let again = try #require(photo.presentedViewController as? AlertController)
        let save = try #require(buttons(in: again.view).first { $0.title(for: .normal) == "Save Photo" })
        host.input.tap(save)
        host.settle()
        #expect(photo.chosen == ["cancel", "save"])
    }

    @Test func aSourceNearTheBottomPutsTheSheetAboveIt() throws {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let photo = PhotoDetailViewController()
        host.window.rootViewController = photo
        host.settle()
        photo.optionsButton.frame = Rect(x: 800, y: 540, width: 100, height: 44)
        host.input.tap(photo.optionsButton)
        host.settle()
        let sheet = try #require(photo.presentedViewController as? AlertController)
        #expect(sheet.popoverPresentationController?.arrowDirection == .down)
        let card = try #require(buttons(in: sheet.view).first?.superview)
        #expect(card.convert(card.bounds, to: nil).maxY <= 540)
    }

    @Test func onlyAnArrowPointingLeftPutsTheSheetAfterTheButton() throws {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let photo = PhotoDetailViewController()
        photo.arrows = .left
        host.window.rootViewController = photo
        host.settle()
        host.input.tap(photo.optionsButton)
        host.settle()
        let sheet = try #require(photo.presentedViewController as? AlertController)
        #expect(sheet.popoverPresentationController?.arrowDirection == .left)
        let card = try #require(buttons(in: sheet.view).first?.superview)
        #expect(card.convert(card.bounds, to: nil).minX >= photo.optionsButton.convert(photo.optionsButton.bounds, to: nil).maxX)
    }

    @Test func inACompactWindowItIsASheetAtTheBottomWithItsCancelButton() throws {
        let (host, photo) = try show(width: 400)
        let sheet = try #require(photo.presentedViewController as? AlertController)
        #expect(sheet.popoverPresentationController?.arrowDirection == .unknown)
        #expect(buttons(in: sheet.view).compactMap { $0.title(for: .normal) } == ["Save Photo", "Delete", "Cancel"])
        let card = try #require(buttons(in: sheet.view).first?.superview)
        #expect(card.convert(card.bounds, to: nil).maxY > 500, "at the bottom")
        _ = host
    }

    /// A sheet of more actions than the window holds (a country list): its buttons scroll, and the
    /// last one is reached by dragging them up and runs when tapped.
    @Test(arguments: [400.0, 1024.0])
    func aSheetTallerThanTheWindowScrollsItsButtons(width: Double) throws {
        let host = try HeadlessWindow(size: Size(width: width, height: 500), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let photo = PhotoDetailViewController()
        host.window.rootViewController = photo
        host.settle()
        var chosen: [String] = []
        let sheet = AlertController(title: "Country", message: nil, preferredStyle: .actionSheet)
        for n in 1...20 { sheet.addAction(AlertAction(title: "Country \(n)", style: .default) { _ in chosen.append("Country \(n)") }) }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.popoverPresentationController?.sourceView = photo.optionsButton
        photo.present(sheet, animated: false)
        host.settle()
        let last = try #require(buttons(in: sheet.view).first { $0.title(for: .normal) == "Country 20" })
        let card = try #require(buttons(in: sheet.view).first?.superview?.superview)
        let visible = card.convert(card.bounds, to: nil)
        #expect(visible.maxY <= 500)
        #expect(!visible.contains(last.convert(last.bounds, to: nil)), "the last country is below the card's bottom")
        let x = visible.midX
        for _ in 0..<4 { host.input.drag(from: Point(x: x, y: visible.maxY - 30), to: Point(x: x, y: visible.minY + 90), duration: 0.3) }
        host.settle()
        let shown = last.convert(last.bounds, to: nil)
        #expect(visible.contains(Point(x: shown.midX, y: shown.midY)), "dragged into view: \(shown) in \(visible)")
        host.input.tap(at: Point(x: shown.midX, y: shown.midY))
        host.settle()
        #expect(chosen == ["Country 20"])
        #expect(photo.presentedViewController == nil)
    }

    @Test func anAlertHasNoPopover() {
        #expect(AlertController(title: "T", message: nil, preferredStyle: .alert).popoverPresentationController == nil)
    }
}
