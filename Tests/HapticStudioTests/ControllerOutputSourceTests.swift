import HapticTestSupport
import OpenGameController
import Testing

@testable import HapticStudio

/// The studio offers every game controller's localities as outputs and plays through their engines.
struct ControllerOutputSourceTests {
    @Test func controllersLocalitiesAreOutputs() throws {
        let registry = ControllerRegistry(
            environment: ["HAPTIC_CONTROLLERS": "simulated:generic,simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"], clock: .manual,
            watchesHotPlug: false)
        let source = ControllerOutputSource(registry: registry)
        let ids = source.outputs().map(\.id)
        #expect(ids.contains("controller:1/leftHandle") && ids.contains("controller:2/leftTrigger"))
        #expect(!ids.contains("controller:1/triggers"), "the generic pad has no trigger motors")
        #expect(source.outputs().allSatisfy { $0.kind == "controller" })
        let engine = try #require(try source.makeEngine(for: "controller:2/rightHandle"))
        try engine.start()
        engine.stop()
        #expect(try source.makeEngine(for: "simulated") == nil, "not a controller ID")
        #expect(throws: StudioError.self) { try source.makeEngine(for: "controller:9/default") }
        #expect(throws: StudioError.self) { try source.makeEngine(for: "controller:1/triggers") }
    }
}
