// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Foundation

/// Takes a string the shim malloc'd: its UTF-8 as a Swift string (invalid bytes repaired), freed.
func taken(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    defer { caret_compose_free(pointer) }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
}

/// A list the shim joined with U+001F.
func takenList(_ pointer: UnsafeMutablePointer<CChar>?) -> [String] {
    let text = taken(pointer)
    return text.isEmpty ? [] : text.split(separator: "\u{1F}", omittingEmptySubsequences: true).map(String.init)
}

/// Runs `body` with a buffer for the shim's error message and returns the message.
func withErrorBuffer<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T) -> (T, String) {
    var buffer = [CChar](repeating: 0, count: 256)
    let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return (result, message)
}
