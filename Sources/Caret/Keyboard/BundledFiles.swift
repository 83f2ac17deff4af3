// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The keyboard's bundled word files (`Assets/Words`): the word lists the bar completes from and
/// the bigram tables its next words come from, each read once per process and shared by every
/// keyboard.
enum BundledWords {
    /// The word lists (`<name>.txt`).
    static let lists = BundledFiles<SuggestionProvider> { name in
        read("Words/\(name).txt") { path throws(CaretError) in try SuggestionProvider.load(contentsOf: path) }
    }
    /// The bigram tables (`<list>-pairs.txt`).
    static let pairs = BundledFiles<WordPairs> { name in
        read("Words/\(name)-pairs.txt") { path throws(CaretError) in try WordPairs.load(contentsOf: path) }
    }

    private static func read<Value>(_ asset: String, _ load: (String) throws(CaretError) -> Value) -> BundledFiles<Value>.Entry {
        guard let path = try? Assets.path(for: asset) else { return .missing }
        do throws(CaretError) { return .loaded(try load(path)) } catch { return .broken(error) }
    }
}

/// Files read once per process, in the background when offered or when first needed. One needed
/// now is read at once by the one who needs it, never after those offered before it (they wait
/// their turn on the background thread), and only one reader reads a file.
final class BundledFiles<Value: Sendable>: @unchecked Sendable {
    enum Entry: Sendable {
        case missing
        case loaded(Value)
        case broken(CaretError)
    }

    private let lock = NSCondition()
    private var entries: [String: Entry] = [:]
    /// Offered and not yet started, in order.
    private var queued: [String] = []
    /// Being read now (by the background thread or by one who needed it).
    private var reading: Set<String> = []
    /// Whether the background thread is working through `queued`.
    private var prefetching = false
    private let read: @Sendable (String) -> Entry

    /// Files read by `read` (the bundled ones; tests give their own).
    init(read: @escaping @Sendable (String) -> Entry) { self.read = read }

    /// A file by name, read now if no one has (waiting only for a read of this one under way).
    func entry(named name: String) -> Entry {
        lock.lock()
        while reading.contains(name) { lock.wait() }
        if let entry = entries[name] {
            lock.unlock()
            return entry
        }
        queued.removeAll { $0 == name }  // needed now: read here, not after those offered before it
        reading.insert(name)
        lock.unlock()
        let entry = read(name)
        store(entry, for: name)
        return entry
    }

    /// Reads files in the background, in order (those not read, queued or being read).
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

    /// The next offered file to read in the background, taken off the queue; nil when none is left.
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
}
