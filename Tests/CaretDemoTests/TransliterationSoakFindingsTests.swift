@_spi(Testing) import Caret
import CaretDemoSoak
import CaretTesting
import Foundation
import Testing

/// Long-soak findings with the transliterations and Japanese conversion in the mix (issue 44).
@Suite(.serialized) @MainActor
struct TransliterationSoakFindingsTests {
    /// Seed 267000046 (kiosk, 320×240, world with the transliterations, dictionaries): Japanese
    /// chosen from the globe key's language list, then at once a finger on "-" and a second
    /// finger on "a" (rollover). The keys were not laid out again between the choice and the
    /// touch, so the first finger pressed the Korean keyboard's ㅡ, typed on the Japanese keyboard.
    @Test func aKeyPressedRightAfterALanguageIsChosenIsTheNewKeyboards() throws {
        let log = """
            {"resize":{"height":240,"width":320}}
            {"modal":{"present":true}}
            {"touch":{"x":262.07465525659256,"phase":0,"finger":1,"y":130.52008421266976}}
            {"draw":{}}
            {"touch":{"x":69.37635272877546,"phase":0,"finger":1,"y":214.23033180050768}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"advance":{"_0":0.05555555555555555}}
            {"touch":{"x":66,"phase":1,"finger":1,"y":54}}
            {"touch":{"x":66,"phase":2,"finger":1,"y":54}}
            {"touch":{"x":255.7984229358681,"phase":0,"finger":1,"y":202.2416482792425}}
            {"advance":{"_0":0.03}}
            {"touch":{"x":42.72284386600866,"phase":0,"finger":2,"y":166.00487266195032}}
            {"touch":{"x":42.72284386600866,"phase":2,"finger":2,"y":166.00487266195032}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, world: true, dictionaries: true, transliteration: true))
    }
}
