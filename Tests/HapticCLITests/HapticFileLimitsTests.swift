import Foundation
import HapticTestSupport
import Testing

/// `.haptic` files with many emphasis points: read in time that grows with the file, not its square, and held to the
/// same limits as the AHAP pattern they stand for, in `validate` as in `convert`.
@Suite(.offTheConcurrencyPool) struct HapticFileLimitsTests {
    /// A `.haptic` file of `count` emphasis points 50 ms apart over a continuous amplitude of 0.3: each point
    /// becomes a transient that cuts the continuous signal, so the AHAP pattern has about three entries a point.
    static func emphasisFile(points count: Int, in folder: URL) throws -> URL {
        var text = #"{"version":{"major":1,"minor":0,"patch":0},"signals":{"continuous":{"envelopes":{"amplitude":["#
        for i in 0..<count {
            let time = String(format: "%.2f", Double(i) * 0.05)
            text += #"{"time":\#(time),"amplitude":0.3,"emphasis":{"amplitude":0.8,"frequency":0.5}},"#
        }
        text += #"{"time":\#(String(format: "%.2f", Double(count) * 0.05)),"amplitude":0}]}}}}"#
        let url = folder.appendingPathComponent("emphasis-\(count).haptic")
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    // Sanitizer builds run the tool 5–15× slower: the refusal itself is covered there by HapticInterchangeTests.
    @Test(.disabled(if: CommandRunner.sanitizerBuild, "40 000 points through an instrumented haptic take minutes"))
    func aFileWithManyEmphasisPointsIsReadQuicklyAndRefusedWithItsCounts() throws {
        let folder = try Fixtures.temporaryDirectory()
        // 40 000 points (3.4 MB) took 199 s when each point was matched against every other; the AHAP pattern it
        // stands for has more than 100 000 entries, which `validate` passed although the AHAP reader refuses it.
        let url = try Self.emphasisFile(points: 40_000, in: folder)
        let result = try CommandRunner.haptic(["validate", url.path], timeout: 240)
        // Its own time, less what a busy machine added (the wall clock passed 200 s under a CPU hog).
        #expect(result.unloadedSeconds < 100, "validate took \(result.unloadedSeconds) s (\(result.wallSeconds) s on the clock)")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("more than the 100000 a pattern may hold (PatternLimits.maxEntries)"), "\(result.stderr)")
        #expect(result.stderr.contains("40000 transients for its emphasis points"), "\(result.stderr)")
        // convert refuses it the same way, and writes nothing.
        let output = folder.appendingPathComponent("out.ahap")
        let converted = try CommandRunner.haptic(["convert", url.path, "-o", output.path], timeout: 240)
        #expect(converted.status == 1 && converted.stderr.contains("PatternLimits.maxEntries"), "\(converted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aFileWithinTheLimitsConvertsAndWhatConvertWritesValidates() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = try Self.emphasisFile(points: 2_000, in: folder)
        let ahap = folder.appendingPathComponent("emphasis.ahap")
        let converted = try CommandRunner.haptic(["convert", url.path, "-o", ahap.path], timeout: 120)
        #expect(converted.status == 0, "\(converted.stderr)")
        // Quadratic reading took minutes for 2 000 points; linear takes a second or two, less what a busy machine
        // added.
        #expect(
            CommandRunner.sanitizerBuild || converted.unloadedSeconds < 60,
            "convert took \(converted.unloadedSeconds) s (\(converted.wallSeconds) s on the clock)")
        #expect(try CommandRunner.haptic(["validate", ahap.path], timeout: 120).status == 0)
        // And back: the .haptic convert writes is one validate accepts.
        let back = folder.appendingPathComponent("back.haptic")
        let again = try CommandRunner.haptic(["convert", ahap.path, "-o", back.path], timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        let check = try CommandRunner.haptic(["validate", back.path], timeout: 120)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
