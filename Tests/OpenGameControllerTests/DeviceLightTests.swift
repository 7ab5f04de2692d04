import Foundation
import HapticDevices
import HapticSystem
import Testing

@testable import OpenGameController

/// A pad's light and player LEDs as a test sees them: every colour and LED pattern written, in order.
final class RecordedLights: PadLightOutput {
    let hasColor: Bool
    let playerLEDCount: Int
    private let state: LockedState<(colors: [[Float]], leds: [[Bool]], current: [Float]?, failure: DeviceError?)>

    init(hasColor: Bool, playerLEDCount: Int, current: [Float]? = nil) {
        self.hasColor = hasColor
        self.playerLEDCount = playerLEDCount
        state = LockedState(([], [], current, nil))
    }

    var currentColor: (red: Float, green: Float, blue: Float)? {
        state.withLock { $0.current }.map { ($0[0], $0[1], $0[2]) }
    }
    var colors: [[Float]] { state.withLock { $0.colors } }
    var leds: [[Bool]] { state.withLock { $0.leds } }
    /// Every later write fails with `error` (`nil`: they succeed).
    func fail(with error: DeviceError?) { state.withLock { $0.failure = error } }

    func setColor(red: Float, green: Float, blue: Float) throws(DeviceError) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        state.withLock { $0.colors.append([red, green, blue]) }
    }

    func setPlayerLEDs(_ lit: [Bool]) throws(DeviceError) {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        state.withLock { $0.leds.append(lit) }
    }
}

extension GameControllerSuites {
    /// `GCDeviceLight`, `GCColor` and `playerIndex` on the player LEDs (issue 35, item 3).
    @Suite struct DeviceLightTests {
        static let pad = ControllerInfo(
            id: "scripted:ds", name: "Scripted DualSense", category: .dualSense, actuators: .twoHandles, hapticDeviceID: "scripted:ds")
        static let plain = ControllerInfo(
            id: "scripted:plain", name: "Scripted Plain Pad", category: .generic, actuators: .twoHandles, hapticDeviceID: "scripted:plain")

        @Test func theLightBarTakesTheColourAndThePlayerIndexLightsTheLEDs() throws {
            let scripted = ScriptedControllerSource([Self.pad, Self.plain])
            let lights = RecordedLights(hasColor: true, playerLEDCount: 5, current: [0, 0, 0.5])
            scripted.setLights(lights, for: Self.pad.id)
            let registry = ControllerRegistry(source: scripted.source, clock: .manual, watchesHotPlug: false)
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            let controllers = GCController.controllers()
            let pad = try #require(controllers.first { $0.vendorName == Self.pad.name })
            let plain = try #require(controllers.first { $0.vendorName == Self.plain.name })
            let light = try #require(pad.light)
            #expect(light.color == GCColor(red: 0, green: 0, blue: 0.5), "what the light bar shows at first")
            light.color = GCColor(red: 1, green: 0.5, blue: 2)
            #expect(lights.colors == [[1, 0.5, 1]] && light.color.blue == 1, "clamped to 0 … 1")
            // hid-playstation's player patterns; unset turns them off.
            for (index, pattern) in [
                (GCControllerPlayerIndex.index1, [false, false, true, false, false]), (.index2, [false, true, false, true, false]),
                (.index3, [true, false, true, false, true]), (.index4, [true, true, false, true, true]),
                (.indexUnset, [false, false, false, false, false]),
            ] {
                pad.playerIndex = index
                #expect(lights.leds.last == pattern, "\(index)")
            }
            #expect(GCController.playerLEDs(.index3, count: 4) == [false, false, true, false], "a pad with four: the LED of that number")
            // A write that fails keeps the colour asked for (the error is logged once).
            lights.fail(with: DeviceError(.permissionDenied, "multi_intensity: open for writing: permission denied"))
            light.color = GCColor(red: 0, green: 1, blue: 0)
            #expect(light.color == GCColor(red: 0, green: 1, blue: 0) && lights.colors.count == 1)
            pad.playerIndex = .index2
            #expect(pad.playerIndex == .index2)
            // A pad without LEDs: no light, and the player index is the game's record only.
            #expect(plain.light == nil)
            plain.playerIndex = .index1
            #expect(plain.playerIndex == .index1 && pad.capture().light == nil)
        }
    }
}
