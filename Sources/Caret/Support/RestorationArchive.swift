// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Saves and restores the state of views that have a `restorationIdentifier` (UIKit's state
/// preservation), in a JSON file written atomically: the new archive goes to a temporary file
/// beside it, is flushed to disk, and then renamed over the old one, so a writer killed half-way
/// leaves the previous archive intact. Text views save their selected range and whether they are
/// editable — never their text.
@preconcurrency @MainActor
public struct RestorationArchive {
    /// Where the archive lives.
    public let url: URL

    /// An archive at a file URL.
    public init(url: URL) { self.url = url }

    /// One view's saved state.
    public struct ViewState: Codable, Equatable, Sendable {
        /// The selected range's UTF-16 location.
        public var location: Int
        /// The selected range's UTF-16 length.
        public var length: Int
        /// Whether the view was editable.
        public var isEditable: Bool
    }

    private struct Contents: Codable {
        var version = 1
        var views: [String: ViewState]
    }

    /// The states of every text view with a restoration identifier under some views (a window,
    /// or screens not in a window now).
    public static func collect(from roots: [View]) -> [String: ViewState] {
        var states: [String: ViewState] = [:]
        func visit(_ view: View) {
            if let textView = view as? TextView, let id = textView.restorationIdentifier {
                let range = textView.selectedRange
                states[id] = ViewState(location: range.location, length: range.length, isEditable: textView.isEditable)
            }
            for subview in view.subviews { visit(subview) }
        }
        for root in roots { visit(root) }
        return states
    }

    /// Writes the state of the text views under some views (a window, screens);
    /// `afterWritingTemporaryFile` runs between writing the temporary file and renaming it (tests
    /// throw there to play a writer that dies at the worst moment).
    public func save(_ roots: View..., afterWritingTemporaryFile: () throws -> Void = {}) throws {
        let data = try JSONEncoder().encode(Contents(views: Self.collect(from: roots)))
        removeStaleTemporaryFiles()
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CaretError.assetUnreadable(path: temporary.path, reason: "cannot create the temporary archive")
        }
        let handle = try FileHandle(forWritingTo: temporary)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()  // on disk before it replaces anything
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        try afterWritingTemporaryFile()
        // rename(2) replaces the old archive in one step: readers see the old file or the new one.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CaretError.assetUnreadable(path: url.path, reason: "cannot replace the archive: \(reason)")
        }
    }

    /// Temporary files left by writers that died before renaming.
    private func removeStaleTemporaryFiles() {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Restores the saved state into the text views under some views with the same identifiers; a saved
    /// range that no longer fits the text selects nothing. Returns how many views were restored;
    /// no archive restores nothing; a damaged one is an error that changes nothing.
    @discardableResult
    public func restore(_ roots: View...) throws -> Int {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return 0 }
        guard !isDirectory.boolValue else { throw CaretError.assetUnreadable(path: url.path, reason: "is a directory, not an archive") }
        return try Self.restore(try read(), source: url.path, into: roots)
    }

    /// The most an archive is read of: 16 MiB, room for some 200,000 views' states (an archive
    /// holds no text). A larger file is not an archive Caret wrote; reading one whole took 33 s
    /// and 2.1 GB for 2 GiB before its error.
    public static let maximumSize = 16 << 20

    /// The archive's bytes, at most `maximumSize` of them; a larger file is an error naming its size.
    private func read() throws -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw CaretError.assetUnreadable(path: url.path, reason: "cannot be read")
        }
        defer { try? handle.close() }
        let data: Data?
        do { data = try handle.read(upToCount: Self.maximumSize + 1) } catch {
            throw CaretError.assetUnreadable(path: url.path, reason: "cannot be read: \(error.localizedDescription)")
        }
        let bytes = data ?? Data()
        guard bytes.count <= Self.maximumSize else {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? Int64(bytes.count)
            let shown = ByteCountFormatter.string(fromByteCount: size, countStyle: .binary)
            throw CaretError.assetUnreadable(
                path: url.path, reason: "is \(shown), larger than a restoration archive can be (16 MiB): not read, nothing restored")
        }
        return bytes
    }

    /// Restores from an archive's contents (`source` names it in errors) into the text views under
    /// some views; returns how many were restored. Damaged contents change nothing.
    public static func restore(_ data: Data, source: String, into roots: [View]) throws -> Int {
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw CaretError.assetUnreadable(path: source, reason: "not a restoration archive: \(error)")
        }
        var restored = 0
        func visit(_ view: View) {
            if let textView = view as? TextView, let id = textView.restorationIdentifier, let state = contents.views[id] {
                textView.isEditable = state.isEditable
                let length = (textView.text as NSString).length
                // Compared without adding: a huge saved length must not overflow.
                let fits = state.location >= 0 && state.length >= 0 && state.location <= length && state.length <= length - state.location
                textView.selectedRange =
                    fits ? NSRange(location: state.location, length: state.length) : NSRange(location: 0, length: 0)
                restored += 1
            }
            for subview in view.subviews { visit(subview) }
        }
        for root in roots { visit(root) }
        return restored
    }
}
