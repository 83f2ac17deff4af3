// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Caret

/// The bundled word lists read ahead in the background: a list needed now is read at once by the
/// one who needs it, not after the lists offered before it, and every list is read once.
@Suite
struct BundledWordListsTests {
    @Test func aListNeededNowIsNotReadAfterTheListsOfferedBeforeIt() {
        let gate = DispatchSemaphore(value: 0)  // holds the background reader inside the first list
        let started = DispatchSemaphore(value: 0)
        let reads = Mutex<[String]>([])
        let lists = BundledFiles<SuggestionProvider> { name in
            reads.withLock { $0.append(name) }
            if name == "first" {
                started.signal()
                gate.wait()
            }
            return .missing
        }
        lists.prefetch(["first", "second", "needed"])
        started.wait()  // the background thread is reading "first"; "second" and "needed" wait their turn
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = lists.entry(named: "needed")
            done.signal()
        }
        // Ten seconds only tells a wait behind "first" (which never ends until the gate opens) from none.
        let answered = done.wait(timeout: .now() + 10) == .success
        gate.signal()
        if !answered { done.wait() }
        #expect(answered, "the list needed now waited for the lists offered before it")
        #expect(reads.withLock { $0 }.prefix(2) == ["first", "needed"])
        _ = lists.entry(named: "second")
        _ = lists.entry(named: "first")
        #expect(reads.withLock { $0 }.sorted() == ["first", "needed", "second"], "each list read once")
    }
}
