/// Writes 8-bit RGB PNG files: each row gets the PNG filter (None, Sub, Up, Average or Paeth) that makes its bytes
/// smallest in absolute value (the heuristic libpng recommends), and the rows are deflated by zlib (``Zlib``).
///
///     let png = try PNGEncoder.encode(width: 2, height: 1, rgb: [255, 0, 0, 0, 0, 255])
enum PNGEncoder {
    /// Encodes `rgb` (row-major, 3 bytes per pixel) as a PNG file.
    ///
    /// - Throws: ``Zlib/Unavailable`` when zlib cannot be loaded.
    static func encode(width: Int, height: Int, rgb: [UInt8]) throws(Zlib.Unavailable) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "PNGEncoder: size mismatch")
        let zlib = try Zlib.shared.get()
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, to: &out, zlib: zlib)
        chunk("IDAT", try zlib.compress(filtered(width: width, height: height, rgb: rgb)), to: &out, zlib: zlib)
        chunk("IEND", [], to: &out, zlib: zlib)
        return out
    }

    /// The PNG filter types.
    enum Filter: UInt8, CaseIterable {
        case none = 0
        case sub
        case up
        case average
        case paeth
    }

    /// The scanlines, each prefixed with its filter type and filtered with the filter of least absolute sum.
    static func filtered(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        let stride = width * 3
        var out: [UInt8] = []
        out.reserveCapacity(height * (stride + 1))
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            var bestSum = Int.max
            var bestFilter = Filter.none
            for filter in Filter.allCases {
                let sum = apply(filter, row: y, stride: stride, rgb: rgb, into: &candidate)
                if sum < bestSum {
                    bestSum = sum
                    bestFilter = filter
                    swap(&best, &candidate)
                }
            }
            out.append(bestFilter.rawValue)
            out += best
        }
        return out
    }

    /// Filters row `y` into `output` and returns the sum of its bytes taken as signed values' magnitudes.
    static func apply(_ filter: Filter, row y: Int, stride: Int, rgb: [UInt8], into output: inout [UInt8]) -> Int {
        let start = y * stride
        var sum = 0
        for i in 0..<stride {
            let x = rgb[start + i]
            let a: UInt8 = i >= 3 ? rgb[start + i - 3] : 0
            let b: UInt8 = y > 0 ? rgb[start - stride + i] : 0
            let c: UInt8 = i >= 3 && y > 0 ? rgb[start - stride + i - 3] : 0
            let predictor: UInt8
            switch filter {
            case .none: predictor = 0
            case .sub: predictor = a
            case .up: predictor = b
            case .average: predictor = UInt8((Int(a) + Int(b)) / 2)
            case .paeth: predictor = paeth(a, b, c)
            }
            let value = x &- predictor
            output[i] = value
            sum += value < 128 ? Int(value) : 256 - Int(value)
        }
        return sum
    }

    /// The Paeth predictor: whichever of left, above and upper-left is closest to `left + above − upper-left`.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func chunk(_ type: String, _ data: [UInt8], to out: inout [UInt8], zlib: Zlib) {
        out += bigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += bigEndian(zlib.crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
