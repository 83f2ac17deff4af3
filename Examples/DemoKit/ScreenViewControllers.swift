// SPDX-License-Identifier: Apache-2.0

import Caret
import Foundation

/// The kiosk check-in screen's controller: it makes the screen when first shown and, as a page
/// with no scroll view, has the window pan its content above the keyboard while it is on screen.
@MainActor
public final class KioskViewController: ViewController {
    private let tracer: FieldTracer?
    private let words: ExampleWords
    private var savedPolicy: KeyboardAvoidance.Policy?

    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// A controller whose screen, in `words`' language, has its fields recorded by the tracer.
    public init(tracer: FieldTracer? = nil, words: ExampleWords = .demo(preferring: [])) {
        self.tracer = tracer
        self.words = words
        super.init()
    }

    /// The screen (made on first use).
    public var screen: KioskScreen { view as! KioskScreen }

    public override func loadView() { view = KioskScreen(tracer: tracer, words: words) }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = words("kiosk.title")
    }

    /// On screen, the window pans the page above the keyboard (it has no scroll view).
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let window = view.window else { return }
        savedPolicy = window.keyboardAvoidance.policy
        window.keyboardAvoidance.policy = .pan
    }

    /// Leaving, the window gets its own policy back.
    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let savedPolicy, let window = view.window { window.keyboardAvoidance.policy = savedPolicy }
        savedPolicy = nil
    }
}
