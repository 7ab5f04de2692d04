#if os(Linux)
import Foundation
import Glibc
import HapticTestSupport
import Testing

/// The readers bounded, end to end (issue 32): a 291-byte property list took 4.3 s and 196 MB to validate and a
/// 505-byte one 5 GB.
@Suite struct ReaderBoundsCommandTests {
    @Test(arguments: [291, 505])
    func validateRefusesAPropertyListOfSharedReferencesAtOnce(size: Int) throws {
        let file = try Fixtures.temporaryDirectory().appendingPathComponent("shared-\(size).plist")
        try Data(size == 291 ? SharedReferencePropertyList.crafted291 : SharedReferencePropertyList.crafted505).write(to: file)
        let started = ContinuousClock.now
        // The memory cap turns the old behaviour (gigabytes) into a quick failure instead of a machine out of memory.
        let result = try CommandRunner.haptic(["validate", file.path], timeout: 60, memoryLimitKiB: 1 << 20)
        #expect(result.status == 1 && !result.signaled, "\(result.stderr)")
        #expect(
            result.stderr.contains("PatternLimits.maxValues") && result.stderr.contains("(invalidPatternData, -4813)"), "\(result.stderr)")
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
#endif
