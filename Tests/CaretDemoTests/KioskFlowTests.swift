// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// The kiosk example's check-in flow under virtual time (issue 16, items 1 and 3).
@Suite(.serialized) @MainActor
struct KioskFlowTests {
    private func make(_ configure: (inout CheckInFlow.Options) -> Void = { _ in }) throws -> (HeadlessWindow, CheckInFlow) {
        let host = try makeHost(width: 800, height: 1280)
        var options = CheckInFlow.Options()
        configure(&options)
        let flow = CheckInFlow(window: host.window, options: options)
        host.layout()
        return (host, flow)
    }

    @Test func aGuestChecksInWithReturnMovingThroughTheFieldsAndAFourDigitPIN() throws {
        let (host, flow) = try make()
        var trace: [String] = []
        flow.onTrace = { trace.append($0) }
        #expect(host.window.rootViewController === flow.start)
        host.input.tap(flow.start.startButton)
        host.settle()
        #expect(host.window.rootViewController === flow.form)
        let fields = flow.form.fields
        #expect(fields["code"]?.isFirstResponder == true)  // the keyboard is up at once
        #expect(host.window.keyboard.isVisible)
        for key in "AB/+-12" { host.input.type(String(key)) }  // a booking code is letters and digits
        #expect(fields["code"]?.text == "AB12")
        host.input.key(.keyboardReturnOrEnter)
        #expect(fields["name"]?.isFirstResponder == true)
        host.input.type("Ada Lovelace")
        host.input.key(.keyboardReturnOrEnter)
        host.input.type("ada@example.com")
        host.input.key(.keyboardReturnOrEnter)
        #expect(fields["pin"]?.isFirstResponder == true)
        for key in "12x345" { host.input.type(String(key)) }  // a letter and a fifth digit are refused
        #expect(fields["pin"]?.text == "1234")
        #expect(KeyboardAvoidanceAudit.marginProblems(of: try #require(fields["pin"]), in: host.window) == [])
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(host.window.rootViewController === flow.confirmation)
        #expect(fields["code"]?.text == "AB12")
        #expect(trace.contains("screen form") && trace.contains("screen confirmation"))
        #expect(trace.contains { $0.hasPrefix("keyboardWillShow") })
        #expect(!trace.contains { $0.contains("1234") || ($0.contains(" pin ") && $0.hasSuffix(" 1")) })  // the PIN never shows
        flow.confirmation.doneButton.sendActions(for: .primaryActionTriggered)
        #expect(host.window.rootViewController === flow.start)
        #expect(fields.values.allSatisfy { ($0.text ?? "").isEmpty })
    }

    @Test func theStartScreenOffersTheLanguagesAndTheNextGuestStartsInTheFirst() throws {
        let (host, flow) = try make {
            $0.languages = ["en", "de", "el", "ko"]; $0.idleTimeout = 60
        }
        // The headless backend has no Korean engine: three languages are offered, by native name.
        #expect(flow.start.languageButtons.map { $0.title(for: .normal) } == ["English (US)", "Deutsch", "Ελληνικά"])
        #expect(host.window.keyboard.problems.contains { "\($0)".hasPrefix("Korean (ko) needs the composition engine") })
        #expect(flow.start.languageButtons.first?.isSelected == true)
        host.input.tap(flow.start.languageButtons[2])
        #expect(flow.start.languageButtons[2].isSelected && !flow.start.languageButtons[0].isSelected)
        // Caret's own words follow the guest's pick: the idle warning asks in Greek.
        #expect(host.window.preferredLanguages.first?.hasPrefix("el") == true, "\(host.window.preferredLanguages)")
        #expect(host.window.kiosk.idleWarningMessage.contains("χρόνο"), "\(host.window.kiosk.idleWarningMessage ?? "")")
        // And the kiosk's own: its start button is Greek (a table for each keyboard language).
        #expect(flow.start.startButton.title(for: .normal) != "Check in", "\(flow.start.startButton.title(for: .normal) ?? "")")
        host.input.tap(flow.start.startButton)
        host.settle()
        #expect(host.window.keyboard.currentLanguage == "el")
        // The booking code takes ASCII: its keyboard shows Latin letters; the name field Greek ones.
        host.input.key(.keyboardReturnOrEnter)
        host.layout()
        #expect(flow.form.fields["name"]?.isFirstResponder == true)
        #expect(host.window.keyboard.keyboardView?.keyFrames.contains { $0.key.label.lowercased() == "λ" } == true)
        host.advance(by: 61)  // the guest walks away
        #expect(host.window.rootViewController === flow.start)
        #expect(host.window.keyboard.currentLanguage == "en" && flow.start.languageButtons[0].isSelected)
        #expect(host.window.preferredLanguages.first?.hasPrefix("en") == true, "the next guest starts in the kiosk's first language")
        #expect(flow.start.startButton.title(for: .normal) == "Check in")
    }

    /// The kiosk starts with only its first screen's views made: the others are made when first
    /// shown, in the language's direction (made at launch they had cost its first frame).
    @Test func onlyTheStartScreenIsMadeAtLaunch() throws {
        let (host, flow) = try make { $0.languages = ["ar", "en"] }
        #expect(flow.start.isViewLoaded)
        #expect(!flow.form.isViewLoaded && !flow.confirmation.isViewLoaded && !flow.accessibilityChoices.isViewLoaded)
        // Starting over before any guest opened the form clears no field, and makes none.
        flow.startOver()
        #expect(flow.lastClearOrder.isEmpty && !flow.form.isViewLoaded)
        host.input.tap(flow.start.startButton)
        host.settle()
        #expect(flow.form.isViewLoaded && flow.form.view.isRightToLeftLayout, "made when shown, right to left for Arabic")
        #expect(!flow.confirmation.isViewLoaded)
    }

    /// A guest who picks Arabic gets the screens right to left: the form's fields start at the
    /// right and Continue, which trails Cancel, is on the left; German, and the next guest, left to right.
    @Test func theFormIsMirroredForARightToLeftLanguage() throws {
        let (host, flow) = try make {
            $0.languages = ["en", "ar", "de"]; $0.idleTimeout = 60
        }
        func continueIsLeftOfCancel(_ language: Int) -> Bool {
            host.input.tap(flow.start.languageButtons[language])
            host.input.tap(flow.start.startButton)
            host.settle()
            let submit = flow.form.submitButton.convert(flow.form.submitButton.bounds, to: nil)
            let cancel = flow.form.cancelButton.convert(flow.form.cancelButton.bounds, to: nil)
            #expect(abs(submit.minY - cancel.minY) < 1, "side by side: \(submit) \(cancel)")
            flow.startOver()
            host.settle()
            return submit.maxX <= cancel.minX
        }
        #expect(continueIsLeftOfCancel(1), "Arabic")
        #expect(flow.form.view.effectiveUserInterfaceLayoutDirection == .leftToRight, "the next guest starts in English")
        #expect(!continueIsLeftOfCancel(2), "German")
        #expect(!continueIsLeftOfCancel(0), "English")
        host.input.tap(flow.start.languageButtons[1])
        #expect(flow.form.fields["name"]?.isRightToLeftLayout == true && flow.start.view.isRightToLeftLayout)
    }

    /// Every language's name shows whole on its button, whatever the window's width and the text
    /// size (the Japanese button read "日本語 …マ字)"; with larger text a name wider than the
    /// screen was cut in its middle): a name too wide for its button wraps by word.
    @Test func noLanguageButtonCutsItsName() throws {
        let (host, flow) = try make { $0.languages = ["en", "de", "el", "fr", "pt-BR", "en-GB", "ru"] }
        let renderer = try #require(host.nullRenderer)
        let buttons = flow.start.languageButtons + [flow.start.startButton, flow.start.accessibilityButton]
        #expect(buttons.count == 9)
        var cut: [String] = []
        for category in [ContentSizeCategory.large, .accessibilityLarge, .accessibilityExtraExtraExtraLarge] {
            host.window.preferredContentSizeCategory = category
            for width in stride(from: 320.0, through: 1280, by: 3) {
                try host.resize(to: Size(width: width, height: 1280))
                host.layout()
                renderer.recordsText = true
                renderer.drawnRuns.removeAll()
                host.drawFrame()
                let drawn = renderer.drawnRuns.map { (run: TextRun) in run.text }
                renderer.recordsText = false
                if let shortened = drawn.first(where: { $0.contains("…") }) { cut.append("\(shortened) at \(width), \(category.rawValue)") }
                // The buttons on screen (a tall page scrolls).
                for button in buttons where host.window.bounds.contains(button.convert(button.bounds, to: nil)) {
                    let title = button.title(for: .normal) ?? ""
                    // Whole, on one line or on lines drawn one after the other (by word, or by
                    // letter for a word wider than the button).
                    let letters = drawn.joined().filter { !$0.isWhitespace }
                    if !letters.contains(title.filter { !$0.isWhitespace }) { cut.append("\(title) at \(width), \(category.rawValue)") }
                }
                // Each button holds its lines: none taller than its frame.
                for button in buttons
                where button.sizeWrappingTitle(toWidth: button.frame.width).height > button.frame.height {
                    cut.append("\(button.title(for: .normal) ?? "") too short at \(width), \(category.rawValue)")
                }
            }
        }
        #expect(cut.isEmpty, "\(cut.prefix(5))")
    }

    @Test func aKioskWithOneLanguageShowsNoLanguageButtons() throws {
        let (_, flow) = try make()
        #expect(flow.start.languageButtons.isEmpty)
    }

    @Test func theIdleTimeoutStartsOverAndClearsTheFieldsSecureFirst() throws {
        let (host, flow) = try make { $0.idleTimeout = 60 }
        host.input.tap(flow.start.startButton)
        host.settle()
        host.input.type("XY99")
        flow.form.fields["pin"]?.text = "4321"
        host.advance(by: 59)
        #expect(host.window.rootViewController === flow.form)
        host.advance(by: 2)
        #expect(host.window.rootViewController === flow.start)
        #expect(flow.idleResets == 1)
        #expect(flow.lastClearOrder.first == "pin")
        #expect(flow.form.fields.values.allSatisfy { ($0.text ?? "").isEmpty })
        #expect(!host.window.keyboard.isVisible || host.window.firstResponder == nil)
        host.advance(by: 120)
        #expect(flow.idleResets == 1)  // on the start screen there is nothing to start over
    }

    @Test func aKioskRefusesQuittingHidesThePointerAndCanBeHighContrast() throws {
        let (host, _) = try make { $0.highContrast = true }
        #expect(!host.window.kiosk.allowsCloseRequests)
        #expect(host.window.kiosk.hidesPointer)
        #expect(host.window.prefersHighContrast)
        #expect(host.window.keyboard.policy == .always)
        let (other, _) = try make {
            $0.allowsQuit = true; $0.showsPointer = true; $0.blankAfter = 300
        }
        #expect(other.window.kiosk.allowsCloseRequests && !other.window.kiosk.hidesPointer)
        #expect(other.window.kiosk.screenBlankingDelay == 300)
    }
}
