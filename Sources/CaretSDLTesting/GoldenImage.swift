// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDL
import CaretTesting
import Foundation

/// Compares rendered pixels with a reference PNG, allowing a per-channel tolerance, and on a
/// mismatch writes `<name>.actual.png` and `<name>.diff.png` beside the reference (LVGL's
/// `TEST_ASSERT_EQUAL_SCREENSHOT`). `CARET_RECORD_GOLDENS=1` writes the references instead.
///
/// What counts as noise is anti-aliasing: a few scattered pixels. Any group of touching differing
/// pixels larger than `maximumCluster` fails (a 2×20-pixel caret, an underline, a moved glyph),
/// and so does any differing pixel inside a region the test names as what it shows.
@preconcurrency @MainActor
public struct GoldenImage {
    /// The outcome of a comparison.
    public struct Result: CustomStringConvertible {
        /// Whether the image matched (or was recorded).
        public let matches: Bool
        /// What happened, with paths to look at.
        public let message: String
        /// Pixels whose difference exceeded the tolerance.
        public let differingPixels: Int
        public var description: String { message }
    }

    /// The folder holding the reference images.
    public let directory: String
    /// The largest per-channel difference that still counts as equal.
    public var tolerance: Int = 8
    /// The fraction of pixels allowed to exceed the tolerance (anti-aliasing differences), as
    /// long as none of them touch in a group larger than `maximumCluster`.
    public var allowedFraction: Double = 0.001
    /// The largest group of touching differing pixels that still counts as anti-aliasing noise.
    public var maximumCluster = 4
    /// Whether a mismatch writes `.actual.png` and `.diff.png` beside the reference.
    public var writesArtifacts = true

    /// Whether references are written instead of compared (`CARET_RECORD_GOLDENS=1`).
    public var recordMode = ProcessInfo.processInfo.environment["CARET_RECORD_GOLDENS"] == "1"

    /// Compares against PNGs in `directory`.
    public init(directory: String) { self.directory = directory }

    /// Compares an image with `<directory>/<name>.png`; within `regions` (points: what the test
    /// shows, such as the caret or an underline) no pixel may differ.
    public func compare(_ image: Image, named name: String, exactIn regions: [Rect] = []) -> Result {
        let path = (directory as NSString).appendingPathComponent(name + ".png")
        if recordMode {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try image.writePNG(to: path)
                return Result(matches: true, message: "recorded \(path)", differingPixels: 0)
            } catch {
                return Result(matches: false, message: "could not record \(path): \(error)", differingPixels: -1)
            }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            let actual = writeSibling(image, path: path, suffix: "actual")
            return Result(
                matches: false,
                message: "no reference image \(path) (run with CARET_RECORD_GOLDENS=1 to record it; got \(actual))",
                differingPixels: -1)
        }
        let reference: Image
        do { reference = try Image(contentsOfFile: path) } catch {
            return Result(matches: false, message: "cannot read reference \(path): \(error)", differingPixels: -1)
        }
        guard reference.pixelWidth == image.pixelWidth, reference.pixelHeight == image.pixelHeight else {
            let actual = writeSibling(image, path: path, suffix: "actual")
            return Result(
                matches: false,
                message: "size \(image.pixelWidth)×\(image.pixelHeight) differs from reference "
                    + "\(reference.pixelWidth)×\(reference.pixelHeight) (\(path); actual: \(actual))", differingPixels: -1)
        }
        var differing = 0
        var maxDelta = 0
        var diff = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                for i in stride(from: 0, to: a.count, by: 4) {
                    var delta = 0
                    for c in 0..<4 { delta = max(delta, abs(Int(a[i + c]) - Int(b[i + c]))) }
                    maxDelta = max(maxDelta, delta)
                    if delta > tolerance {
                        differing += 1
                        diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 255; diff[i + 3] = 255
                    } else {
                        // Faded reference where it matches, so the magenta differences stand out.
                        let grey = UInt8((Int(b[i]) + Int(b[i + 1]) + Int(b[i + 2])) / 12 + 191)
                        diff[i] = grey; diff[i + 1] = grey; diff[i + 2] = grey; diff[i + 3] = 255
                    }
                }
            }
        }
        let total = image.pixelWidth * image.pixelHeight
        let cluster = largestCluster(diff, width: image.pixelWidth, height: image.pixelHeight)
        let inRegions = differingPixels(diff, in: regions, scale: image.scale, width: image.pixelWidth, height: image.pixelHeight)
        var problems: [String] = []
        if Double(differing) > Double(total) * allowedFraction { problems.append("\(differing) of \(total) pixels differ") }
        if cluster.size > maximumCluster {
            problems.append("\(cluster.size) touching pixels differ around pixel (\(cluster.x), \(cluster.y))")
        }
        if inRegions > 0 { problems.append("\(inRegions) pixels differ in what the test shows (\(regions))") }
        if problems.isEmpty {
            return Result(
                matches: true,
                message: "matches \(path) (\(differing) pixels over tolerance, largest group \(cluster.size), max delta \(maxDelta))",
                differingPixels: differing)
        }
        let detail = problems.joined(separator: "; ") + " by more than \(tolerance) from \(path) (max delta \(maxDelta))"
        guard writesArtifacts else { return Result(matches: false, message: detail, differingPixels: differing) }
        let actual = writeSibling(image, path: path, suffix: "actual")
        let diffPath =
            (try? Image(pixels: diff, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight))
            .map { writeSibling($0, path: path, suffix: "diff") } ?? "(diff not written)"
        return Result(matches: false, message: detail + "; actual: \(actual), diff: \(diffPath)", differingPixels: differing)
    }

    /// Whether the diff image marks a pixel as differing (magenta).
    private static func marked(_ diff: [UInt8], _ i: Int) -> Bool { diff[i] == 255 && diff[i + 1] == 0 && diff[i + 2] == 255 }

    /// The largest group of differing pixels that touch (8-connected), and one of its pixels.
    private func largestCluster(_ diff: [UInt8], width: Int, height: Int) -> (size: Int, x: Int, y: Int) {
        var seen = [Bool](repeating: false, count: width * height)
        var best = (size: 0, x: 0, y: 0)
        var stack: [Int] = []
        for start in 0..<(width * height) where !seen[start] && Self.marked(diff, start * 4) {
            seen[start] = true
            stack.append(start)
            var size = 0
            while let p = stack.popLast() {
                size += 1
                let x = p % width, y = p / width
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let q = ny * width + nx
                        if !seen[q] && Self.marked(diff, q * 4) {
                            seen[q] = true
                            stack.append(q)
                        }
                    }
                }
            }
            if size > best.size { best = (size, start % width, start / width) }
        }
        return best
    }

    /// How many differing pixels lie in the regions (points, scaled to pixels).
    private func differingPixels(_ diff: [UInt8], in regions: [Rect], scale: Double, width: Int, height: Int) -> Int {
        var count = 0
        for region in regions {
            let x0 = max(0, Int((region.minX * scale).rounded(.down))), x1 = min(width, Int((region.maxX * scale).rounded(.up)))
            let y0 = max(0, Int((region.minY * scale).rounded(.down))), y1 = min(height, Int((region.maxY * scale).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 where Self.marked(diff, (y * width + x) * 4) { count += 1 }
            }
        }
        return count
    }

    private func writeSibling(_ image: Image, path: String, suffix: String) -> String {
        let target = (path as NSString).deletingPathExtension + ".\(suffix).png"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try image.writePNG(to: target)
            return target
        } catch {
            return "(could not write \(target): \(error))"
        }
    }
}
