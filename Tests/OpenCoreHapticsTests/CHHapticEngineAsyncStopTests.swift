#if !OPENCOREHAPTICS_COMPATIBILITY_TEST
import HapticDevices
import HapticSystem
import OpenCoreHaptics
import Testing

/// An app's engine subclass written against Apple's declaration `func stop() async throws`: it must compile as an
/// override here, and calls through the base class must reach it.
final class LoggingHapticEngine: CHHapticEngine, @unchecked Sendable {
    let stops = LockedState(0)

    override func stop() async throws {
        stops.withLock { $0 += 1 }
        try await super.stop()
    }
}

@Suite struct CHHapticEngineAsyncStopTests {
    @Test func stopIsAsyncThrowsAsAppleDeclaresIt() async throws {
        // The subclass inherits Core Haptics' designated `init()`; the output comes from the task's device source.
        let quiet = CHHapticEngine.DeviceSource(output: { NullDevice() }, hardware: { [] })
        let engine = try CHHapticEngine.$taskDeviceSource.withValue(quiet) { try LoggingHapticEngine() }
        try await engine.start()
        let base: CHHapticEngine = engine
        try await base.stop()  // Apple's spelling; the override runs
        #expect(engine.stops.withLock { $0 } == 1)
        // The override stopped the engine through super: a fresh start works again, as after any stop.
        try await engine.start()
        try await engine.stop()
        #expect(engine.stops.withLock { $0 } == 2)
    }
}
#endif
