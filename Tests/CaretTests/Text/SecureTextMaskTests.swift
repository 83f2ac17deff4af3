// SPDX-License-Identifier: Apache-2.0
import Caret
import Testing

/// The secure-text mask on its own: offsets kept, one character revealed, kept masks followed.
@Suite struct SecureTextMaskTests {
    @Test func aBulletPerCharacterPaddedToItsUTF16Length() {
        var mask = SecureTextMask()
        let document = TextDocument("a👍🏽é")  // 1 + 4 + 1 UTF-16 units
        let masked = mask.masked(document, revealing: nil)
        #expect(masked.string == "•" + "•\u{200B}\u{200B}\u{200B}" + "•")
        #expect(masked.utf16Count == document.utf16Count)
    }

    @Test func theRevealedCharacterShowsAndGoesBackWhenHidden() {
        var mask = SecureTextMask()
        let document = TextDocument("abc")
        #expect(mask.masked(document, revealing: 2..<3).string == "••c")
        #expect(mask.masked(document, revealing: nil).string == "•••")
        #expect(mask.masked(document, revealing: 0..<1).string == "a••")
    }

    @Test func aKeptMaskFollowsAnEditAsAFreshMaskWould() {
        var mask = SecureTextMask()
        var document = TextDocument("secret")
        _ = mask.masked(document, revealing: nil)
        document.replace(6..<6, with: "👍🏽")
        let followed = mask.masked(document, revealing: 6..<10)
        var fresh = SecureTextMask()
        #expect(followed.string == fresh.masked(document, revealing: 6..<10).string)
        document.replace(0..<2, with: "")
        let afterDeletion = mask.masked(document, revealing: nil)
        #expect(afterDeletion.string == "••••" + "•\u{200B}\u{200B}\u{200B}")
        // Another document (not an edit of this one) is masked anew.
        #expect(mask.masked(TextDocument("xy"), revealing: nil).string == "••")
    }
}
