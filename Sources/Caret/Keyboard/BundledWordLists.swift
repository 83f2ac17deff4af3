// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The bundled word lists (`Assets/Words`), read once per process and shared by every keyboard;
/// read in the background when offered, or when first needed.
final class BundledWordLists: @unchecked Sendable {
    enum Entry: Sendable {
        case missing
        case loaded(SuggestionProvider)
        case broken(CaretError)
    }

    static let shared = BundledWordLists()
    private let lock = NSCondition()
    private var entries: [String: Entry] = [:]
    private var loading: Set<String> = []

    /// A list by name, read now if no one has (waiting for a background read under way).
    func list(named name: String) -> Entry {
        lock.lock()
        while loading.contains(name) { lock.wait() }
        if let entry = entries[name] {
            lock.unlock()
            return entry
        }
        loading.insert(name)
        lock.unlock()
        let entry = Self.read(name)
        store(entry, for: name)
        return entry
    }

    /// Reads lists in the background (those not read or being read).
    func prefetch(_ names: [String]) {
        lock.lock()
        let wanted = names.filter { entries[$0] == nil && !loading.contains($0) }
        loading.formUnion(wanted)
        lock.unlock()
        guard !wanted.isEmpty else { return }
        Thread.detachNewThread { [self] in
            for name in wanted { store(Self.read(name), for: name) }
        }
    }

    private func store(_ entry: Entry, for name: String) {
        lock.lock()
        entries[name] = entry
        loading.remove(name)
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
