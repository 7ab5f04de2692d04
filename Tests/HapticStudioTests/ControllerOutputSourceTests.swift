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

/// The catalog passes an ID on to the source that owns it: the device source comes first and must not refuse a
/// controller's ID (issue 21: every game-controller output failed with `notFound`).
struct StudioOutputsRoutingTests {
    @Test func aControllerOutputBehindTheDeviceSourceOpens() throws {
        let registry = ControllerRegistry(
            environment: ["HAPTIC_CONTROLLERS": "simulated:xbox", "HAPTIC_INPUT_DIR": "/nonexistent"], clock: .manual, watchesHotPlug: false
        )
        let outputs = StudioOutputs(sources: [DeviceOutputSource(commandLineID: "null"), ControllerOutputSource(registry: registry)])
        let known = outputs.list()
        #expect(known.contains { $0.id == "controller:1/leftHandle" })
        #expect(try DeviceOutputSource(commandLineID: "null").makeEngine(for: "controller:1/leftHandle") == nil)
        let engine = try outputs.makeEngine(for: "controller:1/leftHandle", among: known)
        try engine.start()
        engine.stop()
        #expect(try outputs.makeEngine(for: "null", among: known) !== engine, "device IDs still open on the device source")
        #expect(throws: StudioError.self) { try DeviceOutputSource(commandLineID: "null").makeEngine(for: "simulated:nonexistent") }
    }
}
