import Caret
import CaretSDL
import CaretTesting
import Foundation

/// Compares rendered pixels with a reference PNG, allowing a per-channel tolerance, and on a
/// mismatch writes `<name>.actual.png` and `<name>.diff.png` beside the reference (LVGL's
/// `TEST_ASSERT_EQUAL_SCREENSHOT`). `CARET_RECORD_GOLDENS=1` writes the references instead.
@MainActor
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
    /// The fraction of pixels allowed to exceed the tolerance (anti-aliasing differences).
    public var allowedFraction: Double = 0.001

    /// Whether references are written instead of compared (`CARET_RECORD_GOLDENS=1`).
    public var recordMode = ProcessInfo.processInfo.environment["CARET_RECORD_GOLDENS"] == "1"

    /// Compares against PNGs in `directory`.
    public init(directory: String) { self.directory = directory }

    /// Compares an image with `<directory>/<name>.png`.
    public func compare(_ image: Image, named name: String) -> Result {
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
        if Double(differing) <= Double(total) * allowedFraction {
            return Result(
                matches: true, message: "matches \(path) (\(differing) pixels over tolerance, max delta \(maxDelta))",
                differingPixels: differing)
        }
        let actual = writeSibling(image, path: path, suffix: "actual")
        let diffPath =
            (try? Image(pixels: diff, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight))
            .map { writeSibling($0, path: path, suffix: "diff") } ?? "(diff not written)"
        return Result(
            matches: false,
            message: "\(differing) of \(total) pixels differ by more than \(tolerance) from \(path) "
                + "(max delta \(maxDelta)); actual: \(actual), diff: \(diffPath)", differingPixels: differing)
    }

    private func writeSibling(_ image: Image, path: String, suffix: String) -> String {
        let target = (path as NSString).deletingPathExtension + ".\(suffix).png"
        do {
            try image.writePNG(to: target)
            return target
        } catch {
            return "(could not write \(target): \(error))"
        }
    }
}
