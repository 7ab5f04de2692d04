// The engine's property-list entry points (and so the C ABI's PlayPatternFromUrl, which calls them) go through the
// bounded reader. Uses package test support, so not a compatibility test.
#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import Foundation
import HapticTestSupport
import OpenCoreHaptics
import Testing

@Suite struct PropertyListEntryPointTests {
    /// Issue 32: through the C ABI's `PlayPatternFromUrl`, 505 bytes of shared references never returned.
    @Test func playPatternRefusesAListOfSharedReferencesAtOnce() throws {
        let rig = EngineTestRig()
        let file = try Fixtures.temporaryDirectory().appendingPathComponent("shared.plist")
        let bytes = SharedReferencePropertyList.crafted505
        try Data(bytes).write(to: file)
        let started = ContinuousClock.now
        for play in [{ try rig.engine.playPattern(from: file) }, { try rig.engine.playPattern(from: Data(bytes)) }] {
            #expect {
                try play()
            } throws: { error in
                let error = error as? CHHapticError
                return error?.code == .invalidPatternData && error?.localizedDescription.contains("PatternLimits.maxValues") == true
            }
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
#endif
