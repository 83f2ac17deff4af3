// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

private struct WriterDied: Error {}

@Suite(.serialized) @MainActor
struct RestorationTests {
    private func folder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("caret-restore-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A window with two text views, one with a restoration identifier.
    private func make(text: String = "Private notes that never reach the archive") throws -> (HeadlessWindow, TextView, TextView) {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let saved = TextView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        saved.restorationIdentifier = "notes"
        saved.text = text
        let unsaved = TextView(frame: Rect(x: 0, y: 120, width: 200, height: 100))
        unsaved.text = text
        root.addSubview(saved)
        root.addSubview(unsaved)
        return (host, saved, unsaved)
    }

    @Test func theSelectionAndEditabilityComeBackAtTheNextLaunch() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = RestorationArchive(url: dir.appendingPathComponent("state.json"))
        do {
            let (host, saved, unsaved) = try make()
            saved.selectedRange = NSRange(location: 8, length: 5)
            saved.isEditable = false
            unsaved.selectedRange = NSRange(location: 3, length: 2)
            try archive.save(host.window)
        }
        let bytes = try String(contentsOf: archive.url, encoding: .utf8)
        #expect(!bytes.contains("Private"))  // ranges and flags only, never the text
        let (host, saved, unsaved) = try make()  // the next launch
        #expect(try archive.restore(host.window) == 1)
        #expect(saved.selectedRange == NSRange(location: 8, length: 5) && !saved.isEditable)
        #expect(unsaved.selectedRange != NSRange(location: 3, length: 2) && unsaved.isEditable)
    }

    @Test func aRangeThatNoLongerFitsSelectsNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = RestorationArchive(url: dir.appendingPathComponent("state.json"))
        do {
            let (host, saved, _) = try make()
            saved.selectedRange = NSRange(location: 30, length: 10)
            try archive.save(host.window)
        }
        let (host, saved, _) = try make(text: "Short now")
        try archive.restore(host.window)
        #expect(saved.selectedRange == NSRange(location: 0, length: 0))
    }

    @Test func aWriterKilledBeforeTheRenameLeavesThePreviousArchiveIntact() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = RestorationArchive(url: dir.appendingPathComponent("state.json"))
        let (host, saved, _) = try make()
        saved.selectedRange = NSRange(location: 1, length: 2)
        try archive.save(host.window)
        let before = try Data(contentsOf: archive.url)
        saved.selectedRange = NSRange(location: 5, length: 5)
        #expect(throws: WriterDied.self) { try archive.save(host.window) { throw WriterDied() } }
        #expect(try Data(contentsOf: archive.url) == before)  // the old archive, whole
        let (next, restored, _) = try make()
        try archive.restore(next.window)
        #expect(restored.selectedRange == NSRange(location: 1, length: 2))
        // A temporary file of another writer that died (another process) is cleared by the next save.
        try Data("half".utf8).write(to: dir.appendingPathComponent(".state.json.99999.tmp"))
        // The next save replaces it, and leaves no temporary file behind.
        try archive.save(host.window)
        try archive.restore(next.window)
        #expect(restored.selectedRange == NSRange(location: 5, length: 5))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aDamagedArchiveIsAClearErrorAndChangesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = RestorationArchive(url: dir.appendingPathComponent("state.json"))
        let (host, saved, _) = try make()
        #expect(try archive.restore(host.window) == 0)  // none yet: nothing to do
        try Data("{\"views\": [".utf8).write(to: archive.url)
        saved.selectedRange = NSRange(location: 2, length: 3)
        var message = ""
        do { try archive.restore(host.window) } catch { message = "\(error)" }
        #expect(message.contains("state.json") && message.contains("not a restoration archive"))
        #expect(saved.selectedRange == NSRange(location: 2, length: 3) && saved.isEditable)
    }

    /// A file far larger than any archive (2 GiB, sparse here) is refused by its size, unread:
    /// reading it whole took 33 s and 2.1 GB before the error. The bound is the archive's own.
    @Test func anArchiveTooLargeToBeOneIsRefusedUnread() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let archive = RestorationArchive(url: dir.appendingPathComponent("state.json"))
        let (host, saved, _) = try make()
        saved.selectedRange = NSRange(location: 2, length: 3)
        for size: UInt64 in [2 << 30, UInt64(RestorationArchive.maximumSize) + 1] {
            _ = FileManager.default.createFile(atPath: archive.url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: archive.url)
            try handle.truncate(atOffset: size)
            try handle.close()
            var message = ""
            do { try archive.restore(host.window) } catch { message = "\(error)" }
            #expect(message.contains("state.json") && message.contains("larger than a restoration archive can be"), "\(size): \(message)")
            let shown = ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .binary)
            #expect(message.contains("is \(shown),"), "its size, \(shown), is said: \(message)")
            #expect(saved.selectedRange == NSRange(location: 2, length: 3))
        }
        // Just under the bound it is read, and found not to be an archive (a JSON error, not the size).
        let handle = try FileHandle(forWritingTo: archive.url)
        try handle.truncate(atOffset: UInt64(RestorationArchive.maximumSize))
        try handle.close()
        var message = ""
        do { try archive.restore(host.window) } catch { message = "\(error)" }
        #expect(message.contains("not a restoration archive"), "\(message)")
    }
}
