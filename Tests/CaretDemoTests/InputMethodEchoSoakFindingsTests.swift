// SPDX-License-Identifier: Apache-2.0

import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret
@testable import CaretTesting

/// Failures the soak found where a system input method's echo of a commit was awaited, shrunk to
/// the events that show them and replayed through the demo as the soak drives it.
@Suite @MainActor
struct InputMethodEchoSoakFindingsTests {
    /// Seed 261820076 (notes, 800×480, world, dictionaries): a system input method's "é" in the
    /// amount field was settled as focus moved (its commit refused by the field), so an echo of
    /// "é" was awaited; in the website field the input method then composed "é" anew and
    /// committed it, and that commit was dropped as the echo. A source's commit of the
    /// composition it has open is never an echo now (TextInputSession).
    @Test func aCommitOfANewCompositionIsNotTakenForTheEchoOfAnOldOne() throws {
        let log = """
            {"draw":{}}
            {"touch":{"x":67,"phase":0,"finger":1,"y":51}}
            {"touch":{"x":67,"phase":2,"finger":1,"y":51}}
            {"touch":{"x":274,"phase":0,"finger":1,"y":331}}
            {"touch":{"x":311.95282028660256,"phase":1,"finger":1,"y":280.48787169610495}}
            {"touch":{"x":501.71692171961536,"phase":1,"finger":1,"y":27.927230176629564}}
            {"key":{"isRepeat":false,"modifiers":0,"characters":"","isDown":true,"code":40}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"é"}}
            {"touch":{"x":145.64500811106564,"phase":0,"finger":1,"y":128.23121639916937}}
            {"touch":{"x":145.64500811106564,"phase":2,"finger":1,"y":128.23121639916937}}
            {"draw":{}}
            {"touch":{"x":683,"phase":0,"finger":2,"y":369}}
            {"touch":{"x":683,"phase":2,"finger":2,"y":369}}
            {"compose":{"selectionStart":1,"selectionLength":0,"_0":"é"}}
            {"text":{"_0":"é"}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "notes", size: Size(width: 800, height: 480), fonts: .bundled, world: true, dictionaries: true))
    }

    /// Seed 261830023 (kiosk, 483×986, dictionaries): a system input method's "👍🏽" in the code
    /// field was committed by a Backspace (and refused by the field), so its echo was awaited; the
    /// input method then composed and committed "日本語", and a "👍🏽" typed after that was dropped
    /// as the echo. The expectation ends at the source's next commit, echo or not.
    @Test func anEchoAwaitedIsForgottenAtTheSourcesNextCommit() throws {
        let log = """
            {"draw":{}}
            {"touch":{"x":404.45633925673945,"phase":0,"finger":2,"y":868.9652003256269}}
            {"advance":{"_0":0.05}}
            {"compose":{"selectionStart":4,"selectionLength":1,"_0":"👍🏽"}}
            {"touch":{"x":439,"phase":0,"finger":3,"y":889}}
            {"compose":{"selectionStart":2,"selectionLength":0,"_0":"にh"}}
            {"text":{"_0":"日本語"}}
            {"text":{"_0":"👍🏽"}}
            """
        try WorldSoakFindingsTests.expectReplay(
            log, DemoSoak.make(screen: "kiosk", size: Size(width: 483, height: 986), fonts: .bundled, dictionaries: true))
    }
}
