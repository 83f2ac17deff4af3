// SPDX-License-Identifier: Apache-2.0
import CCaretLoad
import Foundation
import Testing

/// Opening an engine's library when it is first used (CCaretLoad): a library or function that is
/// not there is a clear reason, kept and given again, never a crash; one that is there is opened once.
@Suite struct EngineLibraryLoadTests {
    private func reason(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (Int32, String) {
        var buffer = [CChar](repeating: 0, count: 512)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return (status, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// A library's state as a shim declares it: untried.
    private static func untriedLibrary() -> UnsafeMutablePointer<caret_library> {
        let library = UnsafeMutablePointer<caret_library>.allocate(capacity: 1)
        library.initialize(to: caret_library())
        pthread_mutex_init(&library.pointee.lock, nil)
        return library
    }

    @Test func aLibraryThatIsNotInstalledIsAReasonNotACrash() {
        let library = Self.untriedLibrary()
        defer { library.deallocate() }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: 1)
        for _ in 0..<2 {  // the second call gives the kept reason
            let (status, why) = reason { error, size in
                ["libcaret-absent.so.9"].withCStringArray { sonames in
                    ["caret_absent"].withCStringArray { names in
                        caret_library_open(library, sonames, names, &slots, 1, error, size)
                    }
                }
            }
            #expect(status == -1)
            #expect(why.contains("libcaret-absent.so.9") && why.contains("cannot open shared object file"), "\(why)")
        }
        let (found, missing) = reason { error, size in
            ["libcaret-absent.so.9"].withCStringArray { caret_library_findable($0, error, size) }
        }
        #expect(found == 0 && missing == "libcaret-absent.so.9 is not installed")
    }

    @Test func aFunctionTheLibraryLacksIsAReasonAndNothingIsHalfOpened() {
        let library = Self.untriedLibrary()
        defer { library.deallocate() }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: 2)
        let (status, why) = reason { error, size in
            ["libm.so.6"].withCStringArray { sonames in
                ["cos", "caret_no_such_function"].withCStringArray { names in
                    caret_library_open(library, sonames, names, &slots, 2, error, size)
                }
            }
        }
        #expect(status == -1 && why.contains("caret_no_such_function"), "\(why)")
        #expect(slots.allSatisfy { $0 == nil })
    }

    @Test func anInstalledLibraryIsFoundWithoutOpeningItAndThenOpenedOnce() {
        let library = Self.untriedLibrary()
        defer { library.deallocate() }
        #expect(["libm.so.6"].withCStringArray { caret_library_findable($0, nil, 0) } == 1)
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: 1)
        for _ in 0..<2 {
            let status = ["libm.so.6"].withCStringArray { sonames in
                ["cos"].withCStringArray { names in caret_library_open(library, sonames, names, &slots, 1, nil, 0) }
            }
            #expect(status == 0)
        }
        let cosine = unsafeBitCast(slots[0], to: (@convention(c) (Double) -> Double).self)
        #expect(cosine(0) == 1)
    }
}

extension Array where Element == String {
    /// Calls `body` with these strings as a NULL-terminated C array.
    fileprivate func withCStringArray<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies: [UnsafeMutablePointer<CChar>?] = map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
