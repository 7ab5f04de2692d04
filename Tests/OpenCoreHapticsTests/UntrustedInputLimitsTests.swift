// Limits for untrusted input on the Foundation side (files, property lists, dictionaries, audio resources), and
// the fuzzers' regressions for these paths. Uses package symbols, so not a compatibility test.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticLoading
import HapticPattern
import HapticRender
import HapticTestSupport
import OpenCoreHaptics
import Testing

import HapticSystem

@Suite struct UntrustedInputLimitsTests {
    static func nestedArrays(_ depth: Int) -> Any {
        var value: Any = 1
        for _ in 0..<depth { value = [value] }
        return value
    }

    @Test func dictionaryNestingIsCheckedBeforeDescending() throws {
        // AHAPValue.converting recurses once per level; the cap stops it at maxNestingDepth, whatever the input depth.
        #expect {
            _ = try AHAPValue.converting(Self.nestedArrays(3_000), maxDepth: 64)
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternData
                && (error as? PatternError)?.message.contains("PatternLimits.maxNestingDepth") == true
        }
        #expect(try AHAPValue.converting(Self.nestedArrays(63), depth: 1, maxDepth: 64) != nil)
        #expect {
            _ = try CHHapticPattern(dictionary: ["Pattern": [Self.nestedArrays(3_000)]])
        } throws: { error in
            (error as? CHHapticError)?.code == .invalidPatternData
        }
    }

    @Test func deeplyNestedPropertyListIsRefused() throws {
        let depth = 100  // over maxNestingDepth (64); Foundation itself refuses XML nested much deeper
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>Pattern</key>"#
            + String(repeating: "<array>", count: depth) + "<integer>1</integer>" + String(repeating: "</array>", count: depth)
            + "</dict></plist>"
        #expect {
            try PropertyListPattern.read(Data(xml.utf8), file: "deep.plist", limits: .default, waveformPaths: .confinedToFolder)
        } throws: { error in
            let error = error as? PatternError
            return error?.code == .invalidPatternData && error?.file == "deep.plist"
        }
    }

    @Test func propertyListSizeIsCheckedBeforeParsing() {
        let data = Data(repeating: UInt8(ascii: "x"), count: 1_001)
        #expect {
            try PropertyListPattern.read(data, file: "big.plist", limits: PatternLimits(maxFileSize: 1_000), waveformPaths: .unrestricted)
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternData
                && (error as? PatternError)?.message.contains("PatternLimits.maxFileSize") == true
        }
    }

    /// FuzzPropertyList: a binary property list whose ParameterValue is 1e300 (beyond Float) must round-trip.
    @Test func propertyListValueBeyondFloatRangeRoundTrips() throws {
        let tree: [String: Any] = [
            "Pattern": [
                [
                    "Event": [
                        "Time": 0.0, "EventType": "HapticTransient",
                        "EventParameters": [["ParameterID": "HapticIntensity", "ParameterValue": 1e300]],
                    ]
                ]
            ],
            "Metadata": ["gain": Double.nan],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
        let document = try PropertyListPattern.read(data, file: "big-value.plist", limits: .default, waveformPaths: .confinedToFolder)
        #expect(document.pattern.events[0].parameters[0].value == .greatestFiniteMagnitude)
        #expect(document.pattern.metadata == .object([("gain", .null)]))
        var expected = document.pattern
        expected.version = 1.0
        #expect(try AHAPReader.read(AHAPWriter.bytes(from: document.pattern)).pattern == expected)
    }

    /// Saved FuzzPropertyList artefacts (Tests/Fixtures/fuzz/*.plist) never crash: each is refused with a code or
    /// round-trips.
    @Test func savedPropertyListArtefactsKeepTheirInvariants() throws {
        let files = try Fixtures.files(in: Fixtures.ownFixtures.appendingPathComponent("fuzz"), withExtension: "plist")
        #expect(files.count >= 2)
        for file in files {
            let document: AHAPDocument
            do {
                document = try PropertyListPattern.read(
                    Data(contentsOf: file), file: file.lastPathComponent, limits: .default, waveformPaths: .confinedToFolder)
            } catch let error as PatternError {
                #expect(error.file == file.lastPathComponent && !error.message.isEmpty)
                continue
            }
            var expected = document.pattern
            if expected.version == nil { expected.version = 1.0 }
            #expect(try AHAPReader.read(AHAPWriter.bytes(from: document.pattern)).pattern == expected, "\(file.lastPathComponent)")
        }
    }

    /// FuzzPropertyList, crash 3: a binary property list holding a set object (marker 0xC2) made
    /// swift-corelibs-foundation segfault while bridging it to `Set<AnyHashable>`. Sets (and UIDs, and reserved
    /// types) are now refused before Foundation parses the data.
    @Test func binaryPropertyListWithASetIsRefusedBeforeFoundationParsesIt() throws {
        let crash = Fixtures.ownFixtures.appendingPathComponent("fuzz/FuzzPropertyList-set-bridging-segv-de95cb14.plist")
        #expect {
            try PropertyListPattern.read(Data(contentsOf: crash), file: "set.plist", limits: .default, waveformPaths: .confinedToFolder)
        } throws: { error in
            let error = error as? PatternError
            return error?.code == .invalidPatternDictionary && error?.message.contains("a set") == true
        }
        // The same through the data entry point engines use for playPattern(from: Data).
        #expect(throws: PatternError.self) { try PatternLoader.read(data: Data(contentsOf: crash)) }
        // A truncated trailer is refused too, without reading past the end.
        let truncated = Data("bplist00".utf8) + Data(repeating: 0xFF, count: 40)
        #expect(throws: PatternError.self) {
            try PropertyListPattern.read(truncated, file: nil, limits: .default, waveformPaths: .unrestricted)
        }
    }

    @Test func symbolicLinkToALargeFileIsMeasuredThroughTheLink() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("big.ahap")
        try Data(repeating: UInt8(ascii: " "), count: 10_000).write(to: target)
        let link = folder.appendingPathComponent("link.ahap")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect {
            try PatternLoader.load(link, limits: PatternLimits(maxFileSize: 1_000))
        } throws: { error in
            // "… is 10000 bytes": the size the link's target reports, checked before reading.
            (error as? PatternError)?.code == .invalidPatternData
                && (error as? PatternError)?.message.hasPrefix("the pattern file is 10000 bytes") == true
        }
    }

    @Test func fifoIsRefusedInsteadOfReadForever() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.ahap")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect {
            try PatternLoader.load(fifo)
        } throws: { error in
            (error as? PatternError)?.code == .fileNotFound && (error as? PatternError)?.message.contains("named pipe (FIFO)") == true
        }
        #expect {
            try AudioResourceLoader.decode(fifo)
        } throws: { error in
            (error as? PatternError)?.code == .fileNotFound
        }
    }

    @Test func audioResourceSizeIsCheckedBeforeReading() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("tone.wav")
        let bytes = WAVEncoder(format: .int16).encode(channels: [[0, 0.5, -0.5, 1]], sampleRate: 48_000)
        try Data(bytes).write(to: wav)
        let buffer = try AudioResourceLoader.decode(wav)
        #expect(buffer.frameCount == 4 && buffer.channelCount == 1)
        #expect {
            try AudioResourceLoader.decode(wav, limits: PatternLimits(maxAudioFileSize: bytes.count - 1))
        } throws: { error in
            (error as? PatternError)?.code == .invalidAudioResource
                && (error as? PatternError)?.message.contains("PatternLimits.maxAudioFileSize") == true
        }
        // The decoder's own cap on the decoded length.
        #expect {
            try AudioResourceLoader.decode(wav, decoder: WAVDecoder(maxFrameCount: 3))
        } throws: { error in
            (error as? PatternError)?.code == .invalidAudioResource
        }
        #expect {
            try AudioResourceLoader.decode(folder.appendingPathComponent("missing.wav"))
        } throws: { error in
            (error as? PatternError)?.code == .fileNotFound
        }
    }
}
#endif
