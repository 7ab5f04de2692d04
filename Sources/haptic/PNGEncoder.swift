/// Writes 8-bit RGB PNG files without a compression library: the image data goes into zlib "stored" (uncompressed)
/// deflate blocks, which every PNG reader accepts, with the CRC-32 and Adler-32 checksums the format requires.
///
///     let bytes = PNGEncoder.encode(width: 2, height: 1, rgb: [255, 0, 0, 0, 0, 255])
enum PNGEncoder {
    /// Encodes `rgb` (row-major, 3 bytes per pixel) as a PNG file.
    static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "PNGEncoder: size mismatch")
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        chunk("IHDR", header, to: &out)
        // Raw scanlines: filter type 0 (None) then the row.
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)
            raw += rgb[(y * width * 3)..<((y + 1) * width * 3)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = Swift.min(65_535, raw.count - offset)
            let final: UInt8 = offset + length == raw.count ? 1 : 0
            zlib.append(final)  // BFINAL + BTYPE 00 (stored)
            zlib += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + length)]
            offset += length
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        chunk("IDAT", zlib, to: &out)
        chunk("IEND", [], to: &out)
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += bigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += bigEndian(crc32(body))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, polynomial 0xEDB88320), as PNG chunks use.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Adler-32, the zlib stream checksum.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        while i < bytes.count {
            let end = Swift.min(i + 5_552, bytes.count)
            while i < end {
                a += UInt32(bytes[i])
                b += a
                i += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return (b << 16) | a
    }
}
