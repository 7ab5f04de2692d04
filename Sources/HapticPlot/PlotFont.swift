/// The typeface of plot pictures: glyph outlines compiled into the program (printable ASCII and a few symbols from
/// DejaVu Sans; see `GENERATED-PlotFont+Outlines.swift` and `Scripts/make-plot-font.py`), so text looks the same
/// on every machine and needs no installed font or font library.
///
/// Sizes are em sizes in pixels. Characters the font lacks are drawn as `?`.
///
///     let font = PlotFont.shared
///     font.width(of: "Intensity", size: 12)            // 52.9
///     font.contours(of: "0.5", size: 12, x: 10, baseline: 40)
package struct PlotFont: Sendable {
    /// One drawing command of a glyph outline, in em units with y up.
    package enum Command: Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case quad(Double, Double, Double, Double)
        case close
    }

    /// One character's outline and advance.
    package struct Glyph: Sendable {
        /// Horizontal advance in em.
        package var advance: Double
        /// The outline.
        package var commands: [Command]
    }

    /// Height above the baseline, in em, that glyphs may reach.
    package let ascender: Double
    /// Depth below the baseline, in em (positive), that glyphs may reach.
    package let descender: Double
    private let glyphs: [Unicode.Scalar: Glyph]
    private let fallback: Glyph

    /// The embedded font.
    package static let shared = PlotFont(encoded: PlotFont.encodedOutlines)

    /// Decodes the outline table written by `Scripts/make-plot-font.py`.
    init(encoded: String) {
        let bytes = Base64.decode(encoded)
        var reader = ByteReader(data: bytes)
        let magic = reader.bytes(4)
        precondition(magic == Array("POF1".utf8), "PlotFont: not an outline table")
        let unitsPerEm = Double(reader.u16())
        ascender = Double(reader.i16()) / unitsPerEm
        descender = -Double(reader.i16()) / unitsPerEm
        var glyphs: [Unicode.Scalar: Glyph] = [:]
        for _ in 0..<reader.u16() {
            let codepoint = reader.u32()
            let advance = Double(reader.u16()) / unitsPerEm
            var commands: [Command] = []
            for _ in 0..<reader.u16() {
                func coordinate() -> Double { Double(reader.i16()) / unitsPerEm }
                switch reader.u8() {
                case 0: commands.append(.move(coordinate(), coordinate()))
                case 1: commands.append(.line(coordinate(), coordinate()))
                case 2: commands.append(.quad(coordinate(), coordinate(), coordinate(), coordinate()))
                default: commands.append(.close)
                }
            }
            if let scalar = Unicode.Scalar(codepoint) { glyphs[scalar] = Glyph(advance: advance, commands: commands) }
        }
        self.glyphs = glyphs
        fallback = glyphs["?"] ?? Glyph(advance: 0.5, commands: [])
    }

    /// The glyph drawn for `scalar`.
    package func glyph(_ scalar: Unicode.Scalar) -> Glyph { glyphs[scalar] ?? fallback }

    /// Whether the font has its own glyph for `scalar` (others are drawn as `?`).
    package func covers(_ scalar: Unicode.Scalar) -> Bool { glyphs[scalar] != nil }

    /// The advance width of `string` at `size` pixels per em.
    package func width(of string: String, size: Double) -> Double {
        string.unicodeScalars.reduce(0) { $0 + glyph($1).advance } * size
    }

    /// `string` shortened with a trailing `…` to fit `width` pixels, `string` itself when it fits, or `nil` when
    /// not even `minimumCharacters` characters and the ellipsis fit.
    package func fitting(_ string: String, size: Double, width: Double, minimumCharacters: Int = 3) -> String? {
        if self.width(of: string, size: size) <= width { return string }
        var characters = Array(string)
        while characters.count > minimumCharacters {
            characters.removeLast()
            while characters.last == " " { characters.removeLast() }
            let candidate = String(characters) + "…"
            if self.width(of: candidate, size: size) <= width { return candidate }
        }
        return nil
    }

    /// The outlines of `string` as closed polygons in picture coordinates (y down), its baseline starting at
    /// (`x`, `baseline`); curves are flattened to within about a tenth of a pixel.
    package func contours(of string: String, size: Double, x: Double, baseline: Double) -> [[PlotPoint]] {
        var result: [[PlotPoint]] = []
        var pen = x
        for scalar in string.unicodeScalars {
            let glyph = glyph(scalar)
            var contour: [PlotPoint] = []
            var current = PlotPoint(0, 0)
            func point(_ u: Double, _ v: Double) -> PlotPoint { PlotPoint(pen + u * size, baseline - v * size) }
            for command in glyph.commands {
                switch command {
                case .move(let u, let v):
                    if contour.count > 2 { result.append(contour) }
                    current = point(u, v)
                    contour = [current]
                case .line(let u, let v):
                    current = point(u, v)
                    contour.append(current)
                case .quad(let cu, let cv, let u, let v):
                    let control = point(cu, cv)
                    let end = point(u, v)
                    let bend = Swift.max(abs(current.x - 2 * control.x + end.x), abs(current.y - 2 * control.y + end.y))
                    let steps = Swift.min(16, Swift.max(1, Int((bend / 0.8).squareRoot().rounded(.up))))
                    for step in 1...steps {
                        let t = Double(step) / Double(steps)
                        let s = 1 - t
                        contour.append(
                            PlotPoint(
                                s * s * current.x + 2 * s * t * control.x + t * t * end.x,
                                s * s * current.y + 2 * s * t * control.y + t * t * end.y))
                    }
                    current = end
                case .close:
                    if contour.count > 2 { result.append(contour) }
                    contour = []
                }
            }
            if contour.count > 2 { result.append(contour) }
            pen += glyph.advance * size
        }
        return result
    }
}

/// Reads the little-endian integers of the outline table.
private struct ByteReader {
    let data: [UInt8]
    var offset = 0

    mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return data[offset]
    }

    mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
    mutating func i16() -> Int16 { Int16(bitPattern: u16()) }
    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    mutating func bytes(_ count: Int) -> [UInt8] {
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }
}

/// Standard base64 (RFC 4648) decoding of the embedded table; whitespace is skipped.
private enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            default: continue  // padding and line breaks
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 1 < values.count {
            let a = values[index]
            let b = values[index + 1]
            let c = index + 2 < values.count ? values[index + 2] : 0
            let d = index + 3 < values.count ? values[index + 3] : 0
            out.append(a << 2 | b >> 4)
            if index + 2 < values.count { out.append((b & 15) << 4 | c >> 2) }
            if index + 3 < values.count { out.append((c & 3) << 6 | d) }
            index += 4
        }
        return out
    }
}
