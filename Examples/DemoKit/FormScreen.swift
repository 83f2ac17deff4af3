// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's main screen: a title bar over a scrolling form: the sign-up fields with a live
/// panel of their delegate calls, buttons, the text engine's editors, labels, and the ways to the
/// kiosk and notes screens.
@MainActor
public final class FormScreen: View {
    /// Images the screen shows; the demo loads them from `Assets/Icons`.
    public struct Images {
        /// The Caret logo.
        public var logo: Image?
        /// A check mark for the confirmation dialog.
        public var checkmark: Image?
        /// Creates the set.
        public init(logo: Image? = nil, checkmark: Image? = nil) {
            self.logo = logo
            self.checkmark = checkmark
        }
    }

    /// The title bar.
    public let titleBar = View()
    /// The title.
    public let titleLabel = Label(text: "Caret", font: .boldSystemFont(ofSize: 20))
    let subtitleLabel = Label(text: "", font: .systemFont(ofSize: 14))
    private let logoView = ImageView()
    /// The scrolling area.
    public let scrollView = ScrollView()
    /// The column of sections inside the scroll view.
    public let form = StackView(axis: .vertical, spacing: 14)
    /// Shows what was tapped last.
    public let statusLabel = Label()
    /// Turns the dark appearance on and off.
    public let appearanceSwitch = Switch()
    /// The buttons of the form, by their English titles (whatever the language shown).
    public internal(set) var buttons: [String: Button] = [:]
    /// How many times any button fired.
    public internal(set) var tapCount = 0
    /// Called with the English title of every button that fires (the demo prints it).
    public var onAction: ((String) -> Void)?
    /// The sign-up form's fields, by name (name, email, password, phone, amount, website).
    public private(set) var fields: [String: TextField] = [:]
    /// The notes text view at the end of the sign-up form.
    public let notes = NotesView(height: 110)
    /// Records the fields' delegate calls and notifications.
    public let tracer = FieldTracer()
    /// The live list of the last delegate calls and notifications.
    public let eventLog = Label()
    /// Called for every traced event (the demo's `--trace` prints them as JSON lines).
    public var onTrace: ((FieldTracer.Event) -> Void)?
    /// Called with the single-line editor's text when Return is pressed in it.
    public var onEntered: ((String) -> Void)?
    /// A one-line field showing the text engine (Return reports its text).
    public let singleLineEditor = EngineField()
    /// A multi-line text view showing the text engine.
    public let multiLineEditor = NotesView(height: 120)

    /// The demo's own words, in the language chosen at the start or from the title bar.
    public let words: ExampleWords
    /// The title bar's language button: the language's own name; it offers the keyboard's languages.
    public let languageButton = Button(type: .system)
    let images: Images
    private let hasLanguageButton: Bool
    let locale: Locale
    /// The subtitle beside the title, or under it at the accessibility text sizes (constraints).
    var inlineSubtitle: [NSLayoutConstraint] = []
    var stackedSubtitle: [NSLayoutConstraint] = []
    /// The rows of buttons: side by side, or one under another at the accessibility text sizes.
    var buttonRows: [StackView] = []
    /// Whether the screen is laid out for an accessibility text size now.
    var laidOutForLargeText = false
    var textSizeObserver: NSObjectProtocol?

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// How the screen places its title bar, scroll view and form.
    public enum Layout: Sendable {
        /// With constraints, as UIKit code writes it (the demo's way).
        case constraints
        /// With frames in `layoutSubviews`, as before issue 29 (kept to compare the two).
        case frames
    }

    /// How this screen was built.
    public let layout: Layout

    /// Builds the screen in `words`' language; `locale` sets the amount field's currency (tests pass
    /// a fixed one); without `appearanceSection` the form ends as it did before it had one, and
    /// without `languageChoice` its title bar has none (soak logs recorded before replay on it).
    public init(
        images: Images = Images(), words: ExampleWords = .demo(preferring: []), locale: Locale = .current, layout: Layout = .constraints,
        appearanceSection: Bool = true, languageChoice: Bool = true
    ) {
        self.images = images
        self.words = words
        hasLanguageButton = languageChoice
        self.locale = locale
        self.layout = layout
        super.init(frame: .zero)
        logoView.image = images.logo
        backgroundColor = .systemGroupedBackground
        semanticContentAttribute = words.isRightToLeft ? .forceRightToLeft : .unspecified
        build()
        languageButton.isHidden = !hasLanguageButton
        if appearanceSection { addAppearanceSection() }  // last, so that nothing above it moves (FormScreen+Appearance.swift)
        followTextSize()
    }

    private func build() {
        titleBar.backgroundColor = .systemBackground
        logoView.contentMode = .scaleAspectFit
        titleBar.addSubview(logoView)
        titleBar.addSubview(titleLabel)
        subtitleLabel.text = words("form.subtitle")
        subtitleLabel.textColor = .secondaryLabel
        titleBar.addSubview(subtitleLabel)
        addLanguageButton()  // FormScreen+Language.swift
        addSubview(titleBar)

        scrollView.alwaysBounceVertical = true
        addSubview(scrollView)
        form.isLayoutMarginsRelativeArrangement = true
        form.layoutMargins = EdgeInsets(top: 20, left: 24, bottom: 32, right: 24)
        scrollView.addSubview(form)
        if layout == .constraints { makeConstraints() }

        statusLabel.text = words("form.status")
        statusLabel.textColor = .secondaryLabel
        statusLabel.font = .systemFont(ofSize: 15)
        statusLabel.numberOfLines = 0
        form.addArrangedSubview(statusLabel)

        form.addArrangedSubview(section(words("section.signUp")))
        let specs: [(String, String, KeyboardType, TextContentType?)] = [
            ("name", "field.name", .default, .name), ("email", "field.email", .emailAddress, .emailAddress),
            ("password", "field.password", .asciiCapable, .newPassword), ("phone", "field.phone", .phonePad, .telephoneNumber),
            ("amount", "field.amount", .decimalPad, nil), ("website", "field.website", .URL, .URL),
        ]
        for spec in specs {
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = words(spec.1)
            field.keyboardType = spec.2
            field.textContentType = spec.3
            field.clearButtonMode = .whileEditing
            field.returnKeyType = .next  // the last one moves on to the notes
            field.returnKeyNavigation = true
            field.accessibilityIdentifier = spec.0
            field.isSecureTextEntry = spec.3 == .newPassword
            if spec.0 == "amount" {
                // Currency in the user's locale: typing is filtered, the value is formatted when editing ends.
                let money = NumberFormatter()
                money.locale = locale
                money.numberStyle = .currency
                if money.currencySymbol == "¤" { money.locale = Locale(identifier: "en_US") }  // a region with no currency
                field.formatter = money
                field.placeholder = words("field.amount", ["currency": money.currencySymbol ?? "¤"])
            }
            if spec.0 == "password" {
                field.rightView = makeRevealButton(for: field)
                field.rightViewMode = .always
            }
            if spec.0 == "phone" { field.allowedCharacters = CharacterSet(charactersIn: "0123456789+*# ()-") }
            if spec.0 == "name" {
                field.maximumLength = 40
                field.autocapitalizationType = .words
            }
            if ["email", "password", "website"].contains(spec.0) { field.autocapitalizationType = .none }
            tracer.trace(field, as: spec.0)
            fields[spec.0] = field
            form.addArrangedSubview(field)
        }
        notes.text = ""
        notes.font = .systemFont(ofSize: 16)
        notes.layer.cornerRadius = 5
        notes.layer.borderWidth = 1
        notes.layer.borderColor = Color { $0.userInterfaceStyle == .dark ? Color(rgb: 0x8E8E93) : Color(rgb: 0x7C7C80) }  // 3:1 on both backgrounds
        notes.accessibilityIdentifier = "notes"
        notes.accessibilityLabel = words("notes.name")
        notes.restorationIdentifier = "notes"
        tracer.trace(notes, as: "notes")
        notes.inputAccessoryView = makeAccessoryBar()
        let notesLabel = Label(text: words("notes.label"), font: .systemFont(ofSize: 14))
        notesLabel.textColor = .secondaryLabel
        notesLabel.numberOfLines = 0
        notes.accessibilityTitleElement = notesLabel  // read with the notes, related on AT-SPI
        form.addArrangedSubview(notesLabel)
        form.addArrangedSubview(notes)
        eventLog.numberOfLines = 0
        eventLog.font = .monospacedSystemFont(ofSize: 12)
        eventLog.textColor = .secondaryLabel
        eventLog.text = words("eventLog.empty")
        form.addArrangedSubview(eventLog)
        tracer.traceKeyboard()  // the keyboard's notifications show beside the delegate calls
        tracer.onEvent = { [weak self] event in
            guard let self else { return }
            self.eventLog.text = self.tracer.recent.map { e in
                ([e.name, e.field] + e.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" })
                    .joined(separator: " ")
            }.joined(separator: "\n")
            self.onTrace?(event)
        }

        form.addArrangedSubview(section(words("section.buttons")))
        // Rows of three fit a 400-point portrait kiosk as well as a desktop window.
        let disabled = makeButton("button.disabled", style: .filled)
        disabled.isEnabled = false
        let dialogButton = makeButton("button.showDialog", style: .tinted) { [weak self] in self?.showDialog() }
        var rows: [[Button]] = [
            [makeButton("button.save", style: .filled), makeButton("button.share", style: .tinted), makeButton("button.details", style: .gray)],
            [makeButton("button.cancel", style: .plain), disabled, makeButton("button.chat", style: .tinted) { [weak self] in self?.showChat() }],
            [dialogButton, makeButton("button.kiosk", style: .tinted) { [weak self] in self?.showKiosk() }],
            [
                makeButton("button.notes", style: .tinted) { [weak self] in self?.showNotes() },
                makeButton("button.arabic", style: .tinted) { [weak self] in self?.showArabicSignUp() },
                makeButton("button.tableForm", style: .tinted) { [weak self] in self?.showTableForm() },
            ],
        ]
        if let icon = images.checkmark {
            let iconButton = makeButton("button.withImage", style: .gray)
            iconButton.setImage(icon, for: .normal)
            rows[2].append(iconButton)
        }
        for buttons in rows {
            let row = StackView(arrangedSubviews: buttons, axis: .horizontal, spacing: 12)
            row.addArrangedSubview(View())  // flexible space after the buttons
            buttonRows.append(row)
            form.addArrangedSubview(row)
        }

        form.addArrangedSubview(section(words("section.textEngine")))
        let hint = Label(text: words("editor.hint"), font: .systemFont(ofSize: 14))
        hint.textColor = .secondaryLabel
        hint.numberOfLines = 0
        form.addArrangedSubview(hint)
        singleLineEditor.text = words("editor.singleLineText")
        singleLineEditor.accessibilityLabel = words("editor.singleLine")
        singleLineEditor.onReturn = { [weak self] text in
            guard let self else { return }
            self.onEntered?(text)
            self.statusLabel.text = self.words("status.entered", ["text": text])
        }
        form.addArrangedSubview(singleLineEditor)
        multiLineEditor.accessibilityLabel = words("editor.multiLine")
        multiLineEditor.layer.cornerRadius = 8  // white, rounded, a hairline border, like the field above
        multiLineEditor.layer.borderWidth = 1
        multiLineEditor.layer.borderColor = .opaqueSeparator
        multiLineEditor.textContainerInset = EdgeInsets(top: 9, left: 5, bottom: 9, right: 5)
        multiLineEditor.text = words("editor.multiLineText")
        form.addArrangedSubview(multiLineEditor)

        form.addArrangedSubview(section(words("section.labels")))
        for label in LabelSamples.labels(words) { form.addArrangedSubview(label) }
        form.addArrangedSubview(section(words("section.more")))
        for row in LabelSamples.rows(words) { form.addArrangedSubview(row) }
    }

    /// A bar above the keyboard while the notes are edited (part of the keyboard's frame): a
    /// toolbar with a Done item on the right, made as UIKit code makes one.
    private func makeAccessoryBar() -> View {
        let bar = Toolbar()
        bar.sizeToFit()
        let hint = BarButtonItem(title: words("notes.name"))
        hint.isEnabled = false
        let done = BarButtonItem(
            barButtonSystemItem: .done, primaryAction: Action { [weak self] _ in _ = self?.notes.resignFirstResponder() })
        bar.items = [hint, .flexibleSpace(), done]
        return bar
    }

    /// The eye button at the end of the password field that shows or hides what was typed,
    /// drawn with the system symbols eye and eye.slash, as UIKit code makes it.
    private func makeRevealButton(for field: TextField) -> Button {
        let button = Button(type: .system)
        button.accessibilityIdentifier = "reveal-password"
        showRevealState(button, of: field)
        button.contentEdgeInsets = EdgeInsets(top: 0, left: 6, bottom: 0, right: 6)
        button.sizeToFit()
        button.addAction(
            Action { [weak self, weak field, weak button] _ in
                guard let self, let field, let button else { return }
                field.isSecureTextEntry.toggle()
                self.showRevealState(button, of: field)
            }, for: .primaryActionTriggered)
        buttons["Reveal password"] = button  // named as its hidden state's label is in English
        return button
    }

    private func showRevealState(_ button: Button, of field: TextField) {
        let hidden = field.isSecureTextEntry
        button.setImage(Image(systemName: hidden ? "eye" : "eye.slash"), for: .normal)
        button.accessibilityLabel = words(hidden ? "password.show" : "password.hide")
    }

    /// A button titled with a key's words, known in `buttons` by its English title.
    func makeButton(_ key: String, style: Button.Style, action: (@MainActor () -> Void)? = nil) -> Button {
        let name = ExampleWords.demoEnglish(key), title = words(key)
        let button = Button(title: title, style: style) { [weak self] _ in
            guard let self else { return }
            self.tapCount += 1
            self.onAction?(name)
            self.statusLabel.text = self.words("status.tapped", count: self.tapCount, ["title": title])
            action?()
        }
        buttons[name] = button
        return button
    }

    /// The kiosk screen's controller, once shown.
    public private(set) var kioskController: KioskViewController?
    /// The table screens' controllers, once shown (FormScreen+TableScreens.swift).
    var tableFormController: TableFormViewController?
    var chatController: ChatViewController?
    /// The second screen, once shown.
    public var kiosk: KioskScreen? { kioskController?.screen }

    /// Shows the kiosk screen's controller in the window (no scroll view: the window pans).
    public func showKiosk() {
        let controller = KioskViewController(tracer: tracer, words: words)
        controller.screen.backButton.addAction(
            Action { [weak self] _ in self?.showForm() }, for: .primaryActionTriggered)
        kioskController = controller
        show(controller)
    }

    /// The Arabic sign-up screen's controller, once shown.
    public private(set) var arabicController: ArabicSignUpViewController?
    /// The Arabic sign-up screen, once shown.
    public var arabicSignUp: ArabicSignUpScreen? { arabicController?.screen }

    /// Shows the mirrored Arabic sign-up form (a right-to-left interface).
    public func showArabicSignUp() {
        let controller = ArabicSignUpViewController(tracer: tracer, words: words)
        controller.screen.backButton.addAction(
            Action { [weak self] _ in self?.showForm() }, for: .primaryActionTriggered)
        arabicController = controller
        show(controller)
    }

    /// The notes screen (made with the form, so that its state can be restored before it shows).
    public private(set) lazy var notesScreen: NotesScreen = {
        let screen = NotesScreen(tracer: tracer, words: words)
        tracer.onLink = { [weak screen] url in screen?.linkTapped(url) }
        screen.backButton.addAction(
            Action { [weak self] _ in self?.showForm() }, for: .primaryActionTriggered)
        return screen
    }()

    /// The notes screen's controller.
    public private(set) lazy var notesController = NotesViewController(screen: notesScreen, title: words("notesScreen.title"))

    /// Shows the notes screen's controller in the window (a full-size rich text view).
    public func showNotes() { show(notesController) }

    /// Brings the form back: its own controller if it has one, else the form as the root view.
    public func showForm() {
        guard let window = shownWindow else { return }
        _ = window.endEditing(true)
        if let controller = next as? ViewController {  // a view's next responder is its controller
            window.rootViewController = controller
        } else {
            window.rootViewController = nil  // the screen shown is told it disappears
            window.rootView = self
        }
    }

    /// The window showing the form or one of its screens.
    var shownWindow: Window? {
        window ?? kioskController?.viewIfLoaded?.window ?? arabicController?.viewIfLoaded?.window ?? notesScreen.window
            ?? tableFormController?.viewIfLoaded?.window ?? chatController?.viewIfLoaded?.window
    }

    func show(_ controller: ViewController) {
        guard let window = shownWindow else { return }
        _ = window.endEditing(true)
        if words.isRightToLeft && controller !== arabicController { controller.view.semanticContentAttribute = .forceRightToLeft }
        window.rootViewController = controller
    }

    /// Shows a modal confirmation dialog above the form.
    public func showDialog() {
        guard let window else { return }
        let dialog = DemoDialog(image: images.checkmark, words: words) { [weak window] dialog in window?.overlays.dismissModal(dialog) }
        buttons["Close"] = dialog.close
        window.overlays.presentModal(dialog)
    }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        adaptToTextSize()  // FormScreen+TextSize.swift
    }

    /// The frame-built layout: the form, scroll view and title bar where the constraints put them
    /// (the title bar's labels centred in 32 points rather than on one baseline).
    public override func layoutSubviews() {
        super.layoutSubviews()
        guard layout == .frames else { return }
        let b = bounds, top = safeAreaInsets.top
        logoView.frame = Rect(x: 16, y: 10 + top, width: 32, height: 32)
        let language = languageButton.intrinsicContentSize
        languageButton.frame = Rect(
            x: b.width - 16 - language.width, y: max(4 + top, 26 + top - language.height / 2), width: language.width, height: language.height)
        let right = languageButton.frame.minX - 10  // where the title and subtitle must end
        let title = titleLabel.intrinsicContentSize
        titleLabel.frame = Rect(x: 58, y: 10 + top, width: max(0, min(title.width, right - 58)), height: max(32, title.height))
        if laidOutForLargeText {  // under the title, wrapping
            let width = right - titleLabel.frame.minX
            subtitleLabel.frame = Rect(
                x: titleLabel.frame.minX, y: titleLabel.frame.maxY + 2, width: width,
                height: subtitleLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        } else {
            let subtitleX = titleLabel.frame.maxX + 10
            subtitleLabel.frame = Rect(
                x: subtitleX, y: titleLabel.frame.minY, width: max(0, min(subtitleLabel.intrinsicContentSize.width, right - subtitleX)),
                height: titleLabel.frame.height)
        }
        titleBar.frame = Rect(
            x: 0, y: 0, width: b.width,
            height: max(52 + top, subtitleLabel.frame.maxY + 8, titleLabel.frame.maxY + 8, languageButton.frame.maxY + 4))
        scrollView.frame = Rect(x: 0, y: titleBar.frame.maxY, width: b.width, height: max(0, b.height - titleBar.frame.maxY))
        let width = min(b.width, 900)
        let height = form.sizeThatFits(Size(width: width, height: 0)).height
        form.frame = Rect(x: ((b.width - width) / 2).rounded(.down), y: 0, width: width, height: height)
        scrollView.contentSize = Size(width: b.width, height: height)
    }

    /// The screen's layout, as UIKit code writes it: the title bar under the safe area's top, the
    /// scroll view below it, and the form pinned to the scroll view's content guide, as wide as the
    /// scroll view up to 900 points and centred (its arranged views are then laid out with
    /// constraints too). The other screens keep frames, so both ways stay tested.
    private func makeConstraints() {
        for view in [titleBar, logoView, titleLabel, subtitleLabel, languageButton, scrollView, form] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        // In a narrow window the subtitle gives way (truncates), never the title.
        subtitleLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        let content = scrollView.contentLayoutGuide, visible = scrollView.frameLayoutGuide
        let snugBar = titleBar.bottomAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 52)
        snugBar.priority = .defaultLow
        let besideLogo = titleLabel.centerYAnchor.constraint(equalTo: logoView.centerYAnchor)
        besideLogo.priority = .defaultHigh  // gives way to keeping a tall title on screen
        let languageBesideLogo = languageButton.centerYAnchor.constraint(equalTo: logoView.centerYAnchor)
        languageBesideLogo.priority = .defaultHigh
        inlineSubtitle = [
            subtitleLabel.leadingAnchor.constraint(equalTo: titleLabel.trailingAnchor, constant: 10),
            subtitleLabel.firstBaselineAnchor.constraint(equalTo: titleLabel.firstBaselineAnchor),
        ]
        stackedSubtitle = [
            subtitleLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            subtitleLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 2),
        ]
        let fullWidth = form.widthAnchor.constraint(equalTo: visible.widthAnchor)
        fullWidth.priority = .required - 1  // gives way to the 900-point cap
        NSLayoutConstraint.activate(
            [
                titleBar.topAnchor.constraint(equalTo: topAnchor),
                titleBar.leadingAnchor.constraint(equalTo: leadingAnchor),
                titleBar.trailingAnchor.constraint(equalTo: trailingAnchor),
                // 52 points tall while its text fits, taller as the text grows.
                snugBar,
                titleBar.bottomAnchor.constraint(greaterThanOrEqualTo: logoView.bottomAnchor, constant: 10),
                titleBar.bottomAnchor.constraint(greaterThanOrEqualTo: titleLabel.bottomAnchor, constant: 8),
                titleBar.bottomAnchor.constraint(greaterThanOrEqualTo: subtitleLabel.bottomAnchor, constant: 8),
                logoView.leadingAnchor.constraint(equalTo: titleBar.leadingAnchor, constant: 16),
                logoView.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 10),
                logoView.widthAnchor.constraint(equalToConstant: 32),
                logoView.heightAnchor.constraint(equalToConstant: 32),
                titleLabel.leadingAnchor.constraint(equalTo: logoView.trailingAnchor, constant: 10),
                titleLabel.topAnchor.constraint(greaterThanOrEqualTo: safeAreaLayoutGuide.topAnchor, constant: 4),
                titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: languageButton.leadingAnchor, constant: -10),
                besideLogo,
                subtitleLabel.trailingAnchor.constraint(lessThanOrEqualTo: languageButton.leadingAnchor, constant: -10),
                languageButton.trailingAnchor.constraint(equalTo: titleBar.trailingAnchor, constant: -16),
                languageButton.topAnchor.constraint(greaterThanOrEqualTo: safeAreaLayoutGuide.topAnchor, constant: 4),
                titleBar.bottomAnchor.constraint(greaterThanOrEqualTo: languageButton.bottomAnchor, constant: 4),  // its touch area is padded
                languageBesideLogo,
                scrollView.topAnchor.constraint(equalTo: titleBar.bottomAnchor),
                scrollView.leadingAnchor.constraint(equalTo: leadingAnchor),
                scrollView.trailingAnchor.constraint(equalTo: trailingAnchor),
                scrollView.bottomAnchor.constraint(equalTo: bottomAnchor),
                content.widthAnchor.constraint(equalTo: visible.widthAnchor),  // scrolls only vertically
                form.topAnchor.constraint(equalTo: content.topAnchor),
                form.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                form.centerXAnchor.constraint(equalTo: content.centerXAnchor),
                form.widthAnchor.constraint(lessThanOrEqualToConstant: 900),
                fullWidth,
            ] + inlineSubtitle)
    }
}
