// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The bundled word lists (`Assets/Words`), read once per process and shared by every keyboard;
/// read in the background when offered, or when first needed. A list needed now is read at once
/// by the one who needs it, never after the lists offered before it (those wait their turn on the
/// background thread), and only one reader reads a list.
final class BundledWordLists: @unchecked Sendable {
    enum Entry: Sendable {
        case missing
        case loaded(SuggestionProvider)
        case broken(CaretError)
    }

    static let shared = BundledWordLists(read: BundledWordLists.read)
    private let lock = NSCondition()
    private var entries: [String: Entry] = [:]
    /// Offered and not yet started, in order.
    private var queued: [String] = []
    /// Being read now (by the background thread or by one who needed it).
    private var reading: Set<String> = []
    /// Whether the background thread is working through `queued`.
    private var prefetching = false
    private let read: @Sendable (String) -> Entry

    /// Lists read by `read` (the bundled files; tests give their own).
    init(read: @escaping @Sendable (String) -> Entry) { self.read = read }

    /// A list by name, read now if no one has (waiting only for a read of this list under way).
    func list(named name: String) -> Entry {
        lock.lock()
        while reading.contains(name) { lock.wait() }
        if let entry = entries[name] {
            lock.unlock()
            return entry
        }
        queued.removeAll { $0 == name }  // needed now: read here, not after the lists offered before it
        reading.insert(name)
        lock.unlock()
        let entry = read(name)
        store(entry, for: name)
        return entry
    }

    /// Reads lists in the background, in order (those not read, queued or being read).
    func prefetch(_ names: [String]) {
        lock.lock()
        for name in names where entries[name] == nil && !reading.contains(name) && !queued.contains(name) { queued.append(name) }
        let start = !queued.isEmpty && !prefetching
        if start { prefetching = true }
        lock.unlock()
        guard start else { return }
        Thread.detachNewThread { [self] in
            while let name = nextQueued() { store(read(name), for: name) }
        }
    }

    /// The next offered list to read in the background, taken off the queue; nil when none is left.
    private func nextQueued() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard !queued.isEmpty else {
            prefetching = false
            return nil
        }
        let name = queued.removeFirst()
        reading.insert(name)
        return name
    }

    private func store(_ entry: Entry, for name: String) {
        lock.lock()
        entries[name] = entry
        reading.remove(name)
        lock.broadcast()
        lock.unlock()
    }

    private static func read(_ name: String) -> Entry {
        guard let path = try? Assets.path(for: "Words/\(name).txt") else { return .missing }
        do throws(CaretError) {
            return .loaded(try SuggestionProvider.load(contentsOf: path))
        } catch {
            return .broken(error)
        }
    }
}
