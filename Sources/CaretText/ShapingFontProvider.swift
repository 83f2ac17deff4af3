// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Caret
import Foundation

/// Fonts from OpenType and TrueType files, shaped by HarfBuzz and rasterised by FreeType (docs/behaviour/world-text.md).
///
/// Each grapheme cluster is drawn with the first face that covers all of it: the text's own font,
/// then the app's registered families, then the bundled DejaVu, then the system's fonts found
/// through fontconfig (emoji ask for a colour face; Han characters ask with the text's language).
/// The choice is cached per cluster, so fallback costs a dictionary lookup after the first time.
/// Runs of one face, script and direction are shaped with the whole string as context (Arabic
/// joins across runs); clusters come back in UTF-16 offsets and a ligature's advance is split
/// among the graphemes it covers, so carets never stop inside a cluster.
@preconcurrency @MainActor
public final class ShapingFontProvider: FontProvider {
    /// A face of a font file at one pixel size.
    public final class Face {
        let handle: OpaquePointer
        /// The provider's number for this face (what `ShapedGlyph.face` holds).
        public let id: Int32
        /// The file it comes from.
        public let file: FontFileReference
        /// The pixel size.
        public let pixelSize: Double
        let metrics: caret_font_metrics
        private var coverage: [UInt32: Bool] = [:]
        /// Which ASCII characters it has: the hot path's question, answered without hashing.
        private let asciiCoverage: [Bool]

        init(handle: OpaquePointer, id: Int32, file: FontFileReference, pixelSize: Double) {
            self.handle = handle
            self.id = id
            self.file = file
            self.pixelSize = pixelSize
            metrics = caret_font_get_metrics(handle)
            asciiCoverage = (0..<128).map { $0 < 0x20 || $0 == 0x7F || caret_font_glyph_index(handle, UInt32($0)) != 0 }
        }

        /// Whether it draws colour glyphs (an emoji font).
        public var isColor: Bool { metrics.is_color != 0 }

        /// The face's family name.
        public var familyName: String { String(cString: caret_font_family(handle)) }

        /// Whether the face has a glyph for a scalar (cached).
        func covers(_ scalar: UInt32) -> Bool {
            if scalar < 0x80 { return asciiCoverage[Int(scalar)] }
            if let known = coverage[scalar] { return known }
            let has = caret_font_glyph_index(handle, scalar) != 0
            coverage[scalar] = has
            return has
        }

        /// Whether the face draws every scalar of a cluster that needs drawing.
        func covers(_ character: Character) -> Bool {
            for scalar in character.unicodeScalars where !ShapingFontProvider.needsNoGlyph(scalar) {
                if !covers(scalar.value) { return false }
            }
            return true
        }

        deinit { caret_font_close(handle) }
    }

    private struct FaceKey: Hashable {
        let file: FontFileReference
        let pixelSize: Double
    }

    private struct StyleKey: Hashable {
        let family: String
        let weight: Font.Weight
        let italic: Bool
    }

    private struct ClusterKey: Hashable {
        let cluster: String
        let primary: Int32
        let language: String?
    }

    /// Pixels per point: glyphs are shaped and rasterised at `pointSize × scale` pixels.
    public let scale: Double
    /// The last step of fallback: installed fonts (fontconfig unless set otherwise).
    public var systemFonts: SystemFontFinder {
        didSet {
            clusterFaces.removeAll()
            runs.removeAll()
        }
    }
    /// The language Han characters are drawn in when the text itself does not say (kana make it
    /// Japanese, Hangul Korean): "ja", "zh-CN", "zh-TW"...; by default the user's.
    public var language: String? {
        didSet {
            clusterFaces.removeAll()
            runs.removeAll()
        }
    }

    private var files: [StyleKey: FontFileReference] = [:]
    /// Families in fallback order: the app's registered ones, then the bundled ones.
    private var registeredFamilies: [String] = []
    private var bundledFamilies: [String] = []
    private var faces: [FaceKey: Face] = [:]
    /// The face each font resolved to (every run shaped asks).
    private var facesByFont: [Font: Face] = [:]
    /// Short lines shaped lately (labels, buttons, keys: drawn again and again), by text and font.
    var runs: [RunKey: TextRun] = [:]
    private var facesByID: [Face] = []
    private var systemFaceFiles: [String: FontFileReference?] = [:]
    private var clusterFaces: [ClusterKey: Face?] = [:]
    var glyphBuffer = [caret_glyph](repeating: caret_glyph(), count: 256)
    /// Each glyph's ink, in points from its pen position (nil: no pixels).
    private struct GlyphKey: Hashable {
        var face: Int32
        var id: UInt32
    }
    private var inkByGlyph: [GlyphKey: Rect?] = [:]

    /// Opens the bundled DejaVu fonts from the asset folders, or only from `fontDirectory` when
    /// given; fails with the paths searched when they are missing or cannot be read as fonts.
    public init(
        scale: Double = 1, fontDirectory: String? = nil, systemFonts: SystemFontFinder = FontconfigFinder(),
        language: String? = ShapingFontProvider.userLanguage()
    ) throws(CaretError) {
        self.scale = max(0.25, scale)
        self.systemFonts = systemFonts
        self.language = language
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
            files[StyleKey(family: family, weight: weight, italic: italic)] = FontFileReference(path: path)
            if !bundledFamilies.contains(family) { bundledFamilies.append(family) }
        }
        // The light weights where the face is there (a font folder of an app's own may not have it).
        let light = "DejaVuSans-ExtraLight.ttf"
        let lightPath = fontDirectory.map { ($0 as NSString).appendingPathComponent(light) } ?? (try? Assets.path(for: "Fonts/" + light))
        if let lightPath, FileManager.default.fileExists(atPath: lightPath) {
            files[StyleKey(family: Font.systemFamilyName, weight: .thin, italic: false)] = FontFileReference(path: lightPath)
        }
        // Open the system font now so a broken file is reported at start-up, not at first draw.
        _ = try openFace(files[StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false)]!, pixelSize: 17)
    }

    /// The user's language from the environment (`LC_ALL`, `LC_CTYPE`, `LANG`), e.g. "ja" or "zh-TW".
    public nonisolated static func userLanguage() -> String? {
        let names = ["LC_ALL", "LC_CTYPE", "LANG"], environment = ProcessEnvironment.values(names)
        guard let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
            value != "C", value != "POSIX"
        else { return nil }
        let tag = value.split(separator: ".").first.map(String.init) ?? value
        return tag.replacingOccurrences(of: "_", with: "-")
    }

    /// Registers a font file (a face of a collection with `index`) under a family name, weight and
    /// slant; its family is tried before the bundled ones when a character needs another font.
    public func registerFont(
        atPath path: String, familyName: String, weight: Font.Weight = .regular, italic: Bool = false, index: Int = 0
    ) throws(CaretError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CaretError.fontNotFound(name: familyName, searched: [path])
        }
        let file = FontFileReference(path: path, index: index)
        _ = try openFace(file, pixelSize: 12)
        files[StyleKey(family: familyName, weight: weight, italic: italic)] = file
        facesByFont.removeAll()
        runs.removeAll()
        if !registeredFamilies.contains(familyName) && !bundledFamilies.contains(familyName) {
            registeredFamilies.append(familyName)
        }
        clusterFaces.removeAll()
    }

    /// The family names that can be drawn.
    public var familyNames: [String] { bundledFamilies + registeredFamilies }

    // MARK: Faces

    private func openFace(_ file: FontFileReference, pixelSize: Double) throws(CaretError) -> Face {
        let key = FaceKey(file: file, pixelSize: pixelSize)
        if let face = faces[key] { return face }
        var error = [CChar](repeating: 0, count: 256)
        guard let handle = caret_font_open(file.path, Int32(file.index), pixelSize, &error, error.count) else {
            throw CaretError.invalidFont(path: file.path, reason: String(nulTerminated: error))
        }
        let face = Face(handle: handle, id: Int32(facesByID.count), file: file, pixelSize: pixelSize)
        faces[key] = face
        facesByID.append(face)
        return face
    }

    func pixelSize(for font: Font) -> Double { max(1, (font.pointSize * scale).rounded()) }

    /// The face for a font descriptor: exact style, else the family's regular, else the system font.
    public func face(for font: Font) -> Face {
        if let known = facesByFont[font] { return known }
        let face = resolveFace(for: font)
        facesByFont[font] = face
        return face
    }

    private func resolveFace(for font: Font) -> Face {
        let size = pixelSize(for: font)
        // The family's nearest weight (as CSS matches weights), then upright, then the system font's.
        let weights = Self.matchingOrder(for: font.weight)
        let candidates =
            weights.map { StyleKey(family: font.familyName, weight: $0, italic: font.isItalic) }
            + [StyleKey(family: font.familyName, weight: .regular, italic: false)]
            + weights.map { StyleKey(family: Font.systemFamilyName, weight: $0, italic: font.isItalic) }
            + [StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false)]
        for key in candidates {
            if let file = files[key], let face = try? openFace(file, pixelSize: size) { return face }
        }
        // The system font was opened at start-up, so this can only happen if the file vanished since.
        return facesByID[0]
    }

    /// The weights to try for a wanted one, nearest first, as CSS Fonts 4 matches them: 400 tries
    /// 500 next, 500 tries 400; lighter than 400 tries lighter ones first, heavier than 500
    /// heavier ones first.
    static func matchingOrder(for wanted: Font.Weight) -> [Font.Weight] {
        let all = Font.Weight.allCases
        let lighter = all.filter { $0 < wanted }.reversed(), heavier = all.filter { $0 > wanted }
        switch wanted.rawValue {
        case 400: return [wanted, .medium] + lighter + heavier.filter { $0 != .medium }
        case 500: return [wanted, .regular] + lighter.filter { $0 != .regular } + heavier
        case ..<400: return [wanted] + lighter + heavier
        default: return [wanted] + heavier + lighter
        }
    }

    /// The face with a provider number.
    public func face(withID id: Int32) -> Face? { id >= 0 && Int(id) < facesByID.count ? facesByID[Int(id)] : nil }

    /// The face that draws a grapheme cluster (nil when nothing installed covers it).
    public func face(for character: Character, primary: Face, language: String?) -> Face? {
        let wantsColor = Self.wantsColor(character)
        if !wantsColor || primary.isColor, primary.covers(character) { return primary }
        let key = ClusterKey(cluster: String(character), primary: primary.id, language: language)
        if let known = clusterFaces[key] { return known }
        let found = fallbackFace(for: character, primary: primary, language: language, wantsColor: wantsColor)
        clusterFaces[key] = found
        return found
    }

    private func fallbackFace(for character: Character, primary: Face, language: String?, wantsColor: Bool) -> Face? {
        let size = primary.pixelSize
        let families = registeredFamilies + bundledFamilies
        for color in wantsColor ? [true, false] : [false] {
            if !color, primary.covers(character) { return primary }
            for family in families {
                guard let file = files[StyleKey(family: family, weight: .regular, italic: false)],
                    let face = try? openFace(file, pixelSize: size), face.isColor || !color, face.covers(character)
                else { continue }
                return face
            }
            let scalars = character.unicodeScalars.filter { !Self.needsNoGlyph($0) }
            let cacheKey = "\(color ? "c" : "m")|\(language ?? "")|" + scalars.map { String($0.value, radix: 16) }.joined(separator: ",")
            let file: FontFileReference?
            if let known = systemFaceFiles[cacheKey] {
                file = known
            } else {
                file = systemFonts.font(covering: Array(scalars), language: language, color: color)
                systemFaceFiles[cacheKey] = file
            }
            if let file, let face = try? openFace(file, pixelSize: size), face.covers(character), face.isColor || !color {
                return face
            }
        }
        return nil
    }

    // MARK: FontProvider (shaping: ShapingFontProvider+Shaping.swift)

    /// ICU's word and line-break segmentation.
    public nonisolated var segmenter: TextSegmenter { ICUTextSegmenter() }
    /// ICU's bidirectional algorithm.
    public nonisolated var bidi: BidiResolver { ICUBidiResolver() }

    public func metrics(for font: Font) -> FontMetrics {
        let m = face(for: font).metrics
        return FontMetrics(
            ascender: m.ascender / scale, descender: m.descender / scale,
            lineHeight: max(m.height, m.ascender - m.descender) / scale)
    }

    // MARK: Rasterising

    /// The bitmap of a glyph of a face: 32-bit ARGB (white for outline glyphs), placed from the
    /// pen on the baseline by `left` and `top`, in pixels; nil for glyphs with no pixels.
    public func rasterize(face id: Int32, glyph: UInt32) -> GlyphBitmap? {
        guard let face = face(withID: id) else { return nil }
        var bitmap = caret_bitmap()
        guard caret_font_render(face.handle, glyph, &bitmap) == 1, let pixels = bitmap.pixels else { return nil }
        defer { caret_bitmap_free(&bitmap) }
        let count = Int(bitmap.width) * Int(bitmap.height)
        return GlyphBitmap(
            width: Int(bitmap.width), height: Int(bitmap.height), left: Int(bitmap.left), top: Int(bitmap.top),
            isColor: bitmap.is_color != 0, pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Where a run's glyphs put ink, from their rasterised bitmaps (cached by glyph).
    public func inkBounds(of run: TextRun) -> Rect? {
        var bounds: Rect?
        for glyph in run.glyphs {
            let key = GlyphKey(face: glyph.face, id: glyph.id)
            let ink: Rect?
            if let known = inkByGlyph[key] {
                ink = known
            } else {
                ink = rasterize(face: glyph.face, glyph: glyph.id).map {
                    Rect(x: Double($0.left) / scale, y: -Double($0.top) / scale, width: Double($0.width) / scale, height: Double($0.height) / scale)
                }
                inkByGlyph[key] = .some(ink)
            }
            guard let ink, ink.width > 0, ink.height > 0 else { continue }
            let placed = ink.offsetBy(dx: glyph.x, dy: glyph.y)
            bounds = bounds.map { $0.union(placed) } ?? placed
        }
        return bounds
    }

    // MARK: Character classes

    /// Scalars that need no glyph of their own: joiners, variation selectors, other default ignorables.
    nonisolated static func needsNoGlyph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isDefaultIgnorableCodePoint || isControl(scalar)
    }

    /// Control and format characters (tabs are laid out by the text engine) draw nothing.
    nonisolated public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        guard v >= 0x200B else { return v == 0xAD }
        return (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x2069).contains(v) || v == 0xFEFF
    }

    /// Whether a cluster is an emoji presentation sequence, to be drawn in colour.
    nonisolated public static func wantsColor(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value >= 0x80 || scalars.count > 1 else { return false }
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }  // a flag's regional indicators
        if scalars.count > 1 && first.properties.isEmoji
            && scalars.contains(where: { [0xFE0F, 0x20E3, 0x200D].contains($0.value) || (0x1F3FB...0x1F3FF).contains($0.value) })
        {
            return true
        }
        return first.properties.isEmojiPresentation
    }
}
