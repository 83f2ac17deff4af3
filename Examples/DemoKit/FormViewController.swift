// SPDX-License-Identifier: Apache-2.0

import Caret
import Foundation

/// The demo's form hosted by a view controller, as an app hosts its screens: the window's root
/// view controller makes the form when it first shows it.
public final class FormViewController: ViewController {
    private let images: FormScreen.Images
    private let words: ExampleWords
    private let configure: (FormScreen) -> Void

    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// A controller whose view is the form with these images, in `words`' language; `configure`
    /// runs once the form is made (and again for a form made in another language).
    public init(
        images: FormScreen.Images = FormScreen.Images(), words: ExampleWords = .demo(preferring: []),
        configure: @escaping (FormScreen) -> Void = { _ in }
    ) {
        self.images = images
        self.words = words
        self.configure = configure
        super.init()
    }

    /// The form (made on first use).
    public var form: FormScreen { view as! FormScreen }

    public override func loadView() { view = FormScreen(images: images, words: words) }

    /// A controller for the form in another language, configured as this one.
    func remade(in words: ExampleWords) -> FormViewController {
        FormViewController(images: images, words: words, configure: configure)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Caret"
        configure(form)
    }
}
