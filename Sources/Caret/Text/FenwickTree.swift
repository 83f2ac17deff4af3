/// Prefix sums with O(log n) point updates and searches: where each paragraph starts (in UTF-16
/// units) and at which y, without touching every later paragraph on a keystroke.
struct FenwickTree<Value: AdditiveArithmetic & Comparable & Sendable>: Sendable, Equatable {
    private var tree: [Value]
    private(set) var values: [Value]

    init(_ values: [Value] = []) {
        self.values = values
        tree = Array(repeating: .zero, count: values.count + 1)
        // Linear-time construction.
        for i in 0..<values.count {
            tree[i + 1] += values[i]
            let parent = (i + 1) + ((i + 1) & -(i + 1))
            if parent <= values.count { tree[parent] += tree[i + 1] }
        }
    }

    var count: Int { values.count }

    /// The sum of the first `n` values.
    func prefixSum(_ n: Int) -> Value {
        var i = min(n, values.count)
        var sum = Value.zero
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The sum of all values.
    var total: Value { prefixSum(values.count) }

    /// Sets one value.
    mutating func set(_ index: Int, to value: Value) {
        let delta = value - values[index]
        guard delta != .zero else { return }
        values[index] = value
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The index `i` whose span [prefixSum(i), prefixSum(i + 1)) holds `target` (values must be
    /// non-negative); the last index for targets at or past the end.
    func index(containing target: Value) -> Int {
        guard !values.isEmpty else { return 0 }
        var position = 0
        var remaining = target
        var step = 1
        while step * 2 <= values.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= values.count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(position, values.count - 1)
    }

    /// Replaces values in a range with new ones (rebuilds: used when paragraphs are split or joined).
    mutating func replaceSubrange(_ range: Range<Int>, with newValues: [Value]) {
        var all = values
        all.replaceSubrange(range, with: newValues)
        self = FenwickTree(all)
    }
}
