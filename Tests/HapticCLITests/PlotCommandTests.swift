import Foundation
import HapticTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite(.offTheConcurrencyPool) struct PlotCommandTests {
    // The project's own fixtures: a tap and curves (Spring), and continuous + custom audio + curves (Knock).
    let boing = Fixtures.ownPattern("Spring.ahap").path
    let shieldOn = Fixtures.ownPattern("Knock.ahap").path

    /// Collects element names and `class` attributes.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, role: String?, attributes: [String: String])] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
        ) {
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
        for role in [
            "event-continuous", "event-audio", "intensity-envelope", "sharpness-envelope", "acceleration", "tick-label", "lane-label",
        ] {
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
        let result = try CommandRunner.haptic([
            "plot", boing, "-o", png.path, "--width", "640", "--height", "400", "--profile", "two-motor-pad",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGImage(Array(try Data(contentsOf: png)))
        #expect(image.width == 640 && image.height == 400)
        #expect(image.pixel(0, 0) == [255, 255, 255], "white background")
        // The continuous-event blue and the transient orange are drawn somewhere.
        var colours = Set<[UInt8]>()
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) { colours.insert(image.pixel(x, y)) }
        }
        #expect(colours.contains([236, 112, 20]), "transient colour")
        #expect(colours.count > 8, "lanes, envelopes, text and acceleration in several colours")
    }

    @Test func defaultSizePNGIsCompressedAndCoversTheCustomAudio() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Knock.ahap: a transient, a continuous event with curves and two custom sounds (the last ends at 850 ms).
        let png = folder.appendingPathComponent("knock.png")
        let result = try CommandRunner.haptic(["plot", shieldOn, "-o", png.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(try Data(contentsOf: png))
        #expect(bytes.count < 200_000, "a 1200×720 plot of 850 ms is \(bytes.count) bytes")
        let image = try PNGImage(bytes)
        #expect(image.width == 1200 && image.height == 720)
        #expect(Set(image.rowFilters).count >= 3, "adaptive row filters: \(Set(image.rowFilters))")
        // An audio-only pattern: the axis and the reported length include the sounds (750 ms).
        let audioOnly = Fixtures.ownPattern("AudioOnly.json").path
        let svg = folder.appendingPathComponent("audio.svg")
        let plotted = try CommandRunner.haptic(["plot", audioOnly, "-o", svg.path, "--width", "600", "--height", "400"])
        #expect(plotted.status == 0 && plotted.stdout.contains("750 ms"), "\(plotted.stdout)\(plotted.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(
            text.contains("AudioOnly.json · 750 ms") && text.contains("class=\"audio-waveform\"") && text.contains("class=\"legend-label\"")
        )
    }

    @Test func failuresAreUsageErrorsOrExitOne() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let badExtension = try CommandRunner.haptic(["plot", boing, "-o", folder.appendingPathComponent("x.jpg").path])
        #expect(badExtension.status == 64 && badExtension.stderr.contains("must end in .svg or .png"))
        let badProfile = try CommandRunner.haptic(["plot", boing, "-o", folder.appendingPathComponent("x.svg").path, "--profile", "nope"])
        #expect(badProfile.status == 64 && badProfile.stderr.contains("unknown profile 'nope'"))
        let missing = try CommandRunner.haptic([
            "plot", folder.appendingPathComponent("none.ahap").path, "-o", folder.appendingPathComponent("x.svg").path,
        ])
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
