// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A picker's wheels to assistive technology, as UIKit's: each wheel is an adjustable element
/// whose value is its row's title and place ("March, 3 of 12"); incrementing or decrementing it
/// turns it one row and counts as the user's choice (the delegate hears `didSelectRow`, a date
/// picker sends `.valueChanged`). Spoken mode adjusts it with a flick up or down, switch access by
/// its increment and decrement items (docs/behaviour/accessibility.md).
extension PickerWheel {
    /// "March, 3 of 12": the selected row's title and where it is among the rows.
    var accessibilityRowDescription: String? {
        guard rowCount > 0 else { return nil }
        let title = picker.title(forRow: selectedRow, inComponent: component)
        let language = Localization.language(for: picker)
        let place = PickerWord.place.text(
            language,
            ["position": Localization.number(selectedRow + 1, language: language), "total": Localization.number(rowCount, language: language)])
        return title.isEmpty ? place : "\(title), \(place)"
    }

    /// Turns the wheel by rows as the user's choice; nothing at either end.
    func adjust(by rows: Int) {
        guard rowCount > 0 else { return }
        let target = clamp(selectedRow + rows)
        guard target != selectedRow else { return }
        select(target, animated: true, byUser: true)
    }
}
