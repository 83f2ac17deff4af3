// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import Foundation

extension Image {
    /// Decodes a PNG or JPEG file; an `@2x` or `@3x` in the name sets the scale.
    @MainActor
    public convenience init(contentsOfFile path: String) throws(CaretError) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CaretError.assetUnreadable(
                path: path,
                reason: FileManager.default.fileExists(atPath: path)
                    ? "permission denied" : "no such file")
        }
        try SDLRuntime.startImages()
        guard let loaded = caret_IMG_Load(path) else {
            throw CaretError.assetUnreadable(path: path, reason: sdlErrorMessage())
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, caret_SDL_PIXELFORMAT_RGBA32(), 0) else {
            throw CaretError.assetUnreadable(path: path, reason: sdlErrorMessage())
        }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        if caret_SDL_MUSTLOCK(rgba) != 0 { SDL_LockSurface(rgba) }
        let source = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<h {
                (target.baseAddress! + row * w * 4).update(from: source + row * pitch, count: w * 4)
            }
        }
        if caret_SDL_MUSTLOCK(rgba) != 0 { SDL_UnlockSurface(rgba) }
        let name = (path as NSString).deletingPathExtension
        let scale: Double = name.hasSuffix("@3x") ? 3 : (name.hasSuffix("@2x") ? 2 : 1)
        try self.init(pixels: bytes, pixelWidth: w, pixelHeight: h, scale: scale)
    }

    /// Loads `Icons/<name>.png` from the asset folders, preferring an `@2x` file.
    @MainActor
    public static func named(_ name: String) throws(CaretError) -> Image {
        for candidate in ["Icons/\(name)@2x.png", "Icons/\(name).png"] {
            if let path = try? Assets.path(for: candidate) { return try Image(contentsOfFile: path) }
        }
        throw CaretError.assetNotFound(name: "Icons/\(name).png", searched: Assets.candidateFolders)
    }

    /// Writes the image as a PNG file.
    @MainActor
    public func writePNG(to path: String) throws(CaretError) {
        try SDLRuntime.startImages()
        var copy = pixels
        let status: Int32 = copy.withUnsafeMutableBytes { bytes in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    bytes.baseAddress, Int32(pixelWidth), Int32(pixelHeight), 32,
                    Int32(pixelWidth * 4), caret_SDL_PIXELFORMAT_RGBA32())
            else {
                return -1
            }
            defer { SDL_FreeSurface(surface) }
            return caret_IMG_SavePNG(surface, path)
        }
        if status != 0 { throw CaretError.assetUnreadable(path: path, reason: "cannot write PNG: \(sdlErrorMessage())") }
    }
}

/// SDL_image's PNG and JPEG decoding for `Image(named:)`, installed when SDL starts video or an
/// offscreen canvas (an app's backend, a headless test's pixels).
@MainActor
final class SDLImageDecoder: ImageDecoder {
    func image(contentsOfFile path: String) throws(CaretError) -> Image { try Image(contentsOfFile: path) }

    /// Installs the decoder unless the app installed its own.
    static func install() {
        if ImageDecoders.installed == nil { ImageDecoders.installed = SDLImageDecoder() }
    }
}
