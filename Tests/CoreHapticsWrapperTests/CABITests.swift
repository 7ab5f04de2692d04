import CCoreHapticsWrapper
import Testing

/// The C ABI, called as C calls it. One serialized suite: the C callbacks share one log.
@Suite(.serialized) struct CABITests {
    /// A started engine's handle, made through the C ABI (the default device: the simulated actuator here).
    static func startedEngine() throws -> UnsafeMutableRawPointer {
        CallbackLog.shared.clear()
        let engine = try #require(CoreHaptics_CHHapticEngine_Create(Callbacks.createError, Callbacks.stopped, nil))
        CoreHaptics_CHHapticEngine_Start(engine, Callbacks.error)
        #expect(CallbackLog.shared.errors.isEmpty)
        return engine
    }

    /// The errors received for one handle.
    static func errors(for handle: UnsafeRawPointer?) -> [CallbackLog.ReceivedError] {
        CallbackLog.shared.errors.filter { $0.pointer == UInt(bitPattern: handle) }
    }
}
