// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// A swipe decoder made off the main thread (docs/keyboard.md), one build at a time: begun when a
/// finger starts a swipe, its templates (one for every word of the language's list) are made while the path is
/// drawn rather than after the lift, which had held the keyboard still for the whole build on a
/// language's first swipe and after every resize.
final class SwipeDecoderBuild: Sendable {
    /// The geometry the decoder is made for.
    let geometry: SwipeKeyboardGeometry
    private let made = Mutex<(decoder: SwipeDecoder, onBeginningThread: Bool)?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    /// Builds are made one at a time, off the main thread.
    private static let queue = DispatchQueue(label: "caret.swipe-decoders", qos: .userInitiated)

    /// Starts making the decoder of a list's words over `geometry`.
    init(provider: SuggestionProvider, geometry: SwipeKeyboardGeometry) {
        self.geometry = geometry
        let beginner = pthread_self()
        Self.queue.async { [weak self] in
            // One that nobody holds any more (a resize dropped it before its turn) is not made.
            guard let self else { return }
            // The list is sorted by rank here, once per decoder, not at every swipe.
            let decoder = SwipeDecoder(wordsByFrequency: provider.wordsByFrequency, geometry: geometry)
            made.withLock { $0 = (decoder, pthread_equal(pthread_self(), beginner) != 0) }
            finished.signal()
        }
    }

    /// Whether the decoder is made.
    var isMade: Bool { made.withLock { $0 != nil } }

    /// Whether it was made on the thread that began it (the main actor's; for tests: it never is).
    var wasMadeOnBeginningThread: Bool? { made.withLock { $0?.onBeginningThread } }

    /// The decoder, once made: waits for what is left of the build.
    var decoder: SwipeDecoder {
        while true {
            if let done = made.withLock({ $0?.decoder }) { return done }
            finished.wait()
            finished.signal()  // for the next to ask
        }
    }
}
