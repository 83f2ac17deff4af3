// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
import Caret
import Foundation

/// ATK's questions, as C callbacks into the bridge. ATK asks them on the bridge's thread: each
/// hops to the main thread (answered in `pump()`) and waits; once the bridge stops, they get
/// their fallbacks.
extension ATSPIBridge {
    nonisolated private static func with<T>(_ context: UnsafeMutableRawPointer?, _ fallback: T, _ body: @MainActor (ATSPIBridge) -> T) -> T {
        guard let context else { return fallback }
        nonisolated(unsafe) var result = fallback
        let address = UInt(bitPattern: context)
        func answer() {
            MainActor.assumeIsolated {
                let bridge = Unmanaged<ATSPIBridge>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
                result = body(bridge)
            }
        }
        if Thread.isMainThread {
            answer()
        } else {
            let bridge = Unmanaged<ATSPIBridge>.fromOpaque(context).takeUnretainedValue()
            _ = bridge.hop.ask(answer)
        }
        return result
    }

    nonisolated private static func copy(_ string: String?) -> UnsafeMutablePointer<CChar>? { string.flatMap { strdup($0) } }

    /// Where a callback writes its answers (C out-parameters, written on the thread that asked).
    private struct Out: @unchecked Sendable {
        let pointers: [UnsafeMutablePointer<Int32>?]
        init(_ pointers: UnsafeMutablePointer<Int32>?...) { self.pointers = pointers }
        func store(_ values: Int32...) { for (pointer, value) in zip(pointers, values) { pointer?.pointee = value } }
    }

    nonisolated(unsafe) static let callbacks = caret_atk_callbacks(
        context: nil,
        child_count: { context, id in with(context, 0) { Int32($0.children(of: id).count) } },
        child_at: { context, id, index in
            with(context, -1) { bridge in
                let children = bridge.children(of: id)
                return children.indices.contains(Int(index)) ? bridge.id(of: children[Int(index)]) : -1
            }
        },
        parent: { context, id in with(context, -1) { $0.parent(of: id) } },
        index_in_parent: { context, id in
            with(context, -1) { bridge in
                if id == 1 { return 0 }
                let parent = bridge.parent(of: id)
                guard parent >= 0, let node = bridge.node(id) else { return -1 }
                return Int32(bridge.children(of: parent).firstIndex { $0 === node } ?? -1)
            }
        },
        name: { context, id in
            with(context, nil) { bridge in
                if id == 1 { return copy(bridge.applicationName) }
                return copy(bridge.name(of: id))
            }
        },
        description: { context, id in with(context, nil) { copy($0.node(id)?.accessibilityHint) } },
        role: { context, id in with(context, Int32(CARET_ATK_ROLE_PANEL)) { $0.role(of: id) } },
        states: { context, id in with(context, 0) { $0.states(of: id) } },
        extents: { context, id, x, y, width, height in
            let out = Out(x, y, width, height)
            with(context, ()) { bridge in
                guard let node = bridge.node(id) else { return }
                let (sx, sy, sw, sh) = bridge.screenRect(id == 1 ? (bridge.window?.bounds ?? .zero) : node.accessibilityFrame)
                out.store(sx, sy, sw, sh)
            }
        },
        action_count: { context, id in with(context, 0) { Int32($0.actions(of: id).count) } },
        action_name: { context, id, index in
            with(context, nil) { bridge in
                let actions = bridge.actions(of: id)
                return actions.indices.contains(Int(index)) ? copy(actions[Int(index)].name) : nil
            }
        },
        do_action: { context, id, index in
            with(context, 0) { bridge in
                let actions = bridge.actions(of: id)
                return actions.indices.contains(Int(index)) && actions[Int(index)].run() ? 1 : 0
            }
        },
        grab_focus: { context, id in
            with(context, 0) { bridge in
                guard let node = bridge.node(id) else { return 0 }
                if let responder = node as? Responder, responder.becomeFirstResponder() { return 1 }
                return node is AccessibilityTextNode && node.accessibilityActivate() ? 1 : 0
            }
        },
        text: { context, id, start, end in
            with(context, nil) { bridge in
                guard let node = bridge.textNode(id) else { return nil }
                return copy(node.accessibilityText(in: node.utf16Range(characters: start, end)))
            }
        },
        character_count: { context, id in
            with(context, 0) { bridge in bridge.textNode(id).map { Int32($0.accessibilityCharacterOffset(ofUTF16: $0.accessibilityTextLength)) } ?? 0
            }
        },
        unit_range: { context, id, offset, unit, start, end in
            let out = Out(start, end)
            with(context, ()) { bridge in
                guard let node = bridge.textNode(id) else { return }
                let granularity: AccessibilityTextGranularity =
                    switch Int(unit) {
                    case Int(CARET_ATK_UNIT_WORD): .word
                    case Int(CARET_ATK_UNIT_SENTENCE): .sentence
                    case Int(CARET_ATK_UNIT_LINE): .line
                    case Int(CARET_ATK_UNIT_PARAGRAPH): .paragraph
                    default: .character
                    }
                let range = node.accessibilityTextRange(
                    enclosing: node.accessibilityUTF16Offset(ofCharacter: Int(max(0, offset))), granularity: granularity)
                out.store(node.characters(range.lowerBound), node.characters(range.upperBound))
            }
        },
        selection: { context, id, start, end in
            let out = Out(start, end)
            with(context, ()) { bridge in
                guard let node = bridge.textNode(id) else { return }
                let range = node.accessibilitySelectedRange
                out.store(node.characters(range.lowerBound), node.characters(range.upperBound))
            }
        },
        set_selection: { context, id, start, end in
            with(context, 0) { bridge in
                guard let node = bridge.textNode(id) else { return 0 }
                node.accessibilitySetSelectedRange(node.utf16Range(characters: start, end))
                return 1
            }
        },
        character_extents: { context, id, offset, x, y, width, height in
            let out = Out(x, y, width, height)
            with(context, ()) { bridge in
                guard let node = bridge.textNode(id) else { return }
                let (sx, sy, sw, sh) = bridge.screenRect(node.accessibilityFrame(forRange: node.utf16Range(characters: offset, offset + 1)))
                out.store(sx, sy, sw, sh)
            }
        },
        offset_at_point: { context, id, x, y in
            with(context, -1) { bridge in
                guard let node = bridge.textNode(id) else { return -1 }
                let (origin, scale) = bridge.screenGeometry()
                let point = Point(x: (Double(x) - origin.x) / scale, y: (Double(y) - origin.y) / scale)
                return node.characters(node.accessibilityOffset(at: point))
            }
        },
        replace_text: { context, id, start, end, text in
            let replacement = text.map { String(cString: $0) } ?? ""
            return with(context, 0) { bridge in
                guard let node = bridge.textNode(id) else { return 0 }
                return node.accessibilityReplace(node.utf16Range(characters: start, end), with: replacement) ? 1 : 0
            }
        },
        is_text: { context, id in with(context, 0) { $0.textNode(id) != nil ? 1 : 0 } },
        language: { context, id in with(context, nil) { copy($0.node(id)?.accessibilityLanguage) } },
        // On the bridge's thread: a main thread waiting for the key's verdict looks again.
        key_answered: { context in
            guard let context else { return }
            Unmanaged<ATSPIBridge>.fromOpaque(context).takeUnretainedValue().hop.notify()
        },
        table_rows: { context, id in with(context, 0) { Int32($0.tableRows(id)) } },
        table_cell: { context, id, row in with(context, -1) { $0.tableCell(id, row: Int(row)) } },
        table_row_of: { context, id, cell in with(context, -1) { Int32($0.tableRow(id, of: cell)) } },
        table_selected_rows: { context, id, rows in
            let selected = with(context, []) { $0.tableSelectedRows(id) }
            guard let rows, !selected.isEmpty, let memory = malloc(selected.count * MemoryLayout<Int32>.size) else { return 0 }
            let out = memory.bindMemory(to: Int32.self, capacity: selected.count)
            for (index, row) in selected.enumerated() { out[index] = Int32(row) }
            rows.pointee = out
            return Int32(selected.count)
        },
        relations: { context, id, kind, ids in
            let related = with(context, []) { $0.relations(of: id, kind: kind) }
            guard let ids, !related.isEmpty, let memory = malloc(related.count * MemoryLayout<Int64>.size) else { return 0 }
            let out = memory.bindMemory(to: Int64.self, capacity: related.count)
            for (index, id) in related.enumerated() { out[index] = id }
            ids.pointee = out
            return Int32(related.count)
        }
    )
}

extension AccessibilityTextNode {
    /// The code-point offset (AT-SPI's) of a UTF-16 offset, as ATK takes it.
    func characters(_ utf16: Int) -> Int32 { Int32(clamping: accessibilityCharacterOffset(ofUTF16: utf16)) }

    /// The UTF-16 range between two code-point offsets in either order (-1: the end).
    func utf16Range(characters start: Int32, _ end: Int32) -> Range<Int> {
        func units(_ offset: Int32) -> Int { offset < 0 ? accessibilityTextLength : accessibilityUTF16Offset(ofCharacter: Int(offset)) }
        let a = units(start), b = units(end)
        return min(a, b)..<max(a, b)
    }
}
