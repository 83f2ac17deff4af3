// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import Caret

/// The selection gesture's state on its own: drags extend by the unit the gesture began with.
@Suite struct SelectionGestureTests {
    let document = TextDocument("one two three\nfour five")

    @Test func aDoubleClickDragExtendsByWholeWordsEitherWay() {
        var gesture = SelectionGesture()
        #expect(gesture.select(.word, at: 5, in: document) == TextSelection(anchor: 4, head: 7))  // "two"
        #expect(gesture.extend(to: 10, in: document) == TextSelection(anchor: 4, head: 13))  // through "three"
        #expect(gesture.extend(to: 1, in: document) == TextSelection(anchor: 7, head: 0))  // back over "one"
        #expect(gesture.extend(to: 5, in: document) == TextSelection(anchor: 4, head: 7))  // never less than the word
    }

    @Test func aTripleClickDragExtendsByParagraphsAndACharacterDragByCharacters() {
        var gesture = SelectionGesture()
        #expect(gesture.select(.paragraph, at: 2, in: document).range == 0..<13)  // the line break is not part of it
        #expect(gesture.extend(to: 16, in: document).range == 0..<23)
        #expect(gesture.select(.character, at: 3, in: document) == TextSelection(caret: 3))
        #expect(gesture.extend(to: 9, in: document) == TextSelection(anchor: 3, head: 9))
        #expect(gesture.extend(to: 1, in: document) == TextSelection(anchor: 3, head: 1))
    }

    @Test func aHandleDragKeepsTheOtherEndAndNeverCollapsesOntoIt() {
        var gesture = SelectionGesture()
        #expect(gesture.handleDragSelection(to: 2, selection: 4..<7) == nil)  // no handle held
        gesture.draggingHandle = .backward
        #expect(gesture.handleDragSelection(to: 2, selection: 4..<7) == TextSelection(anchor: 7, head: 2))
        #expect(gesture.handleDragSelection(to: 7, selection: 4..<7) == nil)
        gesture.draggingHandle = .forward
        #expect(gesture.handleDragSelection(to: 10, selection: 4..<7) == TextSelection(anchor: 4, head: 10))
    }

    @Test func aNewTouchForgetsTheLastOnesMovesAndHandle() {
        var gesture = SelectionGesture()
        gesture.moved = true
        gesture.longPressFired = true
        gesture.draggingHandle = .forward
        gesture.begin(inSelection: true)
        #expect(!gesture.moved && !gesture.longPressFired && gesture.draggingHandle == nil && gesture.beganInSelection)
    }
}
