// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import Caret

/// Prefix sums with point updates and searches, against a plain array, over small sizes.
@Suite struct FenwickTreeTests {
    private func sums(_ values: [Int]) -> [Int] { values.indices.map { values[..<$0].reduce(0, +) } + [values.reduce(0, +)] }

    @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 33], [1, 2, 3, 512])
    func prefixSumsMatchAPlainArrayAfterEveryUpdate(_ count: Int, blockLength: Int) {
        var values = (0..<count).map { ($0 * 7) % 5 + 1 }
        var tree = FenwickTree(values, blockLength: blockLength)
        #expect((0...count).map { tree.prefixSum($0) } == sums(values))
        for i in 0..<count {
            values[i] = (i * 3) % 4
            tree.set(i, to: values[i])
            #expect((0...count).map { tree.prefixSum($0) } == sums(values))
        }
        #expect(tree.total == values.reduce(0, +) && tree.values == values && tree.count == count)
        #expect(tree.prefixSum(count + 5) == tree.total)  // past the end: everything
        #expect((0..<count).map { tree[$0] } == values)
    }

    /// Blocks of 1, 2, 3 and 4 values, empty spans at their edges and whole empty blocks: every
    /// target from before the start to past the end lands where a walk of the plain array says.
    @Test(arguments: [1, 2, 3, 4])
    func indexContainingMatchesAWalkOfThePlainArrayAcrossBlocks(_ blockLength: Int) {
        let values = [0, 3, 0, 0, 2, 0, 0, 0, 0, 5, 1, 0, 4, 0]
        let tree = FenwickTree(values, blockLength: blockLength)
        for target in -1...(values.reduce(0, +) + 2) {
            // The last index whose span starts at or before the target (so empty spans are skipped).
            let expected = values.indices.last { values[..<$0].reduce(0, +) <= target } ?? 0
            #expect(tree.index(containing: target) == expected, "target \(target)")
        }
    }

    /// A copy edited after it was shared (a document and its layout's copy) leaves the original as it was.
    @Test func anEditedCopyLeavesTheOriginalAlone() {
        let values = Array(1...40)
        let original = FenwickTree(values, blockLength: 4)
        var copy = original
        copy.set(17, to: 100)
        #expect(original.values == values && original.total == values.reduce(0, +))
        #expect(copy[17] == 100 && copy.total == values.reduce(0, +) - 18 + 100 && copy.prefixSum(20) == values[..<20].reduce(0, +) - 18 + 100)
    }

    @Test func indexContainingFindsTheSpanHoldingATargetAndSkipsEmptyOnes() {
        let tree = FenwickTree([3, 0, 2, 5])  // spans [0,3) [3,3) [3,5) [5,10)
        #expect(tree.index(containing: 0) == 0)
        #expect(tree.index(containing: 2) == 0)
        #expect(tree.index(containing: 3) == 2)  // the empty span holds nothing
        #expect(tree.index(containing: 4) == 2)
        #expect(tree.index(containing: 5) == 3)
        #expect(tree.index(containing: 99) == 3)  // past the end: the last index
        #expect(FenwickTree<Int>([]).index(containing: 1) == 0)
    }

    @Test func replacingASubrangeSplitsAndJoinsSpans() {
        var tree = FenwickTree([1.5, 2.5, 3.0])
        tree.replaceSubrange(1..<2, with: [1.0, 1.0, 0.5])
        #expect(tree.values == [1.5, 1.0, 1.0, 0.5, 3.0] && tree.total == 7.0 && tree.prefixSum(3) == 3.5)
        tree.replaceSubrange(0..<4, with: [])
        #expect(tree.values == [3.0] && tree.total == 3.0)
    }
}
