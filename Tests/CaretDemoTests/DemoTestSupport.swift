// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretDemoKit
import CaretTesting
import Foundation

/// A headless window with the fixed-advance font (10 points per character at 20 points).
@MainActor
func makeHost(width: Double = 400, height: Double = 300) throws -> HeadlessWindow {
    try HeadlessWindow(size: Size(width: width, height: height), fonts: .fixedAdvance(ratio: 0.5))
}

/// The demo's form in a headless window, laid out, with its event panel quiet (it grows the form)
/// and, for keyboard tests, the on-screen keyboard shown whenever a field is focused.
@MainActor
func makeDemoForm(width: Double = 800, height: Double, keyboardAlways: Bool = true) throws -> (HeadlessWindow, FormScreen) {
    let screen = FormScreen(locale: Locale(identifier: "en_US"))
    screen.tracer.onEvent = nil
    let host = try makeHost(width: width, height: height)
    host.rootView = screen
    if keyboardAlways { host.window.keyboard.policy = .always }
    host.layout()
    return (host, screen)
}

/// Two quick taps of one finger at a point: spoken mode's double tap.
@MainActor
func doubleTap(_ host: HeadlessWindow, at point: Point) {
    for _ in 0..<2 {
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.advance(by: 0.1)
    }
}
