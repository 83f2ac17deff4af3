// SPDX-License-Identifier: Apache-2.0

/// What a presenting renderer has found out about its back buffer's pixels after a present:
/// whether the driver keeps them (Mesa's software OpenGL copies the back buffer to the window and
/// keeps it) so damage can be drawn straight into it, or loses them (flipped or swapped buffers).
///
/// The check is made once, on the first presented whole frame that is not one colour: any other
/// buffer the driver could hand back then was never drawn into or holds an earlier frame of one
/// colour, so only a kept buffer can equal it. The pixels compared are strips of the frame read
/// back by the caller (`strips`), so this value holds no SDL state and is tested on its own.
struct BackBufferProbe {
    /// A size in pixels.
    typealias PixelSize = (width: Int32, height: Int32)

    enum Finding: Equatable {
        /// Not checked yet: frames are drawn whole and the first one not of one colour is
        /// remembered (a few tries).
        case unknown(attempts: Int)
        /// Strips of the last presented frame, to compare with the back buffer before the next.
        case probing(width: Int32, height: Int32, pixels: [UInt32])
        /// It keeps them.
        case kept
        /// It does not.
        case lost
    }

    /// What is known so far.
    private(set) var finding = Finding.unknown(attempts: 0)
    /// The size of the whole frame the kept back buffer holds; nil when it holds none.
    private(set) var frame: PixelSize?

    /// Whether the back buffer was found to lose its pixels.
    var isLost: Bool { finding == .lost }

    /// Whether a shown frame waits to be compared with the back buffer.
    var isProbing: Bool {
        if case .probing = finding { return true }
        return false
    }

    /// Whether the back buffer keeps its pixels and holds a whole frame of this size.
    func holdsWholeFrame(of output: PixelSize) -> Bool {
        guard finding == .kept, let frame else { return false }
        return frame.width == output.width && frame.height == output.height
    }

    /// The next frame is drawn whole (resized, rescaled, textures lost); a decided finding stays.
    mutating func forgetFrame() { frame = nil }

    /// After a whole frame of `output`'s size reached the back buffer: while unchecked, remembers
    /// its strips (nil: they could not be read) to compare before the next frame. A frame of one
    /// colour proves nothing: after three of those the renderer settles for losing them.
    mutating func wholeFrameShown(_ output: PixelSize, strips: () -> [UInt32]?) {
        switch finding {
        case .kept:
            frame = output
        case let .unknown(attempts):
            guard output.width > 0, output.height > 0 else { return }
            if let pixels = strips(), pixels.contains(where: { $0 != pixels[0] }) {
                finding = .probing(width: output.width, height: output.height, pixels: pixels)
            } else {
                finding = attempts >= 2 ? .lost : .unknown(attempts: attempts + 1)
            }
        case .probing, .lost:
            break
        }
    }

    /// Before the next frame: whether the back buffer, now of `output`'s size, still holds what
    /// was shown. A resize meanwhile gives new buffers: the check starts again.
    mutating func beforeNextFrame(_ output: PixelSize, mayKeep: Bool, strips: () -> [UInt32]?) {
        guard case let .probing(width, height, expected) = finding else { return }
        guard mayKeep, output.width == width, output.height == height else {
            finding = .unknown(attempts: 0)
            return
        }
        if strips() == expected {
            finding = .kept
            frame = output
        } else {
            finding = .lost
        }
    }
}
