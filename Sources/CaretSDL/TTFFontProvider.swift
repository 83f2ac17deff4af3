import CSDL2
import Caret
import Foundation

/// Fonts from TrueType files through SDL_ttf: exact per-glyph advances and kerning in pixels at
/// the output scale, so what `shape` measures is what the renderer draws.
///
/// Families are registered from files; DejaVu Sans and DejaVu Sans Mono come from `Assets/Fonts`.
/// A glyph a font lacks is taken from the other registered families, so the renderer and the
/// caret agree on every scalar.
@MainActor
public final class TTFFontProvider: FontProvider {
    /// A loaded face at one pixel size.
    final class Face {
        let font: OpaquePointer
        let pixelSize: Int
        let ascent: Int
        let descent: Int
        let lineSkip: Int
        let fileKey: String
        var advances: [UInt32: Int] = [:]
        var provided: [UInt32: Bool] = [:]

        init(font: OpaquePointer, pixelSize: Int, fileKey: String) {
            self.font = font
            self.pixelSize = pixelSize
            self.fileKey = fileKey
            ascent = Int(TTF_FontAscent(font))
            descent = Int(TTF_FontDescent(font))
            lineSkip = Int(TTF_FontLineSkip(font))
        }

        func provides(_ scalar: UInt32) -> Bool {
            if let known = provided[scalar] { return known }
            let has = TTF_GlyphIsProvided32(font, scalar) != 0
            provided[scalar] = has
            return has
        }

        func advance(_ scalar: UInt32) -> Int {
            if let known = advances[scalar] { return known }
            var minx: Int32 = 0, maxx: Int32 = 0, miny: Int32 = 0, maxy: Int32 = 0, adv: Int32 = 0
            let value = TTF_GlyphMetrics32(font, scalar, &minx, &maxx, &miny, &maxy, &adv) == 0 ? Int(adv) : 0
            advances[scalar] = value
            return value
        }

        deinit { TTF_CloseFont(font) }
    }

    private struct FaceKey: Hashable {
        let path: String
        let pixelSize: Int
        let syntheticBold: Bool
    }

    private struct StyleKey: Hashable {
        let family: String
        let weight: Font.Weight
        let italic: Bool
    }

    /// Pixels per point: glyphs are rasterised at `pointSize × scale` pixels.
    public let scale: Double

    private var files: [StyleKey: String] = [:]
    private var familyOrder: [String] = []
    private var faces: [FaceKey: Face] = [:]

    /// Opens the bundled DejaVu fonts from the asset folders, or only from `fontDirectory` when
    /// given; fails with the paths searched when they are missing.
    public init(scale: Double = 1, fontDirectory: String? = nil) throws(CaretError) {
        self.scale = max(0.25, scale)
        try SDLRuntime.startFonts()
        let bundled: [(String, Font.Weight, Bool, String)] = [
            (Font.systemFamilyName, .regular, false, "DejaVuSans.ttf"),
            (Font.systemFamilyName, .bold, false, "DejaVuSans-Bold.ttf"),
            (Font.systemFamilyName, .regular, true, "DejaVuSans-Oblique.ttf"),
            (Font.systemFamilyName, .bold, true, "DejaVuSans-BoldOblique.ttf"),
            (Font.monospacedFamilyName, .regular, false, "DejaVuSansMono.ttf"),
            (Font.monospacedFamilyName, .bold, false, "DejaVuSansMono-Bold.ttf"),
        ]
        for (family, weight, italic, file) in bundled {
            let path: String
            if let fontDirectory {
                path = (fontDirectory as NSString).appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: path) else {
                    throw CaretError.fontNotFound(name: file, searched: [fontDirectory])
                }
            } else {
                do {
                    path = try Assets.path(for: "Fonts/" + file)
                } catch {
                    throw CaretError.fontNotFound(name: file, searched: Assets.candidateFolders.map { $0 + "/Fonts" })
                }
            }
            files[StyleKey(family: family, weight: weight, italic: italic)] = path
            if !familyOrder.contains(family) { familyOrder.append(family) }
        }
        // Open the system font now so a broken file is reported at start-up, not at first draw.
        _ = try openFace(
            path: files[StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false)]!,
            pixelSize: 17, syntheticBold: false)
    }

    /// Registers a font file under a family name, weight and slant; fails if it cannot be opened.
    public func registerFont(
        atPath path: String, familyName: String, weight: Font.Weight = .regular,
        italic: Bool = false
    ) throws(CaretError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CaretError.fontNotFound(name: familyName, searched: [path])
        }
        _ = try openFace(path: path, pixelSize: 12, syntheticBold: false)
        files[StyleKey(family: familyName, weight: weight, italic: italic)] = path
        if !familyOrder.contains(familyName) { familyOrder.append(familyName) }
    }

    /// The family names that can be drawn.
    public var familyNames: [String] { familyOrder }

    private func openFace(path: String, pixelSize: Int, syntheticBold: Bool) throws(CaretError) -> Face {
        let key = FaceKey(path: path, pixelSize: pixelSize, syntheticBold: syntheticBold)
        if let face = faces[key] { return face }
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else {
            throw CaretError.invalidFont(path: path, reason: sdlErrorMessage())
        }
        TTF_SetFontKerning(font, 1)
        TTF_SetFontHinting(font, Int32(TTF_HINTING_LIGHT))
        if syntheticBold { TTF_SetFontStyle(font, Int32(TTF_STYLE_BOLD)) }
        let face = Face(font: font, pixelSize: pixelSize, fileKey: "\(path)#\(pixelSize)#\(syntheticBold)")
        faces[key] = face
        return face
    }

    func pixelSize(for font: Font) -> Int { max(1, Int((font.pointSize * scale).rounded())) }

    /// The face for a font descriptor: exact style, else the family's regular (bold synthesised),
    /// else the system font.
    func face(for font: Font) -> Face {
        let size = pixelSize(for: font)
        let exact = StyleKey(family: font.familyName, weight: font.weight, italic: font.isItalic)
        if let path = files[exact], let face = try? openFace(path: path, pixelSize: size, syntheticBold: false) {
            return face
        }
        let family =
            files[StyleKey(family: font.familyName, weight: .regular, italic: font.isItalic)]
            ?? files[StyleKey(family: font.familyName, weight: .regular, italic: false)]
        if let path = family, let face = try? openFace(path: path, pixelSize: size, syntheticBold: font.weight == .bold) {
            return face
        }
        let system =
            files[StyleKey(family: Font.systemFamilyName, weight: font.weight, italic: font.isItalic)]
            ?? files[StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false)]!
        // The system font was opened at start-up, so this can only fail if the file vanished since.
        return (try? openFace(path: system, pixelSize: size, syntheticBold: false)) ?? faces.values.first!
    }

    /// The face that draws a scalar: the font's own, else the first registered family providing it.
    func face(for scalar: UInt32, primary: Face, font: Font) -> Face {
        if primary.provides(scalar) { return primary }
        let size = pixelSize(for: font)
        for family in familyOrder {
            guard let path = files[StyleKey(family: family, weight: .regular, italic: false)],
                let face = try? openFace(path: path, pixelSize: size, syntheticBold: false)
            else { continue }
            if face.provides(scalar) { return face }
        }
        return primary
    }

    public func metrics(for font: Font) -> FontMetrics {
        let face = face(for: font)
        return FontMetrics(
            ascender: Double(face.ascent) / scale, descender: Double(face.descent) / scale,
            lineHeight: Double(max(face.lineSkip, face.ascent - face.descent)) / scale)
    }

    public func shape(_ text: String, font: Font) -> TextRun {
        let primary = face(for: font)
        var offsets: [Double] = []
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        var pen = 0
        var previous: (scalar: UInt32, face: Face)?
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let face = face(for: value, primary: primary, font: font)
            if let previous, previous.face === face {
                pen += Int(TTF_GetFontKerningSizeGlyphs32(face.font, previous.scalar, value))
            }
            offsets.append(Double(pen) / scale)
            pen += Self.isControl(scalar) ? 0 : face.advance(value)
            previous = (value, face)
        }
        offsets.append(Double(pen) / scale)
        return TextRun(text: text, font: font, scalarOffsets: offsets, metrics: metrics(for: font))
    }

    /// Control and format characters (NUL, zero-width spaces and joiners, bidi marks; tabs are
    /// laid out by the text engine) take no space and draw nothing, never a missing-glyph box.
    nonisolated static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        guard v >= 0x200B else { return v == 0xAD }  // soft hyphen; everything else below is drawn
        // Zero-width spaces and joiners, bidi marks and isolates, word joiner, BOM: plain ranges,
        // since this runs for every scalar shaped and drawn.
        return (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x2069).contains(v) || v == 0xFEFF
    }
}
