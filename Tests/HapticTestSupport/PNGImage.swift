/// A PNG reader for tests, independent of the project's writer: checks the signature, every chunk's CRC-32 and the
/// zlib stream's Adler-32, inflates with ``Inflate``, and undoes all five row filters. 8-bit RGB only.
public struct PNGImage: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// 3 bytes per pixel, row by row.
    public var rgb: [UInt8]
    /// The filter type of each row (0 None … 4 Paeth), as the file chose them.
    public var rowFilters: [UInt8]

    /// The pixel at (`x`, `y`) as `[r, g, b]`.
    public func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgb[((y * width + x) * 3)..<((y * width + x) * 3 + 3)]) }

    /// Decodes `bytes`.
    public init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Inflate.Failure(description: "not a PNG") }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var i = 8
        var sawEnd = false
        var w = 0
        var h = 0
        var idat: [UInt8] = []
        while i + 12 <= bytes.count {
            let length = u32(i)
            guard i + 12 + length <= bytes.count else { throw Inflate.Failure(description: "chunk overruns the file") }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(bytes[(i + 4)..<(i + 8 + length)])
            guard Self.crc32(body) == UInt32(u32(i + 8 + length)) else { throw Inflate.Failure(description: "bad CRC in \(type)") }
            let data = Array(body.dropFirst(4))
            switch type {
            case "IHDR":
                w = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                h = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
                guard data[8] == 8, data[9] == 2, data[12] == 0 else { throw Inflate.Failure(description: "not 8-bit RGB, non-interlaced") }
            case "IDAT": idat += data
            case "IEND": sawEnd = true
            default: break
            }
            i += 12 + length
        }
        guard sawEnd, w > 0, h > 0 else { throw Inflate.Failure(description: "missing IHDR or IEND") }
        let raw = try Inflate.zlib(idat)
        let stride = w * 3
        guard raw.count == h * (stride + 1) else {
            throw Inflate.Failure(description: "\(raw.count) bytes of image data; expected \(h * (stride + 1))")
        }
        var rgb = [UInt8](repeating: 0, count: h * stride)
        var filters: [UInt8] = []
        for y in 0..<h {
            let filter = raw[y * (stride + 1)]
            filters.append(filter)
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let a = x >= 3 ? Int(rgb[y * stride + x - 3]) : 0
                let b = y > 0 ? Int(rgb[(y - 1) * stride + x]) : 0
                let c = x >= 3 && y > 0 ? Int(rgb[(y - 1) * stride + x - 3]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Inflate.Failure(description: "unknown filter \(filter) in row \(y)")
                }
                rgb[y * stride + x] = UInt8((Int(value) + predictor) & 0xFF)
            }
        }
        width = w
        height = h
        self.rgb = rgb
        rowFilters = filters
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
