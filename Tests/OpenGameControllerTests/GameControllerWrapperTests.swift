import CCoreHapticsWrapper
import CGameControllerWrapper
import Foundation
import HapticSystem
import OpenCoreHaptics
import Testing

@testable import GameControllerWrapper
@testable import OpenGameController

extension GameControllerSuites {
    /// Apple's Unity GameController plug-in's entry points on simulated pads, called as its C# calls them.
    @Suite struct GameControllerWrapperTests {
        /// The connected controllers as the plug-in reads them: id, category and vendor strings.
        static func listed() -> [(id: String, category: String, hasHaptics: Bool)] {
            let response = CGameControllerWrapper.GameControllerWrapper_GetConnectedControllers()
            return (0..<Int(response.controllerCount)).map { index in
                let c = response.controllers[index]
                return (String(cString: c.uniqueId), String(cString: c.productCategory), c.hasHaptics)
            }
        }

        @Test func aSimulatedPadIsListedWithAnIDItsPollAndGlyphsUse() throws {
            let pads = try SimulatedPads(["dualsense", "xbox"])
            _ = pads
            let listed = Self.listed()
            #expect(listed.map(\.category) == ["DualSense", "Xbox One"])
            #expect(listed.allSatisfy { $0.hasHaptics })
            #expect(Set(listed.map(\.id)).count == 2, "each controller has its own id")
            #expect(Self.listed().map(\.id) == listed.map(\.id), "and keeps it")

            let dualSense = listed[0].id
            #expect(setInput(dualSense, 3, 1))  // ButtonA
            #expect(setInput(dualSense, 13, -0.5))  // ThumbstickLeftHorizontal
            #expect(setInput(dualSense, 20, 0.25))  // TouchpadPrimaryHorizontal
            let state = CGameControllerWrapper.GameControllerWrapper_PollController(dualSense)
            #expect(state.buttonA == 1)
            #expect(state.buttonB == 0)
            #expect(state.thumbstickLeftHorizontal == -0.5)
            #expect(state.touchpadPrimaryHorizontal == 0.25)
            #expect(state.batteryState == -1, "no battery yet: Apple's unknown")
            #expect(!setInput(listed[1].id, 19, 1), "an Xbox pad has no touchpad")

            let unknown = CGameControllerWrapper.GameControllerWrapper_PollController("not-an-id")
            #expect(unknown.buttonA == 0 && unknown.batteryState == -1)
        }

        @Test func glyphsArePNGsOfTheScaleAskedAndNoneForAnInputThePadLacks() throws {
            let pads = try SimulatedPads(["xbox"])
            _ = pads
            let id = try #require(Self.listed().first).id
            for (scale, size) in [(Int32(1), Int32(32)), (2, 48), (3, 64)] {
                let glyph = CGameControllerWrapper.GameControllerWrapper_GetSymbolForInputName(id, 3, scale, 0)
                #expect(glyph.width == size && glyph.height == size)
                let bytes = Array(UnsafeBufferPointer(start: glyph.data, count: Int(glyph.dataLength)))
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature")
            }
            let a = CGameControllerWrapper.GameControllerWrapper_GetSymbolForInputName(id, 3, 2, 0)
            let b = CGameControllerWrapper.GameControllerWrapper_GetSymbolForInputName(id, 4, 2, 0)
            let aBytes = Array(UnsafeBufferPointer(start: a.data, count: Int(a.dataLength)))
            let bBytes = Array(UnsafeBufferPointer(start: b.data, count: Int(b.dataLength)))
            #expect(aBytes != bBytes, "A and B are drawn differently")
            let none = CGameControllerWrapper.GameControllerWrapper_GetSymbolForInputName(id, 19, 2, 0)
            #expect(none.width == 0 && none.dataLength == 0 && none.data == nil, "no touchpad on an Xbox pad")
            let unknown = CGameControllerWrapper.GameControllerWrapper_GetSymbolForInputName("not-an-id", 3, 2, 0)
            #expect(unknown.dataLength == 0)
        }

        @Test func theHapticsEngineIsACoreHapticsWrapperEngineThatPlaysOnThePad() throws {
            let pads = try SimulatedPads(["xbox"])
            let id = try #require(Self.listed().first).id
            let handle = try #require(createEngine(id, nil))
            let controller = try #require(GCController.controllers().first)
            let engine = try #require(ControllerEngines.shared.engine(of: controller))
            CoreHaptics_CHHapticEngine_Start(handle, ErrorCount.callback)
            let pattern = """
                {"Pattern":[{"Event":{"Time":0,"EventType":"HapticContinuous","EventDuration":0.3,
                "EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1},
                {"ParameterID":"HapticSharpness","ParameterValue":0.5}]}}]}
                """
            CoreHaptics_CHHapticEngine_PlayPatternFromJson(handle, pattern, ErrorCount.callback)
            engine.advance(bySeconds: 0.5)
            CoreHaptics_CHHapticEngine_Destroy(handle)
            #expect(ErrorCount.reported.withLock { $0 } == 0, "the Core Haptics entry points take the handle")
            let recording = try pads.recording(0)
            #expect(
                rms(recording.channels[0], Int(0.1 * Double(recording.sampleRate))..<Int(0.3 * Double(recording.sampleRate))) > 0.05,
                "the pad's left motor moved")
            #expect(createEngine("not-an-id", nil) == nil)
        }
    }
}

/// Counts the errors the C ABI reports to ``callback``.
enum ErrorCount {
    static let reported = LockedState(0)
    static let callback: CHWErrorWithPointerCallback = { _, _ in ErrorCount.reported.withLock { $0 += 1 } }
}

/// The C entry point (not the Swift function of the same name) setting a simulated input.
private func setInput(_ id: String, _ name: Int32, _ value: Float) -> Bool {
    CGameControllerWrapper.OpenGameController_SetSimulatedInput(id, name, value)
}

/// The C entry point (not the Swift function of the same name) making a controller's engine.
private func createEngine(_ id: String, _ onError: GCWErrorCallback?) -> UnsafeMutableRawPointer? {
    CGameControllerWrapper.GameControllerWrapper_CreateHapticsEngine(id, onError)
}
