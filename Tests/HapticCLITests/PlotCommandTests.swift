import Foundation
import HapticTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct PlotCommandTests {
    // The project's own fixtures: a tap and curves (Spring), and continuous + custom audio + curves (Knock).
    let boing = Fixtures.ownPattern("Spring.ahap").path
    let shieldOn = Fixtures.ownPattern("Knock.ahap").path

    /// Collects element names and `class` attributes.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, role: String?, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            elements.append((name, attributes["class"], attributes))
        }
    }

    @Test func svgIsWellFormedWithEveryLane() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("shield.svg")
        let result = try CommandRunner.haptic(["plot", shieldOn, "-o", svg.path, "--width", "800", "--height", "500"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("800×500"))
        let parser = XMLParser(data: try Data(contentsOf: svg))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let root = try #require(collector.elements.first)
        #expect(root.name == "svg" && root.attributes["width"] == "800" && root.attributes["height"] == "500")
        let roles = Set(collector.elements.compactMap(\.role))
        for role in ["event-continuous", "event-audio", "intensity-envelope", "sharpness-envelope", "acceleration", "tick-label", "lane-label"] {
            #expect(roles.contains(role), "missing \(role)")
        }
        // The intensity envelope rises over Knock's 0.5 s curve: its highest point is well above its baseline.
        let envelope = try #require(collector.elements.first { $0.role == "intensity-envelope" })
        let ys = (envelope.attributes["points"] ?? "").split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 50)
        // Transients show up as stems with heads (Spring starts with one).
        let boingSVG = folder.appendingPathComponent("boing.svg")
        #expect(try CommandRunner.haptic(["plot", boing, "-o", boingSVG.path]).status == 0)
        let text = try String(contentsOf: boingSVG, encoding: .utf8)
        #expect(text.contains("class=\"intensity-transient\"") && text.contains("class=\"event-transient\""))
    }

    @Test func pngDecodesWithTheRequestedSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("boing.png")
        let result = try CommandRunner.haptic(["plot", boing, "-o", png.path, "--width", "640", "--height", "400", "--profile", "two-motor-pad"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGReader.read(Array(try Data(contentsOf: png)))
        #expect(image.width == 640 && image.height == 400)
        #expect(image.pixel(0, 0) == [255, 255, 255], "white background")
        // The continuous-event blue and the transient orange are drawn somewhere.
        var colours = Set<[UInt8]>()
        for y in stride(from: 0, to: image.height, by: 2) { for x in stride(from: 0, to: image.width, by: 2) { colours.insert(image.pixel(x, y)) } }
        #expect(colours.contains([240, 120, 30]), "transient colour")
        #expect(colours.count > 8, "lanes, envelopes, text and acceleration in several colours")
    }

    @Test func failuresAreUsageErrorsOrExitOne() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let badExtension = try CommandRunner.haptic(["plot", boing, "-o", folder.appendingPathComponent("x.jpg").path])
        #expect(badExtension.status == 64 && badExtension.stderr.contains("must end in .svg or .png"))
        let badProfile = try CommandRunner.haptic(["plot", boing, "-o", folder.appendingPathComponent("x.svg").path, "--profile", "nope"])
        #expect(badProfile.status == 64 && badProfile.stderr.contains("unknown profile 'nope'"))
        let missing = try CommandRunner.haptic(["plot", folder.appendingPathComponent("none.ahap").path, "-o", folder.appendingPathComponent("x.svg").path])
        #expect(missing.status == 1 && missing.stderr.contains("none.ahap: error: no such file"))
    }

    @Test func completionScriptsAndHelp() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try CommandRunner.haptic(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains("convert") && result.stdout.contains("plot"), "\(shell)")
        }
        let help = try CommandRunner.haptic(["help", "convert"])
        #expect(help.status == 0 && help.stdout.contains("--to <to>"))
    }
}

/// A minimal PNG reader for the tests: checks the signature and every chunk's CRC-32, inflates stored (and only
/// stored) deflate blocks, checks Adler-32, and un-filters filter-0 RGB rows.
enum PNGReader {
    struct Image {
        var width: Int
        var height: Int
        var rgb: [UInt8]
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgb[((y * width + x) * 3)..<((y * width + x) * 3 + 3)]) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func read(_ bytes: [UInt8]) throws -> Image {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "not a PNG") }
        func u32(_ i: Int) -> Int { be32(bytes[i..<(i + 4)]) }
        var i = 8
        var width = 0, height = 0
        var idat: [UInt8] = []
        var sawEnd = false
        while i + 12 <= bytes.count {
            let length = u32(i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(bytes[(i + 4)..<(i + 8 + length)])
            guard crc32(body) == UInt32(u32(i + 8 + length)) else { throw Failure(description: "bad CRC in \(type)") }
            let data = Array(body.dropFirst(4))
            switch type {
            case "IHDR":
                width = be32(data[0..<4])
                height = be32(data[4..<8])
                guard data[8] == 8, data[9] == 2 else { throw Failure(description: "not 8-bit RGB") }
            case "IDAT": idat += data
            case "IEND": sawEnd = true
            default: break
            }
            i += 12 + length
        }
        guard sawEnd, width > 0, height > 0 else { throw Failure(description: "missing IHDR or IEND") }
        // zlib: 2-byte header, stored blocks, Adler-32.
        var raw: [UInt8] = []
        var p = 2
        while true {
            let header = idat[p]
            guard header & 0b110 == 0 else { throw Failure(description: "compressed blocks are not supported by this reader") }
            let length = Int(idat[p + 1]) | Int(idat[p + 2]) << 8
            let complement = Int(idat[p + 3]) | Int(idat[p + 4]) << 8
            guard length == (~complement & 0xFFFF) else { throw Failure(description: "bad stored block length") }
            raw += idat[(p + 5)..<(p + 5 + length)]
            p += 5 + length
            if header & 1 == 1 { break }
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = UInt32(be32(idat[p..<(p + 4)]))
        guard adler == (b << 16 | a) else { throw Failure(description: "bad Adler-32") }
        guard raw.count == height * (width * 3 + 1) else { throw Failure(description: "wrong amount of image data") }
        var rgb: [UInt8] = []
        let stride = width * 3 + 1
        for y in 0..<height {
            let start: Int = y * stride
            guard raw[start] == 0 else { throw Failure(description: "unsupported filter") }
            let end: Int = start + stride
            rgb += raw[(start + 1)..<end]
        }
        return Image(width: width, height: height, rgb: rgb)
    }

    static func be32(_ bytes: ArraySlice<UInt8>) -> Int {
        var value = 0
        for byte in bytes { value = value << 8 | Int(byte) }
        return value
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
