// SPDX-License-Identifier: Apache-2.0

import Caret
import Foundation

/// The notes screen's controller. The screen is made with the form, so that its saved state can
/// be restored before it is first shown; the controller hosts that screen.
@MainActor
public final class NotesViewController: ViewController {
    private let made: NotesScreen
    private let screenTitle: String

    /// The demo makes its controllers in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// A controller hosting a notes screen, with the title a navigation bar shows for it.
    public init(screen: NotesScreen, title: String = ExampleWords.demo(preferring: [])("notesScreen.title")) {
        made = screen
        screenTitle = title
        super.init()
    }

    /// The screen.
    public var screen: NotesScreen { view as! NotesScreen }

    public override func loadView() { view = made }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = screenTitle
    }
}
