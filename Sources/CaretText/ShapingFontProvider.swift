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
@MainActor
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
    public var systemFonts: SystemFontFinder { didSet { clusterFaces.removeAll() } }
    /// The language Han characters are drawn in when the text itself does not say (kana make it
    /// Japanese, Hangul Korean): "ja", "zh-CN", "zh-TW"...; by default the user's.
    public var language: String? { didSet { clusterFaces.removeAll() } }

    private var files: [StyleKey: FontFileReference] = [:]
    /// Families in fallback order: the app's registered ones, then the bundled ones.
    private var registeredFamilies: [String] = []
    private var bundledFamilies: [String] = []
    private var faces: [FaceKey: Face] = [:]
    private var facesByID: [Face] = []
    private var systemFaceFiles: [String: FontFileReference?] = [:]
    private var clusterFaces: [ClusterKey: Face?] = [:]
    private var glyphBuffer = [caret_glyph](repeating: caret_glyph(), count: 256)

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
        // Open the system font now so a broken file is reported at start-up, not at first draw.
        _ = try openFace(files[StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false)]!, pixelSize: 17)
    }

    /// The user's language from the environment (`LC_ALL`, `LC_CTYPE`, `LANG`), e.g. "ja" or "zh-TW".
    public nonisolated static func userLanguage() -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
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
        let size = pixelSize(for: font)
        let candidates = [
            StyleKey(family: font.familyName, weight: font.weight, italic: font.isItalic),
            StyleKey(family: font.familyName, weight: .regular, italic: font.isItalic),
            StyleKey(family: font.familyName, weight: .regular, italic: false),
            StyleKey(family: Font.systemFamilyName, weight: font.weight, italic: font.isItalic),
            StyleKey(family: Font.systemFamilyName, weight: .regular, italic: false),
        ]
        for key in candidates {
            if let file = files[key], let face = try? openFace(file, pixelSize: size) { return face }
        }
        // The system font was opened at start-up, so this can only happen if the file vanished since.
        return facesByID[0]
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

    // MARK: FontProvider

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

    /// One item to shape: graphemes `characters` of one face, script and direction.
    private struct Item {
        var characters: Range<Int>
        var face: Face?  // nil: nothing covers it (drawn as one box) or a control character (nothing)
        var script: UInt32
        var level: UInt8
        var isControl: Bool
        var rtl: Bool { level & 1 == 1 }
    }

    private struct Grapheme {
        var utf16: Int
        var scalar: Int
        var scalarCount: Int
        var utf16Count: Int
    }

    /// Shapes a line on its own as a paragraph: its base direction from its first strong
    /// character, its runs in UAX #9's visual order.
    public func shape(_ text: String, font: Font) -> TextRun {
        let paragraph = bidi.resolve(text)
        var run = shape(text, font: font, levels: paragraph.levels)
        run.paragraphLevel = paragraph.baseLevel
        return run
    }

    public func shape(_ text: String, font: Font, levels: [UInt8]) -> TextRun {
        let primary = face(for: font)
        let metrics = self.metrics(for: font)
        let units = Array(text.utf16)
        let scalarCount = text.unicodeScalars.count
        guard !units.isEmpty else {
            return TextRun(text: text, font: font, scalarOffsets: [0], metrics: metrics)
        }
        let language = textLanguage(text)

        // Graphemes, and items of one face, script and direction.
        var graphemes: [Grapheme] = []
        graphemes.reserveCapacity(units.count)
        var items: [Item] = []
        var utf16 = 0, scalar = 0
        var lastScript: UInt32 = 0
        for character in text {
            let scalars = character.unicodeScalars
            let g = Grapheme(utf16: utf16, scalar: scalar, scalarCount: scalars.count, utf16Count: character.utf16.count)
            let isControl = scalars.allSatisfy(Self.isControl)
            let face = isControl ? nil : self.face(for: character, primary: primary, language: language)
            var script: UInt32 = lastScript
            for s in scalars {
                let candidate = s.value < 0x80 ? Self.latin(s) : caret_script_of(s.value)
                if candidate != 0, caret_script_is_neutral(candidate) == 0 {
                    script = candidate
                    break
                }
            }
            lastScript = script
            let level = g.utf16 < levels.count ? levels[g.utf16] : (script != 0 && caret_script_is_rtl(script) != 0 ? 1 : 0)
            let index = graphemes.count
            graphemes.append(g)
            if var last = items.last, last.face === face, !isControl, !last.isControl, face != nil,
                last.script == script || last.script == 0, last.level == level
            {
                last.characters = last.characters.lowerBound..<(index + 1)
                last.script = script
                items[items.count - 1] = last
            } else {
                items.append(
                    Item(characters: index..<(index + 1), face: face, script: script, level: level, isControl: isControl))
            }
            utf16 += g.utf16Count
            scalar += g.scalarCount
        }

        // Shape each item: glyphs at item-relative x, and a box per grapheme.
        var boxes = [(x: Double, width: Double)](repeating: (0, 0), count: graphemes.count)
        var itemGlyphs: [[ShapedGlyph]] = []
        var itemWidths: [Double] = []
        for item in items {
            let (glyphs, width) = shapeItem(item, graphemes: graphemes, units: units, primary: primary, language: language, boxes: &boxes)
            itemGlyphs.append(glyphs)
            itemWidths.append(width)
        }

        // Place the items: level runs in UAX #9's visual order (L2), and inside a right-to-left
        // level run its items right to left.
        var levelRuns: [Range<Int>] = []
        var i = 0
        while i < items.count {
            var j = i
            while j < items.count && items[j].level == items[i].level { j += 1 }
            levelRuns.append(i..<j)
            i = j
        }
        var itemX = [Double](repeating: 0, count: items.count)
        var pen = 0.0
        for r in visualOrder(ofLevels: levelRuns.map { items[$0.lowerBound].level }) {
            let run = levelRuns[r]
            for k in items[run.lowerBound].rtl ? Array(run.reversed()) : Array(run) {
                itemX[k] = pen
                pen += itemWidths[k]
            }
        }

        var offsets = [Double](repeating: 0, count: scalarCount + 1)
        var widths = [Double](repeating: 0, count: scalarCount)
        var scalarLevels = [UInt8](repeating: 0, count: scalarCount)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(itemGlyphs.reduce(0) { $0 + $1.count })
        var anyLevel = false
        for (k, item) in items.enumerated() {
            let dx = itemX[k]
            for g in item.characters {
                let grapheme = graphemes[g]
                let box = boxes[g]
                for s in grapheme.scalar..<(grapheme.scalar + grapheme.scalarCount) {
                    offsets[s] = (dx + box.x) / scale
                    scalarLevels[s] = item.level
                }
                widths[grapheme.scalar] = box.width / scale
            }
            anyLevel = anyLevel || item.level != 0
            for var glyph in itemGlyphs[k] {
                glyph.x = (glyph.x + dx) / scale
                glyph.y /= scale
                glyphs.append(glyph)
            }
        }
        offsets[scalarCount] = pen / scale
        return TextRun(
            text: text, font: font, scalarOffsets: offsets, scalarWidths: widths, scalarLevels: anyLevel ? scalarLevels : [],
            glyphs: glyphs, metrics: metrics)
    }

    /// Shapes one item; fills the boxes (item-relative, pixels) of its graphemes and returns its
    /// glyphs (item-relative, pixels, clusters in UTF-16 offsets of the whole text) and width.
    private func shapeItem(
        _ item: Item, graphemes: [Grapheme], units: [UInt16], primary: Face, language: String?,
        boxes: inout [(x: Double, width: Double)]
    ) -> ([ShapedGlyph], Double) {
        if item.isControl {
            // Control and format characters take no space and draw nothing (tabs are the layout's).
            for g in item.characters { boxes[g] = (0, 0) }
            return ([], 0)
        }
        let first = graphemes[item.characters.lowerBound]
        let last = graphemes[item.characters.upperBound - 1]
        let face = item.face ?? primary
        let start = first.utf16
        // A cluster nothing covers is one missing-glyph box: only its first scalar is shaped.
        let length =
            item.face == nil ? (UTF16.isLeadSurrogate(units[start]) ? 2 : 1) : last.utf16 + last.utf16Count - start
        let count = shapeRaw(face, units: units, start: start, length: length, item: item, language: language)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(count)
        // Cluster extents: glyphs of one cluster are consecutive (monotone clusters).
        var clusterStarts: [Int] = []
        var extents: [Int: (Double, Double)] = [:]
        var pen = 0.0
        for k in 0..<count {
            let g = glyphBuffer[k]
            let cluster = Int(g.cluster)
            let advance = Double(g.x_advance)
            if let (lo, hi) = extents[cluster] {
                extents[cluster] = (min(lo, pen), max(hi, pen + advance))
            } else {
                extents[cluster] = (pen, pen + advance)
                clusterStarts.append(cluster)
            }
            glyphs.append(
                ShapedGlyph(
                    face: face.id, id: g.glyph, x: pen + Double(g.x_offset), y: -Double(g.y_offset), cluster: cluster,
                    isColor: face.isColor))
            pen += advance
        }
        clusterStarts.sort()
        // Graphemes take the extents of the clusters that start inside them; graphemes inside one
        // cluster (a ligature) share its extent in equal parts, in the item's direction.
        var c = 0
        var g = item.characters.lowerBound
        while g < item.characters.upperBound {
            let grapheme = graphemes[g]
            let end = grapheme.utf16 + grapheme.utf16Count
            var lo = Double.infinity, hi = -Double.infinity
            while c < clusterStarts.count && clusterStarts[c] < end {
                if let (a, b) = extents[clusterStarts[c]] {
                    lo = min(lo, a)
                    hi = max(hi, b)
                }
                c += 1
            }
            // The graphemes after this one that no cluster starts in belong to the same cluster.
            var sharing = 1
            while g + sharing < item.characters.upperBound {
                let next = graphemes[g + sharing]
                if c < clusterStarts.count && clusterStarts[c] < next.utf16 + next.utf16Count { break }
                sharing += 1
            }
            if lo > hi { (lo, hi) = (0, 0) }
            let part = (hi - lo) / Double(sharing)
            for s in 0..<sharing {
                let x = item.rtl ? hi - part * Double(s + 1) : lo + part * Double(s)
                boxes[g + s] = (x, part)
            }
            g += sharing
        }
        return (glyphs, pen)
    }

    private func shapeRaw(_ face: Face, units: [UInt16], start: Int, length: Int, item: Item, language: String?) -> Int {
        let script = item.script
        func run() -> Int {
            units.withUnsafeBufferPointer { text in
                glyphBuffer.withUnsafeMutableBufferPointer { out in
                    caret_font_shape(
                        face.handle, text.baseAddress, Int32(text.count), Int32(start), Int32(length), item.rtl ? 1 : 0,
                        script, language, out.baseAddress, Int32(out.count))
                }
            }.toInt
        }
        var count = run()
        if count > glyphBuffer.count {
            glyphBuffer = [caret_glyph](repeating: caret_glyph(), count: count)
            count = run()
        }
        return count
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

    /// The Latin script for ASCII letters, common for the rest, without asking HarfBuzz.
    private nonisolated static func latin(_ scalar: Unicode.Scalar) -> UInt32 {
        let v = scalar.value
        return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) ? latinScript : 0
    }

    private nonisolated static let latinScript = caret_script_of(0x41)

    /// The language Han text is drawn in: Japanese with kana, Korean with Hangul, else the provider's.
    private func textLanguage(_ text: String) -> String? {
        for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0xAC00...0xD7AF, 0x3130...0x318F: return "ko"
            default: continue
            }
        }
        return language
    }
}

extension Int32 {
    fileprivate var toInt: Int { Int(self) }
}
