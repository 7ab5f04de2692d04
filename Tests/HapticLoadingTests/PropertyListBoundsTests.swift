import Foundation
import HapticLoading
import HapticPattern
import HapticTestSupport
import Testing

/// Property lists are bounded in values, not only in bytes and depth (issue 32): a binary property list refers to
/// one object from many places, and each reference becomes a copy when converted, so 505 bytes stood for 4.3 billion
/// values and `haptic validate` ran out of memory. Shared objects are counted every time they are referred to,
/// against `PatternLimits.maxValues`, before Foundation parses the list and again while converting it.
@Suite struct PropertyListBoundsTests {
    static let crafted: [(name: String, bytes: [UInt8], path: String)] = [
        ("crafted-291.plist", SharedReferencePropertyList.crafted291, "Pattern"),
        ("crafted-505.plist", SharedReferencePropertyList.crafted505, "Pattern[0]"),
    ]

    static func isValueCap(_ error: any Error, path: String? = nil) -> Bool {
        guard let error = error as? PatternError else { return false }
        return error.code == .invalidPatternData && error.message.contains("PatternLimits.maxValues") && (path == nil || error.path == path)
    }

    @Test func theCraftedInputsAreRefusedAtOnceThroughEveryEntryPoint() throws {
        #expect(SharedReferencePropertyList.crafted291.count == 291 && SharedReferencePropertyList.crafted505.count == 505)
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes, path) in Self.crafted {
            let started = ContinuousClock.now
            #expect {
                try PropertyListPattern.read(Data(bytes), file: name, limits: .default, waveformPaths: .confinedToFolder)
            } throws: { error in
                Self.isValueCap(error, path: path) && (error as? PatternError)?.file == name
            }
            // playPattern(from: Data), CHHapticPattern(data:) and the C ABI's data entry points.
            #expect(throws: PatternError.self) { try PatternLoader.read(data: Data(bytes)) }
            // Files: CHHapticPattern, playPattern(from: URL), the C ABI's PlayPatternFromUrl (load); the CLI (check).
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            #expect { try PatternLoader.load(url) } throws: { Self.isValueCap($0, path: path) }
            let check = PatternLoader.check(url.path)
            #expect(check.errors.count == 1 && check.errors.first.map { Self.isValueCap($0, path: path) } == true, "\(check.errors)")
            // Counted from the object table, before anything is expanded: milliseconds, not minutes.
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    @Test func everyCopyOfASharedObjectCountsAndTheCountIsExact() throws {
        let fanouts = [30, 30, 30]
        let bytes = SharedReferencePropertyList.bytes(fanouts: fanouts)
        let values = SharedReferencePropertyList.expandedValueCount(fanouts: fanouts)
        #expect(values == 27_932)
        // One under: refused, before Foundation parses the list; the path leads to where the copies multiply.
        #expect {
            try PropertyListPattern.read(
                Data(bytes), file: "x.plist", limits: PatternLimits(maxValues: values - 1), waveformPaths: .unrestricted)
        } throws: { Self.isValueCap($0, path: "") }
        #expect {
            try PropertyListPattern.read(Data(bytes), file: "x.plist", limits: PatternLimits(maxValues: 500), waveformPaths: .unrestricted)
        } throws: { Self.isValueCap($0, path: "Pattern[0]") }
        // At the cap: converted (and then refused by the reader for what it holds, arrays where entries belong).
        #expect {
            try PropertyListPattern.read(
                Data(bytes), file: "x.plist", limits: PatternLimits(maxValues: values), waveformPaths: .unrestricted)
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternDictionary && !Self.isValueCap(error)
        }
        // The conversion counts the same way on its own (for lists the table check cannot see, and dictionaries).
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        #expect(throws: Never.self) { _ = try AHAPValue.converting(propertyList: object, limits: PatternLimits(maxValues: values)) }
        #expect {
            _ = try AHAPValue.converting(propertyList: object, limits: PatternLimits(maxValues: values - 1))
        } throws: { Self.isValueCap($0) }
        let leaf = [Any](repeating: 1, count: 100)
        let shared: [String: Any] = ["Pattern": [Any](repeating: [Any](repeating: leaf, count: 100), count: 100)]
        #expect {
            _ = try AHAPValue.converting(shared, maxDepth: 64, maxValues: 100_000)
        } throws: { error in
            Self.isValueCap(error) && (error as? PatternError)?.path.hasPrefix("Pattern[9][") == true
        }
    }

    /// Apple's writer shares every repeated string and number, and a list may share whole dictionaries: legal, and
    /// read as the copies it stands for.
    @Test func sharedObjectsOfARealPatternStillRead() throws {
        let count = 1_000
        let objects: [[UInt8]] = [
            [0xD1, 1, 2],  // {"Pattern": object 2}
            [0x57] + Array("Pattern".utf8),
            [0xAF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)] + [UInt8](repeating: 3, count: count),  // 1000 × object 3
            [0xD1, 4, 5],  // {"Event": object 5}
            [0x55] + Array("Event".utf8),
            [0xD2, 6, 7, 8, 9],  // {"Time": 0, "EventType": "HapticTransient"}
            [0x54] + Array("Time".utf8),
            [0x59] + Array("EventType".utf8),
            [0x10, 0x00],
            [0x5F, 0x10, 0x0F] + Array("HapticTransient".utf8),
        ]
        let bytes = SharedReferencePropertyList.assemble(objects)
        let document = try PropertyListPattern.read(Data(bytes), file: "shared.plist", limits: .default, waveformPaths: .unrestricted)
        #expect(document.pattern.events.count == count && document.pattern.events.allSatisfy { $0.type == .hapticTransient })
        // A list whose object refers to itself is refused before Foundation follows it.
        let cycle = SharedReferencePropertyList.assemble([[0xD1, 1, 2], [0x57] + Array("Pattern".utf8), [0xA1, 2]])
        #expect {
            try PropertyListPattern.read(Data(cycle), file: "cycle.plist", limits: .default, waveformPaths: .unrestricted)
        } throws: { error in
            (error as? PatternError)?.code == .invalidPatternDictionary
                && (error as? PatternError)?.message.contains("refers to itself") == true
        }
    }
}
