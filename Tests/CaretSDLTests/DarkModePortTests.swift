// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretSDLTesting
import CaretTesting
import Testing

// A view adapting to dark mode as UIKit apps write it, renamed only: semantic colours, an app
// colour made with `Color(dynamicProvider:)`, a layer border colour set again in
// `traitCollectionDidChange` when the colour appearance changed, a controller that registers for
// style changes (iOS 17's `registerForTraitChanges`) and reads fonts for the trait's text size, and
// a screen forced light with `overrideUserInterfaceStyle`.

@MainActor
final class ThemedCardView: View {
    static let accent = Color { traits in
        traits.userInterfaceStyle == .dark
            ? Color(red: 1, green: 0.6, blue: 0.2, alpha: 1) : Color(red: 0.8, green: 0.3, blue: 0, alpha: 1)
    }
    let titleLabel = Label()
    var appearanceUpdates: [UserInterfaceStyle] = []

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        layer.borderWidth = 2
        layer.borderColor = Self.accent.cgColor
        titleLabel.text = "Tonight"
        titleLabel.textColor = .label
        titleLabel.frame = CGRect(x: 10, y: 10, width: 160, height: 30)
        addSubview(titleLabel)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            layer.borderColor = Self.accent.resolvedColor(with: traitCollection).cgColor
            appearanceUpdates.append(traitCollection.userInterfaceStyle)
        }
    }
}

@MainActor
final class ThemedScreen: ViewController {
    let card = ThemedCardView(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
    var styleChanges: [(now: UserInterfaceStyle, before: UserInterfaceStyle)] = []
    var bodyFont: Font = .systemFont(ofSize: 1)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(card)
        registerForTraitChanges([TraitUserInterfaceStyle.self]) { (self: ThemedScreen, previousTraitCollection: TraitCollection) in
            self.styleChanges.append((self.traitCollection.userInterfaceStyle, previousTraitCollection.userInterfaceStyle))
        }
        registerForTraitChanges([TraitPreferredContentSizeCategory.self]) { (self: ThemedScreen, _: TraitCollection) in
            self.bodyFont = .preferredFont(forTextStyle: .body, compatibleWith: self.traitCollection)
        }
    }
}

@Suite(.serialized) @MainActor
struct DarkModePortTests {
    private func host() throws -> (HeadlessWindow, ThemedScreen) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .bundled)
        let screen = ThemedScreen()
        host.window.rootViewController = screen
        host.settle()
        return (host, screen)
    }

    private func pixel(_ image: Image, _ point: CGPoint) -> [UInt8] {
        let i = (Int(point.y * image.scale) * image.pixelWidth + Int(point.x * image.scale)) * 4
        return Array(image.pixels[i..<i + 3])
    }

    private func bytes(_ color: Color) -> [UInt8] { [color.bytes.r, color.bytes.g, color.bytes.b] }

    @Test func theWindowGoingDarkRedrawsDynamicColoursAndTellsTheViews() throws {
        let (host, screen) = try host()
        #expect(screen.traitCollection.userInterfaceStyle == .light)
        let border = CGPoint(x: 21, y: 60)
        #expect(pixel(try host.render(), border) == [204, 77, 0], "the accent's light value, as the provider gave it")
        host.window.overrideUserInterfaceStyle = .dark
        host.settle()
        #expect(screen.traitCollection.userInterfaceStyle == .dark && screen.card.traitCollection.userInterfaceStyle == .dark)
        #expect(screen.card.appearanceUpdates.last == .dark)
        #expect(screen.styleChanges.last?.now == .dark && screen.styleChanges.last?.before == .light)
        let image = try host.render()
        #expect(pixel(image, border) == [255, 153, 51], "the accent's dark value")
        let inside = pixel(image, CGPoint(x: 200, y: 110))
        #expect(inside.allSatisfy { $0 < 40 }, "the card's secondary background is dark: \(inside)")
        let screenBackground = pixel(image, CGPoint(x: 300, y: 250))
        #expect(screenBackground == [0, 0, 0], "the controller's view's system background in the dark: \(screenBackground)")
    }

    /// A template symbol takes its tint as the view draws it: the app colour's dark value in the dark.
    @Test func aSymbolIsTintedInTheStyleItIsDrawnIn() throws {
        let (host, screen) = try host()
        let icon = ImageView(image: Image(systemName: "xmark.circle.fill", withConfiguration: .init(pointSize: 40)))
        icon.tintColor = ThemedCardView.accent
        icon.frame = CGRect(x: 250, y: 150, width: 60, height: 60)
        screen.view.addSubview(icon)
        host.settle()
        func colours() throws -> Set<[UInt8]> {
            let image = try host.render()
            var found: Set<[UInt8]> = []
            for y in 150..<210 { for x in 250..<310 { found.insert(pixel(image, CGPoint(x: x, y: y))) } }
            return found
        }
        let light = try colours()
        #expect(light.contains([204, 77, 0]) && !light.contains([255, 153, 51]))
        host.window.overrideUserInterfaceStyle = .dark
        host.settle()
        let dark = try colours()
        #expect(dark.contains([255, 153, 51]) && !dark.contains([204, 77, 0]))
    }

    @Test func aScreenForcedLightStaysLightInADarkWindow() throws {
        let (host, screen) = try host()
        screen.overrideUserInterfaceStyle = .light
        host.window.overrideUserInterfaceStyle = .dark
        host.settle()
        #expect(screen.card.traitCollection.userInterfaceStyle == .light)
        #expect(screen.styleChanges.isEmpty, "its traits never changed")
        #expect(pixel(try host.render(), CGPoint(x: 300, y: 250)) == [255, 255, 255])
        // One view inside it forced dark again.
        screen.card.overrideUserInterfaceStyle = .dark
        host.settle()
        #expect(screen.card.titleLabel.traitCollection.userInterfaceStyle == .dark)
        #expect(screen.card.appearanceUpdates.last == .dark)
        #expect(pixel(try host.render(), CGPoint(x: 21, y: 60)) == [255, 153, 51])
    }

    @Test func largerTextReachesTheControllerThroughItsTraits() throws {
        let (host, screen) = try host()
        host.window.preferredContentSizeCategory = .accessibilityMedium
        #expect(screen.traitCollection.preferredContentSizeCategory == .accessibilityMedium)
        #expect(screen.bodyFont.pointSize == 28, "UIKit's body at the first accessibility size")
        #expect(screen.traitCollection.horizontalSizeClass == .compact && screen.traitCollection.verticalSizeClass == .compact)
        host.window.resize(to: Size(width: 1024, height: 768))  // the backend resizes a window (a rotated panel)
        #expect(screen.traitCollection.horizontalSizeClass == .regular && screen.traitCollection.verticalSizeClass == .regular)
    }
}
