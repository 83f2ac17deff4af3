// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Decodes image files (PNG, JPEG) for `Image(named:)`. Caret's core decodes no file format
/// itself: a backend that can (CaretSDL, with SDL_image) installs one in `ImageDecoders.installed`.
@preconcurrency @MainActor
public protocol ImageDecoder: AnyObject {
    /// The image a file holds; an error for a file that is not a decodable image.
    func image(contentsOfFile path: String) throws(CaretError) -> Image
}

/// Where the process's image decoder is installed.
@preconcurrency @MainActor
public enum ImageDecoders {
    /// The decoder `Image(named:)` uses (nil until a backend installs one: then no image is found).
    public static var installed: ImageDecoder?
}

extension Image {
    /// The image asset of a name (UIKit's `UIImage(named:)`): nil for a missing or corrupt asset.
    /// Looked for in the main bundle's resources, then in the asset folders (`Assets`, the app's
    /// own added with `Assets.addSearchPath`), at their root and in `Icons/`. A name without an
    /// extension tries `png`, `jpg` and `jpeg`, each preferring its `@2x`, then its plain, then its
    /// `@3x` file (the scale comes from the file's name).
    @MainActor
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// The image asset of a name in a bundle (`Bundle.module` for a SwiftPM target's resources;
    /// nil: the main bundle), then in the asset folders, as `init?(named:)` (UIKit's
    /// `UIImage(named:in:compatibleWith:)` without traits).
    @MainActor
    public convenience init?(named name: String, in bundle: Bundle?) {
        guard !name.isEmpty, let decoder = ImageDecoders.installed else { return nil }
        let ext = (name as NSString).pathExtension
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        let files = extensions.flatMap { ext in ["@2x", "", "@3x"].map { "\(base)\($0).\(ext)" } }
        var folders: [String] = []
        if let path = (bundle ?? Bundle.main).resourcePath { folders.append(path) }
        for folder in Assets.searchPaths { folders += [folder, (folder as NSString).appendingPathComponent("Icons")] }
        for folder in folders {
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                // The first file of the name is the asset: a corrupt one is nil, not another's.
                guard let image = try? decoder.image(contentsOfFile: path) else { return nil }
                try? self.init(pixels: image.pixels, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, scale: image.scale)
                return
            }
        }
        return nil
    }
}
