// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The Arabic sign-up screen's controller: while it is on screen the keyboard offers Arabic first.
@MainActor
public final class ArabicSignUpViewController: ViewController {
    private let tracer: FieldTracer?
    private let words: ExampleWords
    private var savedLanguages: [String]?

    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// A controller whose screen's fields the tracer records; its way back is in `words`' language.
    public init(tracer: FieldTracer? = nil, words: ExampleWords = .demo(preferring: [])) {
        self.tracer = tracer
        self.words = words
        super.init()
    }

    /// The screen (made on first use).
    public var screen: ArabicSignUpScreen { view as! ArabicSignUpScreen }

    public override func loadView() { view = ArabicSignUpScreen(tracer: tracer, back: words("back")) }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "إنشاء حساب"
    }

    /// On screen, the keyboard's languages start with Arabic.
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let window = view.window else { return }
        savedLanguages = window.keyboard.languages
        window.keyboard.languages = ["ar"] + window.keyboard.languages.filter { $0 != "ar" }
        window.keyboard.showLanguage("ar")
    }

    /// Leaving, the window gets its languages back.
    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let savedLanguages, let window = view.window {
            window.keyboard.languages = savedLanguages
            if let first = savedLanguages.first { window.keyboard.showLanguage(first) }
        }
        savedLanguages = nil
    }
}
